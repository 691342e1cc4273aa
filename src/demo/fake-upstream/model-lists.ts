import type { RecordedRequest } from './behaviour';
import { sendJson, type RouteHandler } from './http-helpers';

const DEFAULT_MODELS = ['fake-model'];

/** Anthropic's `GET /v1/models`, paged by `limit` and `after_id` as the real one is. */
export const anthropicModels: RouteHandler = async (req, res, b) => {
  const ids = b.models ?? DEFAULT_MODELS;
  const url = new URL(req.path, 'http://fake');
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const after = url.searchParams.get('after_id');
  const start = after ? ids.indexOf(after) + 1 : 0;
  const page = ids.slice(start, start + limit);
  sendJson(res, 200, {
    data: page.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' })),
    has_more: start + limit < ids.length,
    first_id: page[0] ?? null,
    last_id: page[page.length - 1] ?? null,
  });
};

/** Gemini's `GET /v1beta/models`, `models/<id>` names, paged by `pageSize` and `pageToken`. */
export const geminiModels: RouteHandler = async (req, res, b) => {
  const ids = b.models ?? DEFAULT_MODELS;
  const url = new URL(req.path, 'http://fake');
  const size = Number(url.searchParams.get('pageSize') ?? 50);
  const start = Number(url.searchParams.get('pageToken') ?? 0);
  const next = start + size < ids.length ? String(start + size) : undefined;
  sendJson(res, 200, {
    models: ids.slice(start, start + size).map((id) => ({ name: `models/${id}`, displayName: id, supportedGenerationMethods: ['generateContent'] })),
    ...(next ? { nextPageToken: next } : {}),
  });
};

/** Anthropic's clients send `anthropic-version`; OpenAI's do not. Both list at /v1/models. */
export const isAnthropicRequest = (req: RecordedRequest): boolean => req.headers['anthropic-version'] !== undefined;
