import { createHash } from 'node:crypto';
import type { ChatCompletion, ResponseContext, ToolCall, Usage } from '../types';
import { completionOf, malformedUpstream, type AnswerReasoning, type FinishReason } from '../openai-shape';
import { geminiResponseSchema, type GeminiResponse, type GeminiUsage } from './wire';

const FILTERED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'IMAGE_PROHIBITED_CONTENT']);

/** https://ai.google.dev/api/generate-content#FinishReason. Gemini says STOP after function calls too. */
export function finishReasonOf(reason: string, sawToolCalls: boolean): FinishReason {
  if (reason === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(reason)) return 'content_filter';
  return sawToolCalls ? 'tool_calls' : 'stop';
}

/** Gemini's promptTokenCount already includes cached tokens; thinking is billed as output. */
export function usageOf(usage: GeminiUsage): Usage {
  return {
    promptTokens: (usage.promptTokenCount ?? 0) + (usage.toolUsePromptTokenCount ?? 0),
    completionTokens: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
    cacheReadTokens: usage.cachedContentTokenCount ?? 0,
    cacheWriteTokens: 0,
    ...(usage.thoughtsTokenCount ? { reasoningTokens: usage.thoughtsTokenCount } : {}),
  };
}

/**
 * Grounded searches of the answer (the first candidate, the only one requested): one per query in
 * `webSearchQueries`, as Google bills Gemini 3 grounding; a grounded answer that lists no query
 * counts as one (Google bills earlier models per grounded prompt).
 */
export function groundedSearchesOf(response: GeminiResponse): number {
  const grounding = response.candidates?.[0]?.groundingMetadata;
  if (!grounding) return 0;
  return Math.max(1, grounding.webSearchQueries?.length ?? 0);
}

/** The usage with the grounded searches as server-tool uses. */
export function withGroundedSearches(usage: Usage, searches: number): Usage {
  return searches > 0 ? { ...usage, serverToolUses: searches } : usage;
}

/**
 * Gemini function calls usually carry no id, and OpenAI clients need one to answer them. The id
 * is derived from the request and the call's position, so JSON and stream agree, and is kept
 * under OpenAI's 40-character limit so the conversation can continue on an OpenAI channel.
 */
export function toolCallId(ctx: ResponseContext, index: number, upstreamId: string | undefined): string {
  if (upstreamId && upstreamId.length <= 40) return upstreamId;
  return `call_${createHash('sha256').update(`${ctx.requestId}:${index}`).digest('hex').slice(0, 24)}`;
}

export type AnswerPart =
  | { text: string }
  | { thought: string }
  | { signature: string }
  | { call: { name: string; args: Record<string, unknown>; id: string | undefined } };

/**
 * The first candidate's parts in order (other candidates are not requested): thought summaries,
 * a part's thought signature just before the part it signs, text, function calls.
 */
export function answerPartsOf(response: GeminiResponse): AnswerPart[] {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  const out: AnswerPart[] = [];
  for (const part of parts) {
    if (part.thoughtSignature) out.push({ signature: part.thoughtSignature });
    if (part.functionCall) out.push({ call: { name: part.functionCall.name, args: part.functionCall.args ?? {}, id: part.functionCall.id } });
    else if (part.text && part.thought) out.push({ thought: part.text });
    else if (part.text) out.push({ text: part.text });
  }
  return out;
}

/** A finish reason, a prompt blocked before any candidate, or undefined while the answer continues. */
export function upstreamFinishOf(response: GeminiResponse): string | undefined {
  const reason = response.candidates?.[0]?.finishReason;
  if (reason) return reason;
  if (!response.candidates?.length && response.promptFeedback?.blockReason) return 'SAFETY';
  return undefined;
}

export function parseGeminiResponse(json: unknown, ctx: ResponseContext): { completion: ChatCompletion; usage: Usage } {
  const parsed = geminiResponseSchema.safeParse(json);
  if (!parsed.success) throw malformedUpstream('Gemini response');
  const response = parsed.data;
  let text = '';
  const toolCalls: ToolCall[] = [];
  const reasoning: AnswerReasoning = { text: '', signature: '', redacted: [] };
  for (const part of answerPartsOf(response)) {
    if ('text' in part) text += part.text;
    else if ('thought' in part) reasoning.text += part.thought;
    // Only the first signature matters: it signs the turn (later parallel calls carry none).
    else if ('signature' in part) reasoning.signature ||= part.signature;
    else {
      const id = toolCallId(ctx, toolCalls.length, part.call.id);
      toolCalls.push({ id, type: 'function', function: { name: part.call.name, arguments: JSON.stringify(part.call.args) } });
    }
  }
  const usage = withGroundedSearches(usageOf(response.usageMetadata ?? {}), groundedSearchesOf(response));
  const finishReason = finishReasonOf(upstreamFinishOf(response) ?? 'STOP', toolCalls.length > 0);
  const completion = completionOf(ctx, { text, toolCalls, finishReason, usage, reasoning });
  return { completion, usage };
}
