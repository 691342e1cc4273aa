import type { GatewayError } from '../gateway-error';
import type { ChatCompletionChunk, ChunkDelta, Usage } from '../providers/types';
import type { SurfaceStreamEncoder } from './surface';
import type { UsageCost } from '../pipeline/price-report';

export type FinishReason = ChatCompletionChunk['choices'][number]['finish_reason'];

/**
 * Protocols with one answer per request (Anthropic, Responses, Gemini) read only the first
 * choice of each internal chunk: its delta becomes events, its finish reason is kept for the end.
 */
export abstract class SingleChoiceEncoder implements SurfaceStreamEncoder {
  protected finishReason: FinishReason = null;

  chunk(chunk: ChatCompletionChunk): string {
    let out = this.start();
    for (const choice of chunk.choices) {
      if (choice.index !== 0) continue;
      out += this.delta(choice.delta ?? {});
      if (choice.finish_reason) this.finishReason = choice.finish_reason;
    }
    return out;
  }

  /** The protocol's opening events, once (before the first delta, or at the end of an empty answer). */
  protected abstract start(): string;
  protected abstract delta(delta: ChunkDelta): string;
  abstract finish(usage: Usage | undefined, heldTail: string | undefined, cost?: UsageCost): string;
  abstract error(err: GatewayError): string;
}
