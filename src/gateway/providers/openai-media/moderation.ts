import { malformedUpstream } from '../openai-shape';
import { openAIUrl } from '../openai/request';
import type { UpstreamHttpRequest, UpstreamTarget } from '../types';

/** The caller's body as it came except `model`. */
export function buildOpenAIModerationRequest(raw: Record<string, unknown>, target: UpstreamTarget): UpstreamHttpRequest {
  return {
    method: 'POST',
    url: openAIUrl(target.baseUrl, '/moderations'),
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}) },
    body: JSON.stringify({ ...raw, model: target.upstreamModel }),
  };
}

/** OpenAI's moderation object (`results` a list) with `model` the catalogue id the caller asked for. */
export function parseOpenAIModeration(json: unknown, modelId: string): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { results?: unknown }).results)) throw malformedUpstream('moderation response');
  return { ...(json as Record<string, unknown>), model: modelId };
}
