import type { SseEvent } from '../../sse/sse-decoder';
import type { ChatCompletionChunk, ChunkDelta, ResponseContext, StreamMapper, StreamOutput } from '../types';
import { chunkOf, MALFORMED_STREAM_EVENT, usageChunkOf } from '../openai-shape';
import { classifyAnthropicErrorType } from './errors';
import { finishReasonOf, usageOf } from './response';
import { anthropicStreamEventSchema, KNOWN_STREAM_EVENTS, type AnthropicStreamEvent, type AnthropicUsage } from './wire';

/**
 * Anthropic's event stream -> OpenAI chunks: a role chunk before the first delta, text deltas as
 * content, thinking as `reasoning_content` with its `reasoning_signature`, a redacted thinking
 * block as one `redacted_reasoning` (see reasoning.ts), each `tool_use` block as one tool call (indexed in order of appearance, id and name
 * first, then `input_json_delta` fragments as arguments), the finish reason at `message_delta`,
 * and usage plus `done` at `message_stop`. A stream that ends without `message_stop` was cut
 * short: it reports neither usage nor `done`.
 */
export class AnthropicStreamMapper implements StreamMapper {
  private started = false;
  private finished = false;
  private done = false;
  private stopReason: string | null | undefined;
  private usage: AnthropicUsage = {};
  private readonly toolIndexByBlock = new Map<number, number>();

  constructor(private readonly ctx: ResponseContext) {}

  push(event: SseEvent): StreamOutput {
    if (this.done) return { chunks: [] };
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      return { chunks: [], error: MALFORMED_STREAM_EVENT };
    }
    const type = json !== null && typeof json === 'object' && 'type' in json ? json.type : undefined;
    if (typeof type !== 'string' || !KNOWN_STREAM_EVENTS.has(type)) return { chunks: [] };
    const parsed = anthropicStreamEventSchema.safeParse(json);
    if (!parsed.success) return { chunks: [], error: MALFORMED_STREAM_EVENT };
    return this.map(parsed.data);
  }

  end(): StreamOutput {
    return { chunks: [] };
  }

  private map(event: AnthropicStreamEvent): StreamOutput {
    const chunks: ChatCompletionChunk[] = [];
    switch (event.type) {
      case 'message_start':
        if (event.message.usage) this.mergeUsage(event.message.usage);
        break;
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'text' && 'text' in block && block.text) this.emit(chunks, { content: block.text });
        else if (block.type === 'thinking' && 'thinking' in block) {
          if (block.thinking) this.emit(chunks, { reasoning_content: block.thinking });
          if (block.signature) this.emit(chunks, { reasoning_signature: block.signature });
        } else if (block.type === 'redacted_thinking' && 'data' in block) this.emit(chunks, { redacted_reasoning: block.data });
        else if (block.type === 'tool_use' && 'id' in block) {
          const index = this.toolIndexByBlock.size;
          this.toolIndexByBlock.set(event.index, index);
          this.emit(chunks, { tool_calls: [{ index, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }] });
        }
        break;
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta.type === 'text_delta' && 'text' in delta && delta.text) this.emit(chunks, { content: delta.text });
        else if (delta.type === 'thinking_delta' && 'thinking' in delta && delta.thinking) this.emit(chunks, { reasoning_content: delta.thinking });
        else if (delta.type === 'signature_delta' && 'signature' in delta && delta.signature) this.emit(chunks, { reasoning_signature: delta.signature });
        else if (delta.type === 'input_json_delta' && 'partial_json' in delta && delta.partial_json) {
          const index = this.toolIndexByBlock.get(event.index);
          if (index !== undefined) this.emit(chunks, { tool_calls: [{ index, function: { arguments: delta.partial_json } }] });
        }
        break;
      }
      case 'message_delta':
        if (event.usage) this.mergeUsage(event.usage);
        if (event.delta.stop_reason) {
          this.stopReason = event.delta.stop_reason;
          this.finish(chunks);
        }
        break;
      case 'message_stop': {
        this.finish(chunks);
        const usage = usageOf(this.usage);
        chunks.push(usageChunkOf(this.ctx, usage));
        this.done = true;
        return { chunks, usage, done: true };
      }
      case 'error':
        return { chunks, error: classifyAnthropicErrorType(event.error.type, event.error.message) };
      case 'content_block_stop':
      case 'ping':
        break;
    }
    return { chunks };
  }

  /**
   * The role chunk goes out with the first real delta, not at `message_start`: Anthropic often
   * reports `overloaded_error` right after `message_start`, and as long as nothing has been
   * written to the caller the gateway can still fail over to another channel.
   */
  private emit(chunks: ChatCompletionChunk[], delta: ChunkDelta): void {
    if (!this.started) {
      this.started = true;
      chunks.push(chunkOf(this.ctx, { role: 'assistant', content: '' }));
    }
    chunks.push(chunkOf(this.ctx, delta));
  }

  private finish(chunks: ChatCompletionChunk[]): void {
    if (this.finished) return;
    this.finished = true;
    if (!this.started) {
      this.started = true;
      chunks.push(chunkOf(this.ctx, { role: 'assistant', content: '' }));
    }
    chunks.push(chunkOf(this.ctx, {}, finishReasonOf(this.stopReason)));
  }

  /** `message_delta` usage is cumulative and may repeat or refine what `message_start` said. */
  private mergeUsage(usage: AnthropicUsage): void {
    const { cache_creation: byDuration, server_tool_use: serverTools, ...counts } = usage;
    for (const [key, value] of Object.entries(counts) as Array<[keyof typeof counts, number | null | undefined]>) {
      if (value != null) this.usage[key] = value;
    }
    if (byDuration) this.usage.cache_creation = { ...this.usage.cache_creation, ...withoutNulls(byDuration) };
    // Running totals per kind: a later event's count replaces an earlier one's.
    if (serverTools) this.usage.server_tool_use = { ...this.usage.server_tool_use, ...serverTools };
  }
}

/** A later event's null does not erase a count an earlier one gave. */
function withoutNulls<T extends Record<string, number | null | undefined>>(counts: T): Partial<T> {
  return Object.fromEntries(Object.entries(counts).filter(([, value]) => value != null)) as Partial<T>;
}
