import { malformedUpstream } from '../openai-shape';
import type { RerankUpstreamAnswer, RerankUpstreamResult } from './wire';

/** A ranked answer and what the upstream said it billed (null: it did not say). */
export interface RerankAnswer {
  results: RerankUpstreamResult[];
  searchUnits: number | null;
  totalTokens: number | null;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
}

/**
 * Reads a Cohere- or Jina-shaped answer. Results whose index is not one of the caller's documents
 * make the answer malformed (another channel is tried), so the gateway never attaches a wrong document.
 */
export function parseRerankResponse(json: unknown, documentCount: number): RerankAnswer {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { results?: unknown }).results)) throw malformedUpstream('rerank results');
  const answer = json as RerankUpstreamAnswer;
  const results: RerankUpstreamResult[] = [];
  for (const r of answer.results as unknown[]) {
    const { index, relevance_score: score } = (r ?? {}) as { index?: unknown; relevance_score?: unknown };
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= documentCount || typeof score !== 'number') {
      throw malformedUpstream('rerank result');
    }
    results.push({ index, relevance_score: score });
  }
  results.sort((a, b) => b.relevance_score - a.relevance_score);
  return {
    results,
    searchUnits: count(answer.meta?.billed_units?.search_units),
    totalTokens: count(answer.usage?.total_tokens) ?? count(answer.usage?.prompt_tokens),
  };
}
