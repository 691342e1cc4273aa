import { malformedUpstream } from '../openai-shape';
import type { EmbeddingsAnswer, EmbeddingsProvider, OpenAIUsageBlock, UpstreamHttpRequest, UpstreamTarget } from '../types';
import { classifyOpenAIError } from './errors';
import { openAIHeaders, openAIUrl } from './request';
import { toUsage } from './usage';

/**
 * `POST {baseUrl}/embeddings`: the caller's body as it came (OpenAI-compatible servers take
 * fields the gateway does not know, such as `dimensions` or `encoding_format`), with the
 * channel's own name for the model.
 */
export function buildOpenAIEmbeddingsRequest(body: Readonly<Record<string, unknown>>, target: UpstreamTarget): UpstreamHttpRequest {
  return {
    method: 'POST',
    url: openAIUrl(target.baseUrl, '/embeddings'),
    headers: openAIHeaders(target.apiKey, 'application/json'),
    body: JSON.stringify({ ...body, model: target.upstreamModel }),
  };
}

/** The upstream's list of vectors, named for the catalogue model the caller asked for, and its `usage.prompt_tokens`. */
export function parseOpenAIEmbeddingsResponse(json: unknown, model: string): EmbeddingsAnswer {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { data?: unknown }).data)) throw malformedUpstream('embeddings list');
  const payload: Record<string, unknown> = { ...(json as Record<string, unknown>), model };
  return { payload, promptTokens: toUsage(payload.usage as OpenAIUsageBlock | undefined).promptTokens };
}

/** Embeddings over an OpenAI-compatible `/embeddings` (protocol OPENAI). */
export const openAIEmbeddingsProvider: EmbeddingsProvider = {
  protocol: 'OPENAI',
  buildEmbeddingsRequest: buildOpenAIEmbeddingsRequest,
  parseEmbeddingsResponse: parseOpenAIEmbeddingsResponse,
  classifyError: classifyOpenAIError,
};
