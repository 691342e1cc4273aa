import type { ModelListPage, ModelListTarget } from '../model-list.types';
import type { UpstreamHttpRequest } from '../types';
import { ANTHROPIC_VERSION } from './wire';
import { trimTrailingSlashes } from '../../../lib/linear-text';

/** `GET /v1/models?limit=1000[&after_id=]` (https://docs.anthropic.com/en/api/models-list). */
export function buildAnthropicModelListRequest(target: ModelListTarget, after: string | null): UpstreamHttpRequest {
  const base = trimTrailingSlashes(target.baseUrl);
  const url = new URL(base.endsWith('/v1') ? `${base}/models` : `${base}/v1/models`);
  url.searchParams.set('limit', '1000');
  if (after) url.searchParams.set('after_id', after);
  return { method: 'GET', url: url.toString(), headers: { accept: 'application/json', 'x-api-key': target.apiKey, 'anthropic-version': ANTHROPIC_VERSION }, body: '' };
}

export function parseAnthropicModelList(json: unknown): ModelListPage {
  const page = json as { data?: unknown; has_more?: unknown; last_id?: unknown };
  if (!Array.isArray(page.data)) throw new Error('no data array');
  const ids = page.data.map((m) => (m as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
  return { ids, next: page.has_more === true && typeof page.last_id === 'string' ? page.last_id : null };
}
