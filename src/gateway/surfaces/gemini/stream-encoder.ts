import type { GatewayError } from '../../gateway-error';
import { reasoningTextOf } from '../../providers/reasoning';
import type { ChunkDelta, ResponseContext, Usage } from '../../providers/types';
import type { UsageCost } from '../../pipeline/price-report';
import { SingleChoiceEncoder } from '../single-choice-encoder';
import { functionCallPart, geminiErrorBody, geminiFinishReason, geminiResponse, redactedPart, usageMetadata } from './from-internal';

/**
 * Internal chunks -> Gemini's stream: one GenerateContentResponse per text or thought delta
 * (`thought: true`), the turn's thought signature on its first function call (or the last
 * response), each function
 * call whole (Gemini never splits one) once its arguments are complete, and a last response with
 * the finish reason and the billed usage. With `alt=sse` each response is a `data:` event
 * (CRLF-framed as Google does), without it the stream is one JSON array written piece by piece.
 * Pass-through events from a Gemini channel get the same framing (`frame`).
 */
export class GeminiStreamEncoder extends SingleChoiceEncoder {
  private first = true;
  private readonly calls: Array<{ id: string; name: string; arguments: string }> = [];
  /** The turn's signature: on the first function call when there is one, else sent on its own before the end. */
  private signature = '';

  constructor(private readonly ctx: ResponseContext, private readonly sse: boolean) {
    super();
  }

  frame(json: string): string {
    if (this.sse) return `data: ${json}\r\n\r\n`;
    const out = (this.first ? '[' : ',\r\n') + json;
    this.first = false;
    return out;
  }

  finish(usage: Usage | undefined, heldTail: string | undefined, cost?: UsageCost): string {
    const close = () => (this.sse ? '' : this.first ? '[]' : ']');
    if (heldTail !== undefined) {
      // Pass-through: the upstream's last response has gone out before the charge was known; one
      // more response, with nothing but the usage and the charge, is the stream's last.
      const charge = cost ? this.frame(JSON.stringify({ usageMetadata: { ...usageMetadata(usage), ...cost }, modelVersion: this.ctx.model, responseId: this.ctx.requestId })) : '';
      return (heldTail ? this.frame(heldTail) : '') + charge + close();
    }
    const parts = this.calls.map((c) => functionCallPart({ id: c.id, function: c }));
    if (this.signature) {
      if (parts[0]) parts[0].thoughtSignature = this.signature;
      else parts.push({ text: '', thoughtSignature: this.signature });
    }
    const last = { ...geminiResponse(this.ctx, parts.length ? parts : [{ text: '' }], { finishReason: geminiFinishReason(this.finishReason) }), usageMetadata: { ...usageMetadata(usage), ...cost } };
    return this.frame(JSON.stringify(last)) + close();
  }

  error(err: GatewayError): string {
    return this.frame(JSON.stringify(geminiErrorBody(err).body)) + (this.sse ? '' : ']');
  }

  protected start(): string {
    return '';
  }

  protected delta(delta: ChunkDelta): string {
    let out = '';
    const thought = reasoningTextOf(delta);
    if (thought) out += this.frame(JSON.stringify(geminiResponse(this.ctx, [{ text: thought, thought: true }], {})));
    if (typeof delta.redacted_reasoning === 'string' && delta.redacted_reasoning) out += this.frame(JSON.stringify(geminiResponse(this.ctx, [redactedPart(delta.redacted_reasoning)], {})));
    if (typeof delta.reasoning_signature === 'string' && delta.reasoning_signature) this.signature = delta.reasoning_signature;
    for (const call of delta.tool_calls ?? []) {
      const entry = (this.calls[call.index] ??= { id: call.id ?? `call_${call.index}`, name: '', arguments: '' });
      if (call.id) entry.id = call.id;
      if (call.function?.name) entry.name += call.function.name;
      if (call.function?.arguments) entry.arguments += call.function.arguments;
    }
    if (typeof delta.content === 'string' && delta.content) out += this.frame(JSON.stringify(geminiResponse(this.ctx, [{ text: delta.content }], {})));
    return out;
  }
}
