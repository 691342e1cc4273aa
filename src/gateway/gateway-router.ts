import type { RequestHandler } from 'express';
import type { Services } from '../services';
import { withRateLimit } from './auth/rate-limit';
import { createChatHandler } from './chat/chat-handler';
import { clientAddressResolver } from './client-address';
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
  const { config, logger, keys, tokenLastUsed, catalogue, groups, channels, channelKeys, breakers, upstream, headroom, billing, usageLog } = services;
  return {
    config,
    logger,
    keys,
    tokenLastUsed,
    catalogue,
    groups,
    channels,
    channelKeys,
    breakers,
    upstream,
    headroom,
    billing,
    usageLog,
    clientAddress: clientAddressResolver(config.gateway.trustedProxies),
  };
}

/**
 * `/v1`: the OpenAI-compatible data plane, mounted with `app.use('/v1', ...)` (Express strips the
 * prefix). One plain handler with its own tiny dispatch rather than an Express Router with
 * middleware, so the hot route pays only for what it uses (stack notes §9): no body parser, no
 * per-route layers. Every response, errors included, carries `x-request-id`; errors render in one
 * place (renderGatewayError), the same function the app's error middleware uses.
 */
export function createGatewayRouter(services: Services): RequestHandler {
  const deps = gatewayDepsFrom(services);
  const { chat, models } = withRateLimit(services, createChatHandler(deps), createModelsHandler(deps));

  return (req, res) => {
    const requestId = newRequestId();
    res.setHeader('x-request-id', requestId);
    if (applyCors(req, res, deps.config.corsOrigins)) return;
    const url = req.url;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    let work: Promise<void>;
    if (path === '/chat/completions') {
      work = req.method === 'POST' ? chat(req, res, requestId) : Promise.reject(gatewayErrors.methodNotAllowed(req.method, '/v1/chat/completions'));
    } else if (path === '/models' && req.method === 'GET') {
      work = models.list(req, res);
    } else if (path.startsWith('/models/') && req.method === 'GET') {
      work = models.retrieve(req, res, safeDecode(path.slice('/models/'.length)));
    } else {
      work = Promise.reject(new GatewayError(404, 'unknown_url', `Unknown request URL: ${req.method} /v1${path}.`, 'invalid_request_error'));
    }
    services.inFlight.trackWork(work.catch((err: unknown) => renderGatewayError(res, err, deps.logger, path)));
  };
}
