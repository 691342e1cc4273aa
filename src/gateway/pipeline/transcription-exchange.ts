import type { ServerResponse } from 'node:http';
import { settleCostOf } from './settle-cost';
import type { PickedChannel } from '../../domain/routing/channel-picker';
import { chunkOf, completionOf, usageChunkOf } from '../providers/openai-shape';
import { transcriptionProviderFor } from '../providers/registry';
import type { ChatCompletionChunk, TranscriptionResult, Usage } from '../providers/types';
import { SseWriter } from '../sse/sse-writer';
import type { SpeechInput } from './audio-input';
import type { GatewayDeps } from './gateway-deps';
import { failCall, failoverPlan, targetFor, type AdmittedCall } from './admitted-call';
import { runWithFailover, type AttemptOutcome } from './failover';
import { attemptJson, noAdapterFailure } from './json-attempt';

/** A speech-to-text request: the chat shape in, a transcription upstream, the chat shape out. */
export interface TranscriptionCall extends AdmittedCall {
  audio: SpeechInput;
}

/**
 * A speech-to-text request, from the audio surfaces (a multipart upload, answered in the
 * caller's `response_format` by the surface) or from a chat surface (an `input_audio` part,
 * answered as the assistant message, as JSON or as a short SSE stream; DESIGN §3). The audio is
 * posted to a channel's transcription (or translation) endpoint with failover like any JSON
 * exchange: the transcript is whole before the caller sees a byte. Billed by audio duration.
 */
export async function serveTranscription(deps: GatewayDeps, call: TranscriptionCall, res: ServerResponse): Promise<void> {
  const result = await runWithFailover(
    deps,
    failoverPlan(deps, call),
    call.trace,
    async (picked): Promise<AttemptOutcome<TranscriptionResult>> => {
      const provider = transcriptionProviderFor(picked.channel.protocol);
      if (!provider) return { kind: 'failed', failure: noAdapterFailure(picked.channel.protocol, 'transcription') };
      return attemptJson(
        deps.upstream,
        picked.channel,
        call.model.modelId,
        call.client,
        provider,
        () => provider.buildTranscriptionRequest({ data: call.audio.data, format: call.audio.format }, targetFor(picked, call.model), call.request.speech?.options ?? {}),
        (body) => provider.parseTranscriptionResponse(body),
      );
    },
  );
  if (result.kind === 'failed') return failCall(call, result);

  deps.breakers.onSuccess(result.picked.channel.id);
  const transcript = result.value;
  const usage: Usage = { promptTokens: transcript.tokens?.input ?? 0, completionTokens: transcript.tokens?.output ?? 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  await settleTranscription(deps, call, result.picked, billedMs(call.audio, transcript), usage);
  call.trace.firstToken();
  const rendered = call.surface.renderTranscript?.(transcript, call.request);
  if (rendered) {
    res.writeHead(200, { 'content-type': rendered.contentType, 'content-length': Buffer.byteLength(rendered.body) });
    res.end(rendered.body);
    return;
  }
  if (call.body.stream === true) {
    const includeUsage = call.body.stream_options?.include_usage === true;
    new SseWriter(res, 0).end(transcriptEvents(call, transcript.text, usage, includeUsage));
    return;
  }
  const payload = JSON.stringify(completionOf(call.responseContext, { text: transcript.text, toolCalls: [], finishReason: 'stop', usage }));
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/**
 * What the upstream reports is billed (issue 12.1: never the file header's shorter claim). An
 * upstream that reports nothing is billed the header's duration, which was checked against the
 * file's size, else the size bound the hold was made of. Billing charges it in full as far as
 * the balance and the key's cap reach, and records and alerts what it cannot cover.
 */
function billedMs(audio: SpeechInput, transcript: TranscriptionResult): number {
  return transcript.durationMs ?? audio.headerMs ?? audio.maxMs;
}

async function settleTranscription(deps: GatewayDeps, call: TranscriptionCall, picked: PickedChannel, audioMs: number, usage: Usage): Promise<void> {
  // A transcription holds no output allowance: its transcript tokens, when reported, are not capped
  // here. Its audio is bounded by the file the gateway measured: a report above that is an anomaly.
  const { billed, cost, audioOverCap, upstreamCost } = settleCostOf(
    call.model, { ...usage, audioMs }, { completionCap: null, audioMsCap: call.audio.maxMs }, picked.group.multiplier, picked.channel,
  );
  const trace = call.trace;
  const channelId = trace.attempts.at(-1)?.channelId;
  if (audioOverCap > 0) {
    deps.chargeAnomalies.recordAudioOverCap({ requestId: trace.requestId, channelId: channelId ?? null, reportedMs: audioMs, capMs: call.audio.maxMs });
  }
  trace.upstreamBilled(upstreamCost);
  trace.billed(cost, await call.charge.settle(cost, channelId));
  call.price.onCharge(trace.cost);
  trace.audioMs = billed.audioMs;
  trace.promptTokens = billed.promptTokens;
  trace.completionTokens = billed.completionTokens;
}

function transcriptEvents(call: TranscriptionCall, text: string, usage: Usage, includeUsage: boolean): string {
  const ctx = call.responseContext;
  const chunks: ChatCompletionChunk[] = [chunkOf(ctx, { role: 'assistant', content: '' })];
  if (text) chunks.push(chunkOf(ctx, { content: text }));
  chunks.push(chunkOf(ctx, {}, 'stop'));
  if (includeUsage) chunks.push(usageChunkOf(ctx, usage));
  return chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + 'data: [DONE]\n\n';
}
