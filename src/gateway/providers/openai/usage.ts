import type { OpenAIUsageBlock, Usage } from '../types';

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** OpenAI's usage block in our terms; absent or malformed fields count as zero. */
export function toUsage(block: OpenAIUsageBlock | null | undefined): Usage {
  if (!block || typeof block !== 'object') return { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const details = block.prompt_tokens_details;
  const output = block.completion_tokens_details as { reasoning_tokens?: unknown } | null | undefined;
  const reasoningTokens = count(output && typeof output === 'object' ? output.reasoning_tokens : 0);
  return {
    promptTokens: count(block.prompt_tokens),
    completionTokens: count(block.completion_tokens),
    cacheReadTokens: count(details && typeof details === 'object' ? details.cached_tokens : 0),
    cacheWriteTokens: 0,
    ...(reasoningTokens ? { reasoningTokens } : {}),
  };
}
