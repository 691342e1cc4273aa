import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { drained } from '../../lib/drained';
import { buildGeminiSpeechRequest, parseGeminiSpeechResponse } from '../providers/gemini-media/speech';
import { classifyGeminiError } from '../providers/gemini/errors';
import type { SpeechUsage, SynthesisRequest } from '../providers/media-request';
import { buildOpenAISpeechRequest, speechEventOf } from '../providers/openai-media/speech';
import { openAIChatProvider } from '../providers/openai/openai-provider';
import { decodeSse } from '../sse/sse-decoder';
import { AttemptControl } from '../upstream/attempt-control';
import { failureFromError, openUpstream } from '../upstream/upstream-call';
import { failCall, failoverPlan, targetFor } from './admitted-call';
import { runWithFailover, type AttemptOutcome } from './failover';
import type { GatewayDeps } from './gateway-deps';
import { attemptJson, noAdapterFailure } from './json-attempt';
import type { MediaCall } from './media-admission';
import { settleMedia, speechUsage } from './media-settle';
import { recordStreamEnd, type MediaStreamEnd } from './media-stream-end';
import { usageCostOf, type UsageCost } from './price-report';

const CONTENT_TYPES: Record<SynthesisRequest['format'], string> = {
  mp3: 'audio/mpeg', opus: 'audio/opus', aac: 'audio/aac', flac: 'audio/flac', wav: 'audio/wav', pcm: 'audio/pcm',
};
const SSE_TYPE = 'text/event-stream; charset=utf-8';
/** Gemini's whole answer goes out as deltas of this many audio bytes, as OpenAI's stream does. */
const DELTA_BYTES = 32 * 1024;

/**
 * The caller's end of a speech answer: audio bytes (headers on the first write, so a failure
 * before it can still fail over) or `speech.audio.*` events, every write waiting for the socket
 * to drain, so a slow listener slows the upstream read instead of growing memory.
 */
class SpeechWriter {
  private committed = false;

  constructor(private readonly res: ServerResponse, private readonly media: SynthesisRequest, private readonly audioType: string) {}

  /** Audio bytes, as bytes or as one delta event; false when the caller has gone. */
  audio(bytes: Uint8Array): Promise<boolean> | boolean {
    if (bytes.byteLength === 0) return !this.res.destroyed;
    return this.media.streamFormat === 'sse' ? this.event({ type: 'speech.audio.delta', audio: Buffer.from(bytes).toString('base64') }) : this.write(bytes);
  }

