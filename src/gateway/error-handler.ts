import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ServerResponse } from 'node:http';
import type { Logger } from '../lib/logger';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import { GatewayError, gatewayErrors } from './gateway-error';
import type { RenderedError } from './surfaces/surface';

/** A surface's error shape; OpenAI's by default. */
export type ErrorShape = (err: GatewayError) => RenderedError;
const openAIShape: ErrorShape = (err) => ({ status: err.status, body: err.toBody() });

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

/**
 * The coded error an exception stands for, if it is an expected one. A database that cannot be
 * reached is expected (an outage): 503 `service_unavailable` with Retry-After, logged once per
 * outage by DatabaseHealth rather than once per request here. Every surface renders through this.
 */
export function toGatewayError(err: unknown): GatewayError | undefined {
  if (err instanceof GatewayError) return err;
  if (isDatabaseUnavailable(err)) return gatewayErrors.serviceUnavailable();
  const e = err as BodyParserError;
  if (e?.type === 'entity.too.large') return gatewayErrors.requestTooLarge(e.limit ?? 0);
  if (e?.type === 'entity.parse.failed') return gatewayErrors.invalidRequest('We could not parse the JSON body of your request.');
  return undefined;
}

/**
 * The only place the data plane turns an error into an HTTP response: the calling surface's
 * error body (OpenAI's unless the surface has its own) with its status. Unexpected errors are logged and become a bare 500; once a response has
 * started (a stream) there is nothing left to render, so the connection is closed.
 */
export function renderGatewayError(res: ServerResponse, err: unknown, logger: Logger, path?: string, shape: ErrorShape = openAIShape): void {
  let error = toGatewayError(err);
  if (!error) {
    logger.error('unhandled data-plane error', { error: err as Error, path });
    error = gatewayErrors.internal();
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (res.destroyed) return;
  const rendered = shape(error);
  const payload = JSON.stringify(rendered.body);
  res.writeHead(rendered.status, { ...error.headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** Anything no route claimed (`HEAD /`, `/v2/...`): a JSON 404, never Express's HTML page. */
export function createNotFoundHandler(logger: Logger): RequestHandler {
  return (req, res) =>
    renderGatewayError(res, new GatewayError(404, 'unknown_url', `Unknown request URL: ${req.method} ${req.path}.`, 'invalid_request_error'), logger, req.path);
}

/** Express's error middleware, rendering through the same function. */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => renderGatewayError(res, err, logger, req.path);
}
