import type { ModelListPage, ModelListTarget } from '../model-list.types';
import type { UpstreamHttpRequest } from '../types';
import { trimTrailingSlashes } from '../../../lib/linear-text';

/** `GET /v1beta/models?pageSize=1000[&pageToken=]` (https://ai.google.dev/api/models#method:-models.list). */
export function buildGeminiModelListRequest(target: ModelListTarget, pageToken: string | null): UpstreamHttpRequest {
  const trimmed = trimTrailingSlashes(target.baseUrl);
  const base = /\/v1(beta\d*|alpha)?$/.test(trimmed) ? trimmed : `${trimmed}/v1beta`;
  const url = new URL(`${base}/models`);
  url.searchParams.set('pageSize', '1000');
  if (pageToken) url.searchParams.set('pageToken', pageToken);
  return { method: 'GET', url: url.toString(), headers: { accept: 'application/json', 'x-goog-api-key': target.apiKey }, body: '' };
}

/** Gemini names models `models/<id>`; the id is what channels and the catalogue use. */
export function parseGeminiModelList(json: unknown): ModelListPage {
  const page = json as { models?: unknown; nextPageToken?: unknown };
  if (!Array.isArray(page.models)) throw new Error('no models array');
  const ids = page.models
    .map((m) => (m as { name?: unknown }).name)
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.replace(/^models\//, ''));
  return { ids, next: typeof page.nextPageToken === 'string' && page.nextPageToken ? page.nextPageToken : null };
}
