import { parseJsonObject } from '../../../lib/json-object';
import { reasoningSignatureOf, reasoningTextOf, redactedReasoningOf } from '../../providers/reasoning';
import type { ChatCompletion, ChatCompletionChoice, ResponseContext, Usage } from '../../providers/types';

// Internal (OpenAI chat) answers rendered as Anthropic Messages answers.

export type AnthropicStopReason = 'end_turn' | 'max_tokens' | 'tool_use' | 'refusal' | 'stop_sequence';

export function stopReasonOf(finish: ChatCompletionChoice['finish_reason'] | undefined): AnthropicStopReason {
  switch (finish) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}

export interface AnthropicUsageBlock {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
  output_tokens: number;
}

/** Anthropic's `input_tokens` leaves out cached input; the internal `promptTokens` counts all of it. */
export function anthropicUsage(usage: Usage | undefined): AnthropicUsageBlock {
  const u = usage ?? { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const oneHour = Math.min(u.cacheWrite1hTokens ?? 0, u.cacheWriteTokens);
  return {
    input_tokens: Math.max(0, u.promptTokens - u.cacheReadTokens - u.cacheWriteTokens),
    cache_creation_input_tokens: u.cacheWriteTokens,
    cache_read_input_tokens: u.cacheReadTokens,
    cache_creation: { ephemeral_5m_input_tokens: u.cacheWriteTokens - oneHour, ephemeral_1h_input_tokens: oneHour },
    output_tokens: u.completionTokens,
  };
}

export function messageId(ctx: ResponseContext): string {
  return `msg_${ctx.requestId}`;
}

/** Tool arguments as Anthropic's `input` object; text that is not a JSON object is kept under `_raw` rather than lost. */
export function toolInput(args: string): Record<string, unknown> {
  if (args.trim() === '') return {};
  return parseJsonObject(args) ?? { _raw: args };
}

export function renderAnthropicMessage(completion: ChatCompletion, usage: Usage, ctx: ResponseContext): unknown {
  const choice = completion.choices[0];
  const message = choice?.message;
  const content: unknown[] = [];
  if (message) {
    const raw = message as unknown as Record<string, unknown>;
    const thinking = reasoningTextOf(raw);
    const signature = reasoningSignatureOf(raw);
    // A signature alone (Gemini signs turns without showing thoughts) is still a thinking block: the caller must send it back.
    if (thinking || signature) content.push({ type: 'thinking', thinking, signature });
    for (const data of redactedReasoningOf(raw)) content.push({ type: 'redacted_thinking', data });
  }
  if (typeof message?.content === 'string' && message.content) content.push({ type: 'text', text: message.content });
  for (const call of message?.tool_calls ?? []) {
    content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: toolInput(call.function.arguments) });
  }
  return {
    id: messageId(ctx),
    type: 'message',
    role: 'assistant',
    model: ctx.model,
    content,
    stop_reason: stopReasonOf(choice?.finish_reason),
    stop_sequence: null,
    usage: anthropicUsage(usage),
  };
}
