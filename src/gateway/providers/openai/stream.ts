import type { SseEvent } from '../../sse/sse-decoder';
import type { ChatCompletionChunk, ResponseContext, StreamMapper, StreamOutput } from '../types';
import { classifyOpenAIError } from './errors';
import { toUsage } from './usage';

const NOTHING: StreamOutput = { chunks: [] };

/**
 * OpenAI's stream is already our format: each `data:` is a chunk, `[DONE]` ends it, and a
 * final chunk with empty `choices` carries usage. Only `model` is rewritten. An `error`
 * object mid-stream (some compatible servers send one) is surfaced as a stream error.
 */
export function createOpenAIStreamMapper(ctx: ResponseContext): StreamMapper {
  let done = false;
  return {
    push(event: SseEvent): StreamOutput {
      if (done) return NOTHING;
      const data = event.data;
      if (data === '[DONE]') {
        done = true;
        return { chunks: [], done: true };
      }
      if (data === '') return NOTHING;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        return NOTHING; // a garbled event is dropped rather than breaking the caller's stream
      }
      if (typeof parsed !== 'object' || parsed === null) return NOTHING;
      if ('error' in parsed && !('choices' in parsed)) {
        return { chunks: [], error: { ...classifyOpenAIError(502, parsed), retryable: false, callerFault: false } };
      }
      const chunk = parsed as ChatCompletionChunk;
      chunk.model = ctx.model;
      if (!Array.isArray(chunk.choices)) chunk.choices = [];
      const out: StreamOutput = { chunks: [chunk] };
      if (chunk.usage) out.usage = toUsage(chunk.usage);
      return out;
    },
    end(): StreamOutput {
      return NOTHING;
    },
  };
}
