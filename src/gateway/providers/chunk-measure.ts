import { reasoningTextOf } from './reasoning';
import type { ChatCompletionChunk } from './types';

/** What one chunk delivered to the caller, for the charge of a stream cut before the upstream counted it. */
export interface ChunkMeasure {
  /** UTF-8 bytes of completion text: content, reasoning, refusal, tool names and arguments. */
  bytes: number;
  /** A choice finished (it carries a finish reason). */
  finished: boolean;
  /** It carries a tool call (which may start with no text yet). */
  toolCall: boolean;
}

export function measureChunk(chunk: ChatCompletionChunk): ChunkMeasure {
  let bytes = 0;
  let finished = false;
  let toolCall = false;
  for (const choice of chunk.choices) {
    if (choice.finish_reason) finished = true;
    const delta = choice.delta;
    if (!delta) continue;
    if (delta.tool_calls?.length) toolCall = true;
    if (typeof delta.content === 'string') bytes += Buffer.byteLength(delta.content);
    const reasoning = reasoningTextOf(delta);
    if (reasoning) bytes += Buffer.byteLength(reasoning);
    if (typeof delta.refusal === 'string') bytes += Buffer.byteLength(delta.refusal);
    if (delta.tool_calls) for (const call of delta.tool_calls) bytes += Buffer.byteLength(call.function?.arguments ?? '') + (call.function?.name?.length ?? 0);
  }
  return { bytes, finished, toolCall };
}

export const NOTHING_MEASURED: ChunkMeasure = Object.freeze({ bytes: 0, finished: false, toolCall: false });

/** What several chunks delivered together (a decoded event may map to more than one). */
export function measureChunks(chunks: ChatCompletionChunk[]): ChunkMeasure {
  if (chunks.length === 0) return NOTHING_MEASURED;
  const total = { bytes: 0, finished: false, toolCall: false };
  for (const chunk of chunks) {
    const one = measureChunk(chunk);
    total.bytes += one.bytes;
    total.finished ||= one.finished;
    total.toolCall ||= one.toolCall;
  }
  return total;
}
