import { z } from 'zod';
import type { SseEvent } from '../../sse/sse-decoder';
import type { ChatCompletionChunk, ChunkDelta, ResponseContext, StreamMapper, StreamOutput, Usage } from '../types';
import { chunkOf, MALFORMED_STREAM_EVENT, usageChunkOf, type FinishReason } from '../openai-shape';
import { classifyGeminiStatus } from './errors';
import { answerPartsOf, finishReasonOf, groundedSearchesOf, toolCallId, upstreamFinishOf, usageOf, withGroundedSearches } from './response';
import { geminiErrorSchema, geminiResponseSchema } from './wire';

const streamErrorSchema = z.object({ error: geminiErrorSchema });

/**
 * `streamGenerateContent?alt=sse`: every event is a whole GenerateContentResponse holding the
 * next piece of the answer. Thought parts become `reasoning_content`, the turn's first thought
 * signature `reasoning_signature` (see reasoning.ts), text parts content deltas; a function call arrives whole, so
 * it becomes one tool-call delta with id, name and all arguments. Usage metadata repeats and
 * grows on every event: the last one counts, and is reported from the finishing event on. Gemini
 * has no end-of-stream event, so `done` (with the usage chunk) is decided at `end()`: done when a
 * finish reason was seen, else the stream was cut short and reports neither.
 */
export class GeminiStreamMapper implements StreamMapper {
  private started = false;
  private finished = false;
  private toolCalls = 0;
  private signed = false;
  private usage: Usage | undefined;
  /** The most grounded searches any event reported (grounding metadata may come before or with the finish). */
  private searches = 0;

  constructor(private readonly ctx: ResponseContext) {}

  push(event: SseEvent): StreamOutput {
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      return { chunks: [], error: MALFORMED_STREAM_EVENT };
    }
    const error = streamErrorSchema.safeParse(json);
    if (error.success) return { chunks: [], error: classifyGeminiStatus(error.data.error) };
    const parsed = geminiResponseSchema.safeParse(json);
    if (!parsed.success) return { chunks: [], error: MALFORMED_STREAM_EVENT };
    const response = parsed.data;

    const chunks: ChatCompletionChunk[] = [];
    this.searches = Math.max(this.searches, groundedSearchesOf(response));
    if (response.usageMetadata) this.usage = usageOf(response.usageMetadata);
    if (this.usage) this.usage = withGroundedSearches(this.usage, this.searches);
    if (!this.finished) {
      for (const part of answerPartsOf(response)) {
        if ('text' in part) {
          this.emit(chunks, { content: part.text });
        } else if ('thought' in part) {
          this.emit(chunks, { reasoning_content: part.thought });
        } else if ('signature' in part) {
          if (!this.signed) this.emit(chunks, { reasoning_signature: part.signature });
          this.signed = true;
        } else {
          const index = this.toolCalls++;
          this.emit(chunks, {
            tool_calls: [{ index, id: toolCallId(this.ctx, index, part.call.id), type: 'function', function: { name: part.call.name, arguments: JSON.stringify(part.call.args) } }],
          });
        }
      }
      const finish = upstreamFinishOf(response);
      if (finish) {
        this.finished = true;
        this.emit(chunks, {}, finishReasonOf(finish, this.toolCalls > 0));
      }
    }
    // The finishing event carries the final count; reporting it here, not only at end(), means
    // a relay that stops reading after the finish reason still bills what Gemini counted.
    return this.finished && this.usage ? { chunks, usage: this.usage } : { chunks };
  }

  /** The role chunk goes out with the first delta, so an early error can still fail over. */
  private emit(chunks: ChatCompletionChunk[], delta: ChunkDelta, finish: FinishReason = null): void {
    if (!this.started) {
      this.started = true;
      chunks.push(chunkOf(this.ctx, { role: 'assistant', content: '' }));
    }
    chunks.push(chunkOf(this.ctx, delta, finish));
  }

  end(): StreamOutput {
    if (!this.finished) return { chunks: [] };
    // Without usage metadata (never seen from Google) the gateway falls back to its own estimate.
    if (!this.usage) return { chunks: [], done: true };
    return { chunks: [usageChunkOf(this.ctx, this.usage)], usage: this.usage, done: true };
  }
}
