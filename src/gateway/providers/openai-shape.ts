import { parseJsonObject } from '../../lib/json-object';
import { gatewayErrors, type GatewayError } from '../gateway-error';
import type {
  ChatRequestBody,
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

/** A value that asks for nothing: unset, off, zero or empty (clients send defaults freely). */
function asksNothing(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return true;
  if (Array.isArray(value)) return value.length === 0 || (value.length === 1 && value[0] === 'text');
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length === 0 || (keys.length === 1 && (value as { type?: unknown }).type === 'text');
  }
  return false;
}

/**
 * Hints a chat-completions caller may send that change nothing another vendor answers (storage,
 * caching, tiers, tracing ids, verbosity): dropped when translating. Anything else an adapter does
 * not carry is refused by name, never dropped (`modalities: ["text"]`, `response_format:
 * {type: "text"}`, zero penalties and other defaults pass, as they ask for nothing).
 */
const DROPPED_HINTS = new Set(['store', 'metadata', 'service_tier', 'prompt_cache_key', 'safety_identifier', 'verbosity', 'stream_options']);

/** Refuses, with a 400 naming them, the caller's fields and tool types a translating adapter cannot carry. */
export function refuseUncarried(body: ChatRequestBody, carried: ReadonlySet<string>, vendor: string): void {
  const refused: string[] = [];
  for (const [field, value] of Object.entries(body)) {
    if (!carried.has(field) && !DROPPED_HINTS.has(field) && !asksNothing(value)) refused.push(`\`${field}\``);
  }
  body.tools?.forEach((tool, i) => {
    if (tool.type !== 'function') refused.push(`tools[${i}]: \`${String(tool.type)}\` tools`);
  });
  const choice = body.tool_choice as { type?: unknown } | string | null | undefined;
  if (choice && typeof choice === 'object' && choice.type !== 'function') refused.push(`tool_choice: \`${String(choice.type)}\``);
  if (refused.length) {
    throw gatewayErrors.invalidRequest(`This model is served by a ${vendor} channel, which cannot carry: ${refused.join('; ')}. Remove them, or use a model served by an OpenAI-compatible channel.`);
  }
}

/** Chat fields every translating adapter maps. */
export const CHAT_FIELDS_CARRIED = [
  'model', 'messages', 'stream', 'max_tokens', 'max_completion_tokens', 'n', 'temperature', 'top_p', 'stop', 'tools', 'tool_choice',
  'parallel_tool_calls', 'user', 'reasoning_effort',
] as const;

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
    ...(usage.reasoningTokens ? { completion_tokens_details: { reasoning_tokens: usage.reasoningTokens } } : {}),
  };
}

/** Thinking of a translated answer, as the internal message carries it (see reasoning.ts). */
export interface AnswerReasoning {
  text: string;
  signature: string;
  redacted: string[];
}

/** A one-choice `chat.completion`; content is null (as OpenAI sends it) when the model only called tools. */
export function completionOf(
  ctx: ResponseContext,
  answer: { text: string; toolCalls: ToolCall[]; finishReason: FinishReason; usage: Usage; reasoning?: AnswerReasoning },
): ChatCompletion {
  const { text, toolCalls, reasoning } = answer;
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
        ...(reasoning?.text ? { reasoning_content: reasoning.text } : {}),
        ...(reasoning?.signature ? { reasoning_signature: reasoning.signature } : {}),
        ...(reasoning?.redacted.length ? { redacted_reasoning: reasoning.redacted } : {}),
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
