import type { ChatCompletion, ResponseContext, ToolCall, Usage } from '../types';
import { completionOf, malformedUpstream, type AnswerReasoning, type FinishReason } from '../openai-shape';
import { anthropicMessageSchema, type AnthropicUsage } from './wire';

/** https://docs.anthropic.com/en/api/handling-stop-reasons */
export function finishReasonOf(stopReason: string | null | undefined): FinishReason {
  switch (stopReason) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      // end_turn, stop_sequence, pause_turn and whatever Anthropic adds next: the turn ended.
      return 'stop';
  }
}

/**
 * Anthropic's `input_tokens` excludes cached input; OpenAI's `prompt_tokens` counts all of it.
 * Cache writes are priced by duration (`cache_creation`); a relay that sends only the total has
 * its writes priced as 5-minute ones, and a breakdown larger than the total wins over it.
 */
/** Every `*_requests` count of `server_tool_use` (web searches, web fetches, code execution...). */
function serverToolUsesOf(reported: AnthropicUsage['server_tool_use']): number {
  let uses = 0;
  for (const [kind, n] of Object.entries(reported ?? {})) {
    if (kind.endsWith('_requests') && typeof n === 'number' && Number.isInteger(n) && n > 0) uses += n;
  }
  return uses;
}

export function usageOf(usage: AnthropicUsage): Usage {
  const cacheReadTokens = usage.cache_read_input_tokens ?? 0;
  const fiveMinutes = usage.cache_creation?.ephemeral_5m_input_tokens ?? 0;
  const oneHour = usage.cache_creation?.ephemeral_1h_input_tokens ?? 0;
  const cacheWriteTokens = Math.max(usage.cache_creation_input_tokens ?? 0, fiveMinutes + oneHour);
  const serverToolUses = serverToolUsesOf(usage.server_tool_use);
  return {
    promptTokens: (usage.input_tokens ?? 0) + cacheReadTokens + cacheWriteTokens,
    completionTokens: usage.output_tokens ?? 0,
    cacheReadTokens,
    cacheWriteTokens,
    ...(oneHour ? { cacheWrite1hTokens: oneHour } : {}),
    ...(serverToolUses ? { serverToolUses } : {}),
  };
}

export function parseAnthropicResponse(json: unknown, ctx: ResponseContext): { completion: ChatCompletion; usage: Usage } {
  const parsed = anthropicMessageSchema.safeParse(json);
  if (!parsed.success) throw malformedUpstream('Anthropic message');
  const message = parsed.data;

  let text = '';
  const toolCalls: ToolCall[] = [];
  const reasoning: AnswerReasoning = { text: '', signature: '', redacted: [] };
  for (const block of message.content) {
    if (block.type === 'text' && 'text' in block) text += block.text;
    else if (block.type === 'tool_use' && 'input' in block) {
      toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input) } });
    } else if (block.type === 'thinking' && 'thinking' in block) {
      reasoning.text += block.thinking;
      if (block.signature) reasoning.signature = block.signature;
    } else if (block.type === 'redacted_thinking' && 'data' in block) reasoning.redacted.push(block.data);
  }

  const usage = usageOf(message.usage);
  const completion = completionOf(ctx, { text, toolCalls, finishReason: finishReasonOf(message.stop_reason), usage, reasoning });
  return { completion, usage };
}
