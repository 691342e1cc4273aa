import { SseEventDecoder, SseLineDecoder, type SseEvent } from '../../src/gateway/sse/sse-decoder';
import type { ChatCompletionChunk, StreamMapper, StreamOutput, Usage, UpstreamErrorInfo } from '../../src/gateway/providers/types';

export interface Replayed {
  chunks: ChatCompletionChunk[];
  usage: Usage | undefined;
  done: boolean;
  errors: UpstreamErrorInfo[];
}

/**
 * Feeds bytes through the gateway's SSE decoders and a stream mapper exactly as the gateway
 * does, cut into pieces at `cuts` (byte offsets), and collects everything the mapper said.
 */
export function replay(bytes: Uint8Array, cuts: number[], mapper: StreamMapper): Replayed {
  const lines = new SseLineDecoder();
  const events = new SseEventDecoder();
  const out: Replayed = { chunks: [], usage: undefined, done: false, errors: [] };
  const collect = (output: StreamOutput) => {
    out.chunks.push(...output.chunks);
    if (output.usage) out.usage = output.usage;
    if (output.done) out.done = true;
    if (output.error) out.errors.push(output.error);
  };
  const feedLines = (found: string[]) => {
    for (const line of found) {
      const event = events.pushLine(line);
      if (event) collect(mapper.push(event));
    }
  };
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    feedLines(lines.push(bytes.subarray(from, cut)));
    from = cut;
  }
  feedLines(lines.end());
  const last: SseEvent | undefined = events.end();
  if (last) collect(mapper.push(last));
  collect(mapper.end());
  return out;
}

/** Concatenates streamed tool-call deltas per index, as an OpenAI client does. */
export function reassembleToolCalls(chunks: ChatCompletionChunk[]): Array<{ id: string; name: string; arguments: string }> {
  const calls: Array<{ id: string; name: string; arguments: string }> = [];
  for (const chunk of chunks) {
    for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
      const call = (calls[delta.index] ??= { id: '', name: '', arguments: '' });
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.name += delta.function.name;
      if (delta.function?.arguments) call.arguments += delta.function.arguments;
    }
  }
  return calls;
}

export function contentOf(chunks: ChatCompletionChunk[]): string {
  return chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
}

/** Every way of cutting `bytes` in two, plus every byte on its own. */
export function allSplits(length: number): number[][] {
  const splits: number[][] = [];
  for (let i = 0; i <= length; i++) splits.push([i]);
  splits.push(Array.from({ length: Math.max(0, length - 1) }, (_, i) => i + 1));
  return splits;
}
