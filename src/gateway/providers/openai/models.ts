import type { ModelListPage, ModelListTarget } from '../model-list.types';
import type { UpstreamHttpRequest } from '../types';
import { openAIUrl } from './request';

/** `GET {baseUrl}/models` (OpenAI and compatible servers answer every model in one page). */
export function buildOpenAIModelListRequest(target: ModelListTarget): UpstreamHttpRequest {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (target.apiKey) headers.authorization = `Bearer ${target.apiKey}`;
  return { method: 'GET', url: openAIUrl(target.baseUrl, '/models'), headers, body: '' };
}

export function parseOpenAIModelList(json: unknown): ModelListPage {
  const data = (json as { data?: unknown }).data;
  if (!Array.isArray(data)) throw new Error('no data array');
  return { ids: data.map((m) => (m as { id?: unknown }).id).filter((id): id is string => typeof id === 'string'), next: null };
}
