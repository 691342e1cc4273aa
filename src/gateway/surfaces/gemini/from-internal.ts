import { toolInput } from '../anthropic/from-internal';
import { reasoningSignatureOf, reasoningTextOf, REDACTED_PREFIX, redactedReasoningOf } from '../../providers/reasoning';
import type { ChatCompletion, ChatCompletionChoice, ResponseContext, ToolCall, Usage } from '../../providers/types';
import type { GatewayError } from '../../gateway-error';
import type { RenderedError } from '../surface';

// Internal answers as Gemini GenerateContentResponses, and gateway errors as Google API errors.

export function geminiFinishReason(finish: ChatCompletionChoice['finish_reason'] | undefined): string {
  return finish === 'length' ? 'MAX_TOKENS' : finish === 'content_filter' ? 'SAFETY' : 'STOP';
}

/** Gemini's promptTokenCount includes cached tokens, as the internal promptTokens does; thoughts are counted apart. */
export function usageMetadata(usage: Usage | undefined): Record<string, number> {
  const u = usage ?? { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const thoughts = u.reasoningTokens ?? 0;
  return {
    promptTokenCount: u.promptTokens,
    candidatesTokenCount: Math.max(0, u.completionTokens - thoughts),
    totalTokenCount: u.promptTokens + u.completionTokens,
    ...(u.cacheReadTokens ? { cachedContentTokenCount: u.cacheReadTokens } : {}),
    ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
  };
}

/** Gemini has no redacted thinking: it travels as a thought part's opaque signature (reasoning.ts). */
export function redactedPart(data: string): Record<string, unknown> {
  return { text: '', thought: true, thoughtSignature: `${REDACTED_PREFIX}${data}` };
}

export function functionCallPart(call: Pick<ToolCall, 'id'> & { function: { name: string; arguments: string } }): Record<string, unknown> {
  return { functionCall: { id: call.id, name: call.function.name, args: toolInput(call.function.arguments) } };
}

export function geminiResponse(ctx: ResponseContext, parts: unknown[], extra: Record<string, unknown>): Record<string, unknown> {
  return { candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }], modelVersion: ctx.model, responseId: ctx.requestId };
}

export function renderGeminiResponse(completion: ChatCompletion, usage: Usage, ctx: ResponseContext): unknown {
  const choice = completion.choices[0];
  const message = choice?.message;
  const raw = (message ?? {}) as Record<string, unknown>;
  const parts: Array<Record<string, unknown>> = [];
  const thought = reasoningTextOf(raw);
  if (thought) parts.push({ text: thought, thought: true });
  for (const data of redactedReasoningOf(raw)) parts.push(redactedPart(data));
  if (typeof message?.content === 'string' && message.content) parts.push({ text: message.content });
  const calls = message?.tool_calls ?? [];
  for (const call of calls) parts.push(functionCallPart(call));
  // As Gemini does: the turn's signature on its first function call, else on its last part.
  const signature = reasoningSignatureOf(raw);
  if (signature) {
    const signed = calls.length ? parts[parts.length - calls.length] : parts[parts.length - 1];
    if (signed) signed.thoughtSignature = signature;
    else parts.push({ text: '', thoughtSignature: signature });
  }
  return { ...geminiResponse(ctx, parts, { finishReason: geminiFinishReason(choice?.finish_reason) }), usageMetadata: usageMetadata(usage) };
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  402: 'FAILED_PRECONDITION',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'INVALID_ARGUMENT',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/**
 * Google's error shape `{"error":{"code","message","status"}}`. The HTTP status stays the
 * gateway's (402 for an empty balance has no Google twin: FAILED_PRECONDITION says "not
 * retryable as is", where RESOURCE_EXHAUSTED would make Gemini CLI retry in vain).
 */
export function geminiErrorBody(err: GatewayError): RenderedError {
  const status = STATUS_NAMES[err.status] ?? (err.status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
  return { status: err.status, body: { error: { code: err.status, message: err.message, status } } };
}
