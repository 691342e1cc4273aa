import { parseJsonObject } from '../../lib/json-object';
import { gatewayErrors, type GatewayError } from '../gateway-error';
import type {
  ChatCompletion, ChatCompletionChoice, ChatCompletionChunk, ChunkDelta, OpenAIUsageBlock, ResponseContext, ToolCall, UpstreamErrorInfo, Usage,
} from './types';

// The OpenAI shapes that adapters of non-OpenAI protocols read and answer with, so every
// vendor's answer looks the same to callers (ids, usage block, null content next to tool calls).

/** Vendors take tool input as an object; OpenAI carries it as a JSON string (empty meaning none). */
export function toolCallArguments(args: string, param: string): Record<string, unknown> {
  if (args.trim() === '') return {};
  const object = parseJsonObject(args);
  if (!object) throw gatewayErrors.invalidRequest('Tool call arguments must be a JSON object.', param);
  return object;
}

/**
 * Translated channels answer with one choice: `n` above 1 is refused (400, before any upstream
 * call) rather than silently answered with one choice the caller reserved and paid for many of.
 */
export function refuseSeveralChoices(body: { n?: number | null }, vendor: string): void {
  if (body.n != null && body.n > 1) {
    throw gatewayErrors.invalidRequest(`\`n\` above 1 is not supported for this model: its ${vendor} channel returns one choice per request.`, 'n');
  }
}

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

/** A one-choice `chat.completion`; content is null (as OpenAI sends it) when the model only called tools. */
export function completionOf(ctx: ResponseContext, answer: { text: string; toolCalls: ToolCall[]; finishReason: FinishReason; usage: Usage }): ChatCompletion {
  const { text, toolCalls } = answer;
  return {
    id: completionId(ctx),
    object: 'chat.completion',
    created: ctx.created,
    model: ctx.model,
    choices: [{
      index: 0,
      message: {
        role: 'assistant',
        content: text === '' && toolCalls.length ? null : text,
        ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        refusal: null,
      },
      finish_reason: answer.finishReason,
      logprobs: null,
    }],
    usage: toOpenAIUsage(answer.usage),
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

/** A stream event that is not the protocol's documented shape: another channel may do better. */
export const MALFORMED_STREAM_EVENT: Readonly<UpstreamErrorInfo> = Object.freeze({
  status: 502,
  message: 'The upstream sent a malformed stream event.',
  retryable: true,
  keyInvalid: false,
  callerFault: false,
  type: 'upstream_error',
  code: null,
  param: null,
});
