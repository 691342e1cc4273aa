import type { GatewayError } from '../../gateway-error';
import { reasoningTextOf, REDACTED_PREFIX } from '../../providers/reasoning';
import type { ChunkDelta, ResponseContext, Usage } from '../../providers/types';
import type { UsageCost } from '../../pipeline/price-report';
import { SingleChoiceEncoder } from '../single-choice-encoder';
import type { SurfaceRequest } from '../surface';
import { responsesToolName } from './tool-names';
import { reasoningItem, responseObject, statusOf, type OutputItem } from './from-internal';

type Open =
  | { kind: 'message'; item: OutputItem; text: string }
  | { kind: 'reasoning'; item: OutputItem; text: string }
  | { kind: 'call'; item: OutputItem; toolIndex: number; args: string };

/**
 * Internal chunks -> the typed Responses events: `response.created` and `response.in_progress`
 * first, then per output item `response.output_item.added`, its deltas (`output_text`,
 * `function_call_arguments`, `reasoning_summary_text`) and its `.done` events, and at the end
 * `response.completed` (or `response.incomplete`) with the whole response and the billed usage.
 * Every event carries its `sequence_number`.
 */
export class ResponsesStreamEncoder extends SingleChoiceEncoder {
  private seq = 0;
  private started = false;
  private open: Open | undefined;
  private readonly output: OutputItem[] = [];

  constructor(private readonly ctx: ResponseContext, private readonly request: SurfaceRequest) {
    super();
  }

  finish(usage: Usage | undefined, _heldTail: string | undefined, cost?: UsageCost): string {
    const status = statusOf(this.finishReason);
    const response = responseObject(this.ctx, this.request, { status, output: this.output, usage, finish: this.finishReason });
    if (cost) response.usage = { ...(response.usage as Record<string, unknown>), ...cost };
    return this.start() + this.close() + this.event(status === 'completed' ? 'response.completed' : 'response.incomplete', { response });
  }

  error(err: GatewayError): string {
    const response = responseObject(this.ctx, this.request, { status: 'failed', output: this.output, error: { code: err.code, message: err.message } });
    return this.start() + this.event('response.failed', { response });
  }

  private event(type: string, data: Record<string, unknown>): string {
    return `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: this.seq++, ...data })}\n\n`;
  }

  protected start(): string {
    if (this.started) return '';
    this.started = true;
    const response = responseObject(this.ctx, this.request, { status: 'in_progress', output: [] });
    return this.event('response.created', { response }) + this.event('response.in_progress', { response });
  }

  private get outputIndex(): number {
    return this.output.length - 1;
  }

  private openReasoning(): string {
    if (this.open?.kind === 'reasoning') return '';
    return this.begin({ kind: 'reasoning', item: reasoningItem(`rs_${this.ctx.requestId}_${this.output.length}`, '', ''), text: '' });
  }

  protected delta(delta: ChunkDelta): string {
    let out = '';
    const reasoning = reasoningTextOf(delta);
    if (reasoning) {
      out += this.openReasoning();
      const open = this.open as Extract<Open, { kind: 'reasoning' }>;
      // The summary part opens with its first text: a signature-only item has none.
      if (!open.text) out += this.event('response.reasoning_summary_part.added', { item_id: open.item.id, output_index: this.outputIndex, summary_index: 0, part: { type: 'summary_text', text: '' } });
      open.text += reasoning;
      out += this.event('response.reasoning_summary_text.delta', { item_id: open.item.id, output_index: this.outputIndex, summary_index: 0, delta: reasoning });
    }
    // The signature rides on the reasoning item's `encrypted_content`, in its `.done` event.
    if (typeof delta.reasoning_signature === 'string' && delta.reasoning_signature) {
      out += this.openReasoning();
      (this.open as Extract<Open, { kind: 'reasoning' }>).item.encrypted_content = delta.reasoning_signature;
    }
    if (typeof delta.redacted_reasoning === 'string' && delta.redacted_reasoning) {
      out += this.close() + this.openReasoning();
      (this.open as Extract<Open, { kind: 'reasoning' }>).item.encrypted_content = `${REDACTED_PREFIX}${delta.redacted_reasoning}`;
      out += this.close();
    }
    if (typeof delta.content === 'string' && delta.content) {
      if (this.open?.kind !== 'message') {
        out += this.begin({ kind: 'message', item: { type: 'message', id: `msg_${this.ctx.requestId}_${this.output.length}`, status: 'in_progress', role: 'assistant', content: [] }, text: '' });
      }
      const open = this.open as Extract<Open, { kind: 'message' }>;
      open.text += delta.content;
      out += this.event('response.output_text.delta', { item_id: open.item.id, output_index: this.outputIndex, content_index: 0, delta: delta.content });
    }
    for (const call of delta.tool_calls ?? []) {
      const open = this.open;
      if (call.id || !(open?.kind === 'call' && open.toolIndex === call.index)) {
        out += this.begin({
          kind: 'call',
          toolIndex: call.index,
          args: '',
          item: { type: 'function_call', id: `fc_${this.ctx.requestId}_${this.output.length}`, call_id: call.id ?? `call_${this.ctx.requestId}_${call.index}`, ...responsesToolName(this.request.raw, call.function?.name ?? ''), arguments: '', status: 'in_progress' },
        });
      }
      const current = this.open as Extract<Open, { kind: 'call' }>;
      const args = call.function?.arguments;
      if (args) {
        current.args += args;
        out += this.event('response.function_call_arguments.delta', { item_id: current.item.id, output_index: this.outputIndex, delta: args });
      }
    }
    return out;
  }

  private begin(next: Open): string {
    let out = this.close();
    this.open = next;
    this.output.push(next.item);
    out += this.event('response.output_item.added', { output_index: this.outputIndex, item: next.item });
    if (next.kind === 'message') {
      out += this.event('response.content_part.added', { item_id: next.item.id, output_index: this.outputIndex, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
    }
    return out;
  }

  /** Ends the open item: its `.done` events, and the item in `output` in its final form. */
  private close(): string {
    const open = this.open;
    if (!open) return '';
    this.open = undefined;
    const index = this.outputIndex;
    const id = open.item.id;
    let out = '';
    if (open.kind === 'message') {
      const part = { type: 'output_text', text: open.text, annotations: [] };
      out += this.event('response.output_text.done', { item_id: id, output_index: index, content_index: 0, text: open.text });
      out += this.event('response.content_part.done', { item_id: id, output_index: index, content_index: 0, part });
      Object.assign(open.item, { status: 'completed', content: [part] });
    } else if (open.kind === 'reasoning') {
      if (open.text) {
        const part = { type: 'summary_text', text: open.text };
        out += this.event('response.reasoning_summary_text.done', { item_id: id, output_index: index, summary_index: 0, text: open.text });
        out += this.event('response.reasoning_summary_part.done', { item_id: id, output_index: index, summary_index: 0, part });
        Object.assign(open.item, { summary: [part] });
      }
    } else {
      out += this.event('response.function_call_arguments.done', { item_id: id, output_index: index, arguments: open.args });
      Object.assign(open.item, { arguments: open.args, status: 'completed' });
    }
    return out + this.event('response.output_item.done', { output_index: index, item: open.item });
  }
}
