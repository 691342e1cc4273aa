import type { Dispatcher } from 'undici';
import type { ChannelProbeRequest, ChannelProbeResult } from '../../domain/channels/channel-probe.types';
import { encodeSilentWav } from '../../lib/silent-wav';
import { chatProviderFor, transcriptionProviderFor } from '../providers/registry';
import type { ChatRequestBody, UpstreamErrorInfo, UpstreamHttpRequest, UpstreamTarget } from '../providers/types';
import type { UpstreamClient } from './upstream-client';

/** A test never waits longer than this, whatever the channel's own total budget. */
const PROBE_BUDGET_MS = 30_000;
const BODY_LIMIT = 256 * 1024;
const REPLY_LIMIT = 200;
const PROBE_AUDIO_SECONDS = 0.5;

interface ProbeExchange {
  request: UpstreamHttpRequest;
  /** The start of the answer's text; throws when the answer is not the protocol's shape. */
  readReply(json: unknown): string;
  classifyError(status: number, body: unknown): UpstreamErrorInfo;
}

/** Reasoning models refuse `max_tokens` on OpenAI's API; every adapter maps `max_completion_tokens`. */
function pingBody(req: ChannelProbeRequest): ChatRequestBody {
  const body: ChatRequestBody = { model: req.modelId, messages: [{ role: 'user', content: 'ping' }], stream: false };
  if (req.modelType === 'REASONING') body.max_completion_tokens = 8;
  else body.max_tokens = 8;
  return body;
}

function exchangeFor(req: ChannelProbeRequest): ProbeExchange | string {
  const target: UpstreamTarget = { baseUrl: req.baseUrl, apiKey: req.apiKey, upstreamModel: req.upstreamModel, maxOutputTokens: req.maxOutputTokens };
  if (req.modelType === 'SPEECH_TO_TEXT') {
    const provider = transcriptionProviderFor(req.protocol);
    if (!provider) return `No speech-to-text adapter for protocol ${req.protocol}.`;
    return {
      request: provider.buildTranscriptionRequest({ data: encodeSilentWav(PROBE_AUDIO_SECONDS), format: 'wav' }, target, {}),
      readReply: (json) => provider.parseTranscriptionResponse(json).text,
      classifyError: (status, body) => provider.classifyError(status, body),
    };
  }
  const provider = chatProviderFor(req.protocol);
  if (!provider) return `No chat adapter for protocol ${req.protocol}.`;
  return {
    request: provider.buildChatRequest(pingBody(req), target, { stream: false }),
    readReply: (json) => {
      const ctx = { model: req.modelId, requestId: 'channel-test', created: Math.floor(Date.now() / 1000) };
      return provider.parseChatResponse(json, ctx).completion.choices[0]?.message.content ?? '';
    },
    classifyError: (status, body) => provider.classifyError(status, body),
  };
}

/** JSON when it parses, else the text; at most BODY_LIMIT bytes are read. */
async function readBody(body: Dispatcher.ResponseData['body']): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > BODY_LIMIT) break;
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function describeThrown(err: unknown, signal: AbortSignal, budgetMs: number, firstByteTimeoutMs: number): string {
  if (signal.aborted) return `The upstream did not answer completely within ${budgetMs} ms.`;
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return `The upstream sent nothing within ${firstByteTimeoutMs} ms.`;
  const message = err instanceof Error ? err.message : String(err);
  return code ? `${code}: ${message}` : message;
}

/**
 * One small real request through the channel's adapter: a one-word chat capped at 8 tokens, or
 * half a second of silence for speech-to-text. Uses the data plane's connection pools but none
 * of its billing, usage logging or breakers.
 */
export async function probeChannel(client: UpstreamClient, req: ChannelProbeRequest): Promise<ChannelProbeResult> {
  let exchange: ProbeExchange | string;
  try {
    exchange = exchangeFor(req);
  } catch (err) {
    exchange = `The adapter could not build the test request: ${(err as Error).message}`;
  }
  if (typeof exchange === 'string') return { ok: false, status: null, latencyMs: null, error: exchange, keyInvalid: false };

  const budgetMs = Math.min(req.totalTimeoutMs, PROBE_BUDGET_MS);
  const signal = AbortSignal.timeout(budgetMs);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await client.send(exchange.request, { signal, headersTimeoutMs: req.firstByteTimeoutMs, bodyTimeoutMs: budgetMs });
    const body = await readBody(response.body);
    const latencyMs = elapsed();
    const status = response.statusCode;
    if (status < 200 || status >= 300) {
      // A body that is not the vendor's JSON error is not echoed: the base URL may point at a
      // server whose pages must not be read through the gateway.
      const errorBody = typeof body === 'string' ? { error: { message: `HTTP ${status} without a JSON error body` } } : body;
      const info = exchange.classifyError(status, errorBody);
      return { ok: false, status, latencyMs, error: info.message, keyInvalid: info.keyInvalid };
    }
    try {
      return { ok: true, status, latencyMs, reply: exchange.readReply(body).slice(0, REPLY_LIMIT) };
    } catch (err) {
      return { ok: false, status, latencyMs, error: `The upstream's answer is not a valid ${req.protocol} response: ${(err as Error).message}`, keyInvalid: false };
    }
  } catch (err) {
    return { ok: false, status: null, latencyMs: elapsed(), error: describeThrown(err, signal, budgetMs, req.firstByteTimeoutMs), keyInvalid: false };
  }
}
