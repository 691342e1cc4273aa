import type { GatewayError } from '../../gateway-error';
import { reasoningTextOf } from '../../providers/reasoning';
import type { ChunkDelta, ResponseContext, Usage } from '../../providers/types';
import type { UsageCost } from '../../pipeline/price-report';
import { SseEventDecoder, SseLineDecoder } from '../../sse/sse-decoder';
import { SingleChoiceEncoder } from '../single-choice-encoder';
import { anthropicErrorBody } from './errors';
import { anthropicUsage, messageId, stopReasonOf } from './from-internal';

type OpenBlock = { kind: 'text' | 'thinking' } | { kind: 'tool'; toolIndex: number };

function event(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

/**
 * One `content_block_delta`, written directly: it is nearly every event of a stream, and building
 * and spreading three objects per chunk only to serialise them again showed in the stream's CPU.
 */
function deltaEvent(index: number, type: string, field: string, value: string): string {
  return `event: content_block_delta\ndata: {"type":"content_block_delta","index":${index},"delta":{"type":"${type}","${field}":${JSON.stringify(value)}}}\n\n`;
}

/**
 * Internal chunks -> Anthropic's event stream: `message_start` before the first content, one
 * content block per run of text, reasoning (`thinking_delta`, then `signature_delta`) or tool
 * call (`input_json_delta`), a redacted thinking block whole, each closed by `content_block_stop` when the next begins; then
 * `message_delta` with the stop reason and the usage that was billed, and `message_stop`.
 */
export class AnthropicStreamEncoder extends SingleChoiceEncoder {
  private started = false;
  private open: OpenBlock | undefined;
  private index = -1;

  constructor(private readonly ctx: ResponseContext) {
    super();
  }

  finish(usage: Usage | undefined, heldTail: string | undefined, cost?: UsageCost): string {
    // Pass-through: the upstream's own message_stop ends the stream; its message_delta went out
    // as sent, unless the charge was asked for: then it was held back too, to carry it.
    if (heldTail !== undefined) return cost ? withChargeInMessageDelta(heldTail, cost) : heldTail;
    return (
      this.start() +
      this.close() +
      event('message_delta', { delta: { stop_reason: stopReasonOf(this.finishReason), stop_sequence: null }, usage: { ...anthropicUsage(usage), ...cost } }) +
      event('message_stop', {})
    );
  }

  error(err: GatewayError): string {
    return event('error', anthropicErrorBody(err).body as Record<string, unknown>);
  }

  protected start(): string {
    if (this.started) return '';
    this.started = true;
    return event('message_start', {
      message: {
        id: messageId(this.ctx), type: 'message', role: 'assistant', model: this.ctx.model, content: [],
        stop_reason: null, stop_sequence: null, usage: anthropicUsage(undefined),
      },
    });
  }

  protected delta(delta: ChunkDelta): string {
    let out = '';
    const reasoning = reasoningTextOf(delta);
    if (reasoning) {
      out += this.ensure({ kind: 'thinking' }, { type: 'thinking', thinking: '', signature: '' });
      out += deltaEvent(this.index, 'thinking_delta', 'thinking', reasoning);
    }
    if (typeof delta.reasoning_signature === 'string' && delta.reasoning_signature) {
      out += this.ensure({ kind: 'thinking' }, { type: 'thinking', thinking: '', signature: '' });
      out += deltaEvent(this.index, 'signature_delta', 'signature', delta.reasoning_signature);
    }
    if (typeof delta.redacted_reasoning === 'string' && delta.redacted_reasoning) {
      out += this.close();
      this.index++;
      out += event('content_block_start', { index: this.index, content_block: { type: 'redacted_thinking', data: delta.redacted_reasoning } });
      out += event('content_block_stop', { index: this.index });
    }
    if (typeof delta.content === 'string' && delta.content) {
      out += this.ensure({ kind: 'text' }, { type: 'text', text: '' });
      out += deltaEvent(this.index, 'text_delta', 'text', delta.content);
    }
    for (const call of delta.tool_calls ?? []) {
      const current = this.open;
      if (call.id || !(current?.kind === 'tool' && current.toolIndex === call.index)) {
        out += this.close();
        this.index++;
        this.open = { kind: 'tool', toolIndex: call.index };
        out += event('content_block_start', { index: this.index, content_block: { type: 'tool_use', id: call.id ?? `toolu_${this.ctx.requestId}_${call.index}`, name: call.function?.name ?? '', input: {} } });
      }
      const args = call.function?.arguments;
      if (args) out += deltaEvent(this.index, 'input_json_delta', 'partial_json', args);
    }
    return out;
  }

  /** Opens a block of `kind` unless one is open. */
  private ensure(kind: OpenBlock, contentBlock: Record<string, unknown>): string {
    if (this.open?.kind === kind.kind) return '';
    const closed = this.close();
    this.index++;
    this.open = kind;
    return closed + event('content_block_start', { index: this.index, content_block: contentBlock });
  }

  private close(): string {
    if (!this.open) return '';
    this.open = undefined;
    return event('content_block_stop', { index: this.index });
  }
}

/** The upstream's own final events with the charge added to `message_delta`'s usage, everything else as it came. */
function withChargeInMessageDelta(tail: string, cost: UsageCost): string {
  const lines = new SseLineDecoder();
  const events = new SseEventDecoder();
  const held = [...lines.push(Buffer.from(tail)), ...lines.end()].map((line) => events.pushLine(line));
  let out = '';
  for (const sse of [...held, events.end()]) {
    if (!sse) continue;
    let data = sse.data;
    if (sse.event === 'message_delta') {
      try {
        const parsed = JSON.parse(data) as Record<string, unknown>;
        const usage = typeof parsed.usage === 'object' && parsed.usage !== null ? parsed.usage : {};
        data = JSON.stringify({ ...parsed, usage: { ...usage, ...cost } });
      } catch {
        // a malformed event goes out as it came
      }
    }
    out += `${sse.event ? `event: ${sse.event}\n` : ''}data: ${data}\n\n`;
  }
  return out;
}
