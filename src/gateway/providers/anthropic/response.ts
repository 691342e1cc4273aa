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

/** Anthropic's `input_tokens` excludes cached input; OpenAI's `prompt_tokens` counts all of it. */
export function usageOf(usage: AnthropicUsage): Usage {
  const cacheReadTokens = usage.cache_read_input_tokens ?? 0;
  const cacheWriteTokens = usage.cache_creation_input_tokens ?? 0;
  return {
    promptTokens: (usage.input_tokens ?? 0) + cacheReadTokens + cacheWriteTokens,
    completionTokens: usage.output_tokens ?? 0,
    cacheReadTokens,
    cacheWriteTokens,
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
