import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_METHODS = 'GET, POST, OPTIONS';
const DEFAULT_ALLOWED_HEADERS = 'authorization, content-type, x-api-key, anthropic-version, anthropic-beta, x-goog-api-key, x-goog-api-client, openai-organization, openai-project, x-stainless-arch, x-stainless-lang, x-stainless-os, x-stainless-package-version, x-stainless-runtime, x-stainless-runtime-version, x-stainless-retry-count, x-stainless-timeout';

/**
 * CORS for /v1 so browser clients work. No credentials are involved (keys travel in the
 * Authorization header), so `*` is safe when configured; otherwise the request's Origin is
 * echoed only when listed. Returns true when it answered a preflight itself.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, origins: string[] | '*'): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (origins === '*') {
      res.setHeader('access-control-allow-origin', '*');
    } else if (origins.includes(origin)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'Origin');
    }
    res.setHeader('access-control-expose-headers', 'x-request-id');
  }
  if (req.method !== 'OPTIONS') return false;
  const requested = req.headers['access-control-request-headers'];
  res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
  res.setHeader('access-control-allow-headers', typeof requested === 'string' && requested ? requested : DEFAULT_ALLOWED_HEADERS);
  res.setHeader('access-control-max-age', '600');
  res.statusCode = 204;
  res.end();
  return true;
}
