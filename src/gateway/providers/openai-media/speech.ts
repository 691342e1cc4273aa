import { openAIUrl } from '../openai/request';
import type { SpeechUsage } from '../media-request';
import type { UpstreamHttpRequest, UpstreamTarget } from '../types';

/**
 * The caller's body for an OpenAI-compatible channel, as it came except `model`. `sse`: the
 * upstream is asked for events even when the caller wants bytes, because only the events carry
 * the token usage a token-priced model is billed by (the gateway unwraps them again).
 */
export function buildOpenAISpeechRequest(raw: Record<string, unknown>, target: UpstreamTarget, options: { sse: boolean }): UpstreamHttpRequest {
  const body = { ...raw, model: target.upstreamModel, ...(options.sse ? { stream_format: 'sse' } : {}) };
  return {
    method: 'POST',
    url: openAIUrl(target.baseUrl, '/audio/speech'),
    headers: { 'content-type': 'application/json', accept: options.sse ? 'text/event-stream' : '*/*', ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}) },
    body: JSON.stringify(body),
  };
}

const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** One `speech.audio.*` event: its audio bytes (delta) or its usage (done); null for anything else. */
export function speechEventOf(event: Record<string, unknown>): { audio: Buffer } | { usage: SpeechUsage | null } | null {
  if (event.type === 'speech.audio.delta' && typeof event.audio === 'string') return { audio: Buffer.from(event.audio, 'base64') };
  if (event.type !== 'speech.audio.done') return null;
  const usage = event.usage as { input_tokens?: unknown; output_tokens?: unknown } | undefined;
  return { usage: usage ? { inputTokens: count(usage.input_tokens), outputTokens: count(usage.output_tokens) } : null };
}
