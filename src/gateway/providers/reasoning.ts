import type { ChatMessage, ChatRequestBody, ChunkDelta } from './types';

// Thinking in the internal (OpenAI chat) representation, the same way in both directions:
//
// - Answers: `reasoning_content` is thinking text (DeepSeek's, Qwen's and most OpenAI-compatible
//   reasoning servers' field; OpenRouter's `reasoning` is read as the same), `reasoning_signature`
//   the opaque signature of the current thinking block (Anthropic's `signature_delta`, Gemini's
//   `thoughtSignature`; a delta *replaces* it, it is not concatenated), `redacted_reasoning` one
//   encrypted thinking block (Anthropic's `redacted_thinking`). Chat-completions callers see these
//   fields as sent; every other surface renders them in its own vocabulary.
// - Requests: earlier turns' thinking rides on the assistant message under the REASONING symbol
//   and the caller's wish to think on the body under THINKING. Symbols never reach JSON, so an
//   OpenAI channel (which would refuse unknown message fields) never sees either; the Anthropic
//   and Gemini adapters read them, and also the plain fields a chat-completions caller may send.

/** An earlier turn's thinking, carried back to the vendor that signed it. */
export interface CarriedReasoning {
  text: string;
  /** Empty when the thinking was not signed (an OpenAI-compatible reasoning model's). */
  signature: string;
  redacted: string[];
}

/** How much the caller wants the model to think. */
export interface ThinkingRequest {
  /** Tokens, when the caller named a budget (Anthropic `budget_tokens`, Gemini `thinkingBudget`); null: the model's choice. */
  budgetTokens: number | null;
  effort: 'minimal' | 'low' | 'medium' | 'high';
}

export const REASONING: unique symbol = Symbol('reasoning');
export const THINKING: unique symbol = Symbol('thinking');

/** Opaque slots of protocols without a redacted block (Responses `encrypted_content`, Gemini `thoughtSignature`) hold redacted thinking under this prefix; real signatures are base64 and never contain ':'. */
export const REDACTED_PREFIX = 'redacted:';

/** Thinking text of a chunk delta or message, in whichever field the upstream used. */
export function reasoningTextOf(part: { reasoning_content?: unknown; reasoning?: unknown }): string {
  if (typeof part.reasoning_content === 'string') return part.reasoning_content;
  if (typeof part.reasoning === 'string') return part.reasoning;
  return '';
}

export function reasoningSignatureOf(part: ChunkDelta | Record<string, unknown>): string {
  return typeof part.reasoning_signature === 'string' ? part.reasoning_signature : '';
}

export function redactedReasoningOf(part: Record<string, unknown>): string[] {
  const value = part.redacted_reasoning;
  if (typeof value === 'string') return value ? [value] : [];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

/** The earlier turn's thinking of an assistant message: carried by a translating surface, or the chat caller's own fields. */
export function carriedReasoningOf(message: ChatMessage): CarriedReasoning | undefined {
  const carried = message[REASONING];
  if (carried) return carried;
  const raw = message as unknown as Record<string, unknown>;
  const reasoning: CarriedReasoning = { text: reasoningTextOf(raw), signature: reasoningSignatureOf(raw), redacted: redactedReasoningOf(raw) };
  return reasoning.text || reasoning.signature || reasoning.redacted.length ? reasoning : undefined;
}

const EFFORTS = new Set(['minimal', 'low', 'medium', 'high']);

/** The caller's wish to think: a translating surface's, else a chat caller's `reasoning_effort`. */
export function thinkingOf(body: ChatRequestBody): ThinkingRequest | undefined {
  const thinking = body[THINKING];
  if (thinking) return thinking;
  const effort = body.reasoning_effort;
  if (typeof effort === 'string' && EFFORTS.has(effort)) return { budgetTokens: null, effort: effort as ThinkingRequest['effort'] };
  return undefined;
}

/** A token budget as an effort, for protocols that only take efforts: below 4k low, below 16k medium, else high. */
export function effortOf(budgetTokens: number): ThinkingRequest['effort'] {
  return budgetTokens < 4_096 ? 'low' : budgetTokens < 16_384 ? 'medium' : 'high';
}

/** An effort as a token budget, for protocols that only take budgets. */
export function budgetOf(thinking: ThinkingRequest): number {
  if (thinking.budgetTokens !== null) return thinking.budgetTokens;
  return { minimal: 1_024, low: 2_048, medium: 8_192, high: 24_576 }[thinking.effort];
}
