import { gatewayErrors, type GatewayError } from '../../gateway-error';
import type { ChatCompletionChunk, ChatCompletionChoice, ChunkDelta, OpenAIUsageBlock, ResponseContext, Usage } from '../types';

// Builders of the OpenAI objects this adapter answers with. (The Gemini adapter has a twin;
// both could move to a shared providers module once one exists.)

export type FinishReason = ChatCompletionChoice['finish_reason'];

export function completionId(ctx: ResponseContext): string {
  return `chatcmpl-${ctx.requestId}`;
}

export function toOpenAIUsage(usage: Usage): OpenAIUsageBlock {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
    prompt_tokens_details: { cached_tokens: usage.cacheReadTokens },
  };
}

export function chunkOf(ctx: ResponseContext, delta: ChunkDelta, finishReason: FinishReason = null): ChatCompletionChunk {
  return {
    id: completionId(ctx),
    object: 'chat.completion.chunk',
    created: ctx.created,
    model: ctx.model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

export function usageChunkOf(ctx: ResponseContext, usage: Usage): ChatCompletionChunk {
  return { id: completionId(ctx), object: 'chat.completion.chunk', created: ctx.created, model: ctx.model, choices: [], usage: toOpenAIUsage(usage) };
}

/** The upstream answered 200 with something that is not its documented shape. */
export function malformedUpstream(what: string): GatewayError {
  return gatewayErrors.upstreamError(`The upstream sent a malformed ${what}.`);
}