  event(event: Record<string, unknown>): Promise<boolean> | boolean {
    return this.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  /** `cost`: the settled charge for a caller who asked for it, in the `done` event's usage. */
  end(usage: SpeechUsage | null, cost: UsageCost | undefined): void {
    if (this.media.streamFormat === 'sse') {
      const tokens = usage ? { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens } : undefined;
      const done = { type: 'speech.audio.done', ...(tokens || cost ? { usage: { ...tokens, ...cost } } : {}) };
      void this.write(`data: ${JSON.stringify(done)}\n\n`);
    }
    this.commit();
    this.res.end();
  }

  private commit(): void {
    if (this.committed || this.res.destroyed) return;
    this.committed = true;
    this.res.writeHead(200, this.media.streamFormat === 'sse'
      ? { 'content-type': SSE_TYPE, 'cache-control': 'no-cache', 'x-accel-buffering': 'no' }
      : { 'content-type': this.audioType, 'x-accel-buffering': 'no' });
  }

  private write(data: string | Uint8Array): Promise<boolean> | boolean {
    if (this.res.destroyed) return false;
    this.commit();
    if (this.res.write(data)) return true;
    return drained(this.res).then(() => !this.res.destroyed);
  }
}

interface SpeechServed {
  end: MediaStreamEnd;
  usage: SpeechUsage | null;
}

/**
 * Speech synthesis. OpenAI-compatible channels stream: the audio passes through as it comes (or
 * as events), failing over only until its first bytes. A token-priced model's upstream is asked
 * for events whatever the caller wants, because only their final event reports the tokens billed;
 * the gateway unwraps the audio again for a caller who asked for bytes. Gemini channels answer
 * whole (24 kHz PCM), given as wav or pcm. Billed: every character of the input (character
 * prices) and the reported tokens (token prices).
 */
export async function serveSpeech(deps: GatewayDeps, call: MediaCall, res: ServerResponse): Promise<void> {
  const media = call.media;
  if (media.kind !== 'speech') throw new Error('not a speech call');
  const writer = new SpeechWriter(res, media, CONTENT_TYPES[media.format]);
  const result = await runWithFailover(deps, failoverPlan(deps, call), call.trace, async (picked): Promise<AttemptOutcome<SpeechServed>> => {
    const target = targetFor(picked, call.model);
    if (picked.channel.protocol === 'GEMINI') {
      const whole = await attemptJson(deps.upstream, picked.channel, call.model.modelId, call.client, { classifyError: classifyGeminiError }, () => buildGeminiSpeechRequest(media, target), (json) => parseGeminiSpeechResponse(json, media));
      if (whole.kind === 'failed') return whole;
      call.trace.firstToken();
      call.charge.delivering();
      for (let at = 0; at < whole.value.audio.length; at += DELTA_BYTES) {
        if (!(await writer.audio(whole.value.audio.subarray(at, at + DELTA_BYTES)))) return { kind: 'served', value: { end: { status: 'CLIENT_GONE' }, usage: whole.value.usage } };
      }
      return { kind: 'served', value: { end: { status: 'COMPLETED' }, usage: whole.value.usage } };
    }
    if (picked.channel.protocol !== 'OPENAI') return { kind: 'failed', failure: noAdapterFailure(picked.channel.protocol, 'speech') };
    const sse = media.streamFormat === 'sse' || call.model.prices.outputPrice > 0n;
    const control = new AttemptControl(picked.channel, call.client);
    try {
      const opened = await openUpstream(deps.upstream, openAIChatProvider, picked.channel, buildOpenAISpeechRequest(call.request.raw, target, { sse }), control, { firstByteOnHeaders: false, modelId: call.model.modelId });
      if (!opened.ok) return { kind: 'failed', failure: opened.failure };
      const body = opened.response.body as Readable;
      return sse ? await relaySpeechEvents(body, writer, control, call) : await relayAudioBytes(body, writer, control, call);
    } finally {
      control.dispose();
    }
  });
  if (result.kind === 'failed') return failCall(call, result);
  await settleMedia(deps, call, result.picked, speechUsage(call, result.value.usage));
  const code = recordStreamEnd(deps, result.picked, call.trace, result.value.end);
  if (result.value.end.status === 'CLIENT_GONE') return;
  // Audio cannot carry an error: a failure after the first bytes cuts the response (the caller sees a broken download).
  if (code) {
    if (media.streamFormat === 'sse') await writer.event({ type: 'error', error: { message: 'The upstream failed mid-stream.', type: 'upstream_error', code } });
    res.destroy();
    return;
  }
  writer.end(result.value.usage, call.request.includeCost ? usageCostOf(call.trace.cost, call.price.rate) : undefined);
}

/** The first chunk decides failover; from then on the bytes are the caller's. */
async function relayAudioBytes(body: Readable, writer: SpeechWriter, control: AttemptControl, call: MediaCall): Promise<AttemptOutcome<SpeechServed>> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let started = false;
  try {
    for (;;) {
      const next = await chunks.next();
      if (next.done) break;
      if (!started) {
        started = true;
        control.firstByte();
        call.trace.firstToken();
        call.charge.delivering();
      }
      if (!(await writer.audio(next.value))) return { kind: 'served', value: { end: { status: 'CLIENT_GONE' }, usage: null } };
    }
  } catch (err) {
    const failure = failureFromError(err, control);
    if (!started) return { kind: 'failed', failure };
    return { kind: 'served', value: { end: failure.kind === 'CLIENT_GONE' ? { status: 'CLIENT_GONE' } : { status: 'FAILED', failure }, usage: null } };
  }
  if (!started) return { kind: 'failed', failure: { kind: 'ERROR', status: 200, message: 'the upstream sent no audio', retryable: true, keyInvalid: false } };
  return { kind: 'served', value: { end: { status: 'COMPLETED' }, usage: null } };
}

/** `speech.audio.delta` events to the caller (as events or unwrapped to bytes); the `done` event's usage is what is billed. */
async function relaySpeechEvents(body: Readable, writer: SpeechWriter, control: AttemptControl, call: MediaCall): Promise<AttemptOutcome<SpeechServed>> {
  let started = false;
  let usage: SpeechUsage | null = null;
  try {
    for await (const event of decodeSse(body)) {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(event.data) as Record<string, unknown>;
      } catch {
        continue;
      }
      const speech = speechEventOf(parsed);
      if (!speech) continue;
      if ('usage' in speech) {
        usage = speech.usage;
        continue;
      }
      if (!started) {
        started = true;
        control.firstByte();
        call.trace.firstToken();
        call.charge.delivering();
      }
      if (!(await writer.audio(speech.audio))) return { kind: 'served', value: { end: { status: 'CLIENT_GONE' }, usage } };
    }
  } catch (err) {
    const failure = failureFromError(err, control);
    if (!started) return { kind: 'failed', failure };
    return { kind: 'served', value: { end: failure.kind === 'CLIENT_GONE' ? { status: 'CLIENT_GONE' } : { status: 'FAILED', failure }, usage } };
  }
  if (!started) return { kind: 'failed', failure: { kind: 'ERROR', status: 200, message: 'the upstream sent no audio', retryable: true, keyInvalid: false } };
  return { kind: 'served', value: { end: { status: 'COMPLETED' }, usage } };
}
