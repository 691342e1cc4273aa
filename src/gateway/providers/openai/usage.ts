import type { OpenAIUsageBlock, Usage } from '../types';

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** OpenAI's usage block in our terms; absent or malformed fields count as zero. */
export function toUsage(block: OpenAIUsageBlock | null | undefined): Usage {
  if (!block || typeof block !== 'object') return { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const details = (block.prompt_tokens_details ?? {}) as { cached_tokens?: unknown; cache_write_tokens?: unknown; cache_creation_tokens?: unknown };
  const output = block.completion_tokens_details as { reasoning_tokens?: unknown } | null | undefined;
  const reasoningTokens = count(output && typeof output === 'object' ? output.reasoning_tokens : 0);
  const inDetails = typeof details === 'object' && details !== null;
  return {
    promptTokens: count(block.prompt_tokens),
    completionTokens: count(block.completion_tokens),
    // OpenAI's field; DeepSeek reports `prompt_cache_hit_tokens` instead (both part of prompt_tokens).
    cacheReadTokens: count(inDetails ? details.cached_tokens : 0) || count(block.prompt_cache_hit_tokens),
    // OpenRouter and other relays of Anthropic models report cache writes (also part of prompt_tokens).
    cacheWriteTokens: count(inDetails ? details.cache_write_tokens ?? details.cache_creation_tokens : 0),
    ...(reasoningTokens ? { reasoningTokens } : {}),
  };
}
