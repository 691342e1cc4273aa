import type { RequestHandler } from 'express';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { disableChannelAutomatically } from '../domain/routing/channel-status';
import type { Services } from '../services';
import { createChatHandler } from './chat/chat-handler';
import type { GatewayDeps } from './chat/chat-deps';
import { applyCors } from './cors';
import { renderGatewayError } from './error-handler';
import { GatewayError, gatewayErrors } from './gateway-error';
import { createModelsHandler } from './models-handler';
import { newRequestId } from './request-id';

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function gatewayDepsFrom(services: Services): GatewayDeps {
  const { config, logger, keys, tokenLastUsed, catalogue, groups, channels, breakers, upstream, billing, usageLog } = services;
  return {
    config,
    logger,
    keys,
    tokenLastUsed,
    catalogue,
    groups,
    channels,
    breakers,
    upstream,
    billing,
    usageLog,
    disableChannel(channelId, reason) {
      disableChannelAutomatically(services, channelId, reason).catch((err) =>
        logger.error('could not disable a channel whose key was refused', { channelId, error: err as Error }),
      );
    },
  };
}

/**
 * The OpenAI-compatible data plane as a plain Node request handler: a tiny dispatch of its own
 * instead of an Express Router with middleware, so the hot route pays only for what it uses
 * (stack notes §9). `prefix` is the part of the URL before `/chat/completions` etc.: `/v1` when
 * called straight from the HTTP server, empty when mounted by Express (which strips it).
 * Every response, errors included, carries `x-request-id`; errors render in one place.
 */
export function createGatewayHandler(services: Services, prefix: '' | '/v1' = '/v1'): (req: IncomingMessage, res: ServerResponse) => void {
  const deps = gatewayDepsFrom(services);
  const chat = createChatHandler(deps);
  const models = createModelsHandler(deps);

  return (req, res) => {
    const requestId = newRequestId();
    res.setHeader('x-request-id', requestId);
    if (applyCors(req, res, deps.config.corsOrigins)) return;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = (q === -1 ? url : url.slice(0, q)).slice(prefix.length);
    let work: Promise<void>;
    if (path === '/chat/completions') {
      work = req.method === 'POST' ? chat(req, res, requestId) : Promise.reject(gatewayErrors.methodNotAllowed(req.method ?? '', '/v1/chat/completions'));
    } else if (path === '/models' && req.method === 'GET') {
      work = models.list(req, res);
    } else if (path.startsWith('/models/') && req.method === 'GET') {
      work = models.retrieve(req, res, safeDecode(path.slice('/models/'.length)));
    } else {
      work = Promise.reject(new GatewayError(404, 'unknown_url', `Unknown request URL: ${req.method} /v1${path}.`, 'invalid_request_error'));
    }
    work.catch((err: unknown) => renderGatewayError(res, err, deps.logger, path));
  };
}

/** `/v1` mounted in the Express app (for callers of buildApp without our HTTP server). */
export function createGatewayRouter(services: Services): RequestHandler {
  const handle = createGatewayHandler(services, '');
  return (req, res) => handle(req, res);
}

export function isGatewayUrl(url: string | undefined): boolean {
  return url !== undefined && url.startsWith('/v1') && (url.length === 3 || url[3] === '/' || url[3] === '?');
}

/**
 * The HTTP server's listener: `/v1/*` goes straight to the data plane, everything else to
 * Express. Express's per-request setup (prototype swaps, router walk) measured 100-200 µs of
 * CPU on this class of machine, a third of the data plane's whole budget; the control plane
 * keeps Express and loses nothing.
 */
export function withGatewayFastPath(app: RequestListener, services: Services): RequestListener {
  const gateway = createGatewayHandler(services, '/v1');
  return (req, res) => (isGatewayUrl(req.url) ? gateway(req, res) : app(req, res));
}
