import { openAIUrl } from '../openai/request';
import type { UpstreamHttpRequest, UpstreamTarget } from '../types';
import type { RerankUpstreamBody } from './wire';

/** The caller's rerank request, validated: documents already reduced to their text. */
export interface RerankQuery {
  query: string;
  documents: string[];
  topN?: number;
  maxChunksPerDoc?: number;
}

/**
 * The upstream request. Documents are never asked back (`return_documents: false`): the gateway
 * has them and attaches them itself, so the answer from upstream stays small whatever the caller asked.
 */
export function buildRerankRequest(query: RerankQuery, target: UpstreamTarget): UpstreamHttpRequest {
  const body: RerankUpstreamBody = {
    model: target.upstreamModel,
    query: query.query,
    documents: query.documents,
    return_documents: false,
    ...(query.topN !== undefined ? { top_n: query.topN } : {}),
    ...(query.maxChunksPerDoc !== undefined ? { max_chunks_per_doc: query.maxChunksPerDoc } : {}),
  };
  return {
    method: 'POST',
    url: openAIUrl(target.baseUrl, '/rerank'),
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}) },
    body: JSON.stringify(body),
  };
}
