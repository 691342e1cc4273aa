import type { RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../services';
import { admitUnbilled, withRateLimit } from './auth/rate-limit';
import { createSurfaceHandler } from './pipeline/surface-handler';
import { clientAddressResolver } from './client-address';
import type { GatewayDeps } from './pipeline/gateway-deps';
import { RequestTrace, type TracedRequestInfo } from './pipeline/request-trace';
import { applyCors } from './cors';
import { renderGatewayError, type ErrorShape } from './error-handler';
import { GatewayError, gatewayErrors } from './gateway-error';
import { createModelsHandler } from './models-handler';
import { newRequestId } from './request-id';
import type { TraceSpan } from '../lib/tracing';
import { anthropicSurface, anthropicTokenCount } from './surfaces/anthropic';
import { transcriptionsSurface, translationsSurface } from './surfaces/audio';
import { chatSurface } from './surfaces/chat-surface';
import { completionsSurface } from './surfaces/completions';
import { embeddingsSurface } from './surfaces/embeddings';
import { geminiSurface, geminiTokenCount } from './surfaces/gemini';
import { responsesSurface } from './surfaces/responses';
import { rerankSurface } from './surfaces/rerank';
import { imageEditsSurface, imageGenerationsSurface } from './surfaces/media/images';
import { moderationsSurface } from './surfaces/media/moderations';
import { speechSurface } from './surfaces/media/speech';
import type { Surface, SurfaceName } from './surfaces/surface';
import { createTokenCountHandler } from './token-count-handler';

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function gatewayDepsFrom(services: Services): GatewayDeps {
  const { config, logger, keys, tokenLastUsed, catalogue, groups, channels, channelKeys, breakers, upstream, billing, usageLog } = services;
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
    affinity: services.affinity,
    upstream,
    billing,
    usageLog,
    chargeAnomalies: services.chargeAnomalies,
    requestObserver: services.requestObserver,
    clientAddress: clientAddressResolver(config.gateway.trustedProxies),
    tracer: services.tracing.tracer,
    displayRate: () => {
      const settings = services.settings.current();
      return { currency: settings.displayCurrency, quotaPerUnit: settings.quotaPerUnit };
    },
  };
}

interface Route {
  /** The request span's name: method and route template, never the raw path (it may carry a model name or a key). */
  name: string;
  /** The access line's and metrics' `surface`: the surface's name, `models` or `count_tokens`. */
  label: string;
  /** A billed surface's route: its requests leave a usage-log row (of this surface) once a key is known. */
  billed?: SurfaceName;
  /** The surface whose error shape answers everything on this route, failures before parsing included. */
  errors: ErrorShape;
  run(req: IncomingMessage, res: ServerResponse, requestId: string, info: TracedRequestInfo): Promise<void>;
}

/** The label of a request no route took (unknown URL, wrong method, CORS preflight). */
const NO_ROUTE = 'none';

function queryOf(url: string): URLSearchParams {
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Ends the request span with the status the caller got (a stream cut mid-way says so in `gateway.outcome`). */
function endRequestSpan(span: TraceSpan, res: ServerResponse): void {
  if (res.statusCode >= 500) span.fail(`http_${res.statusCode}`);
  span.end({ 'http.response.status_code': res.statusCode });
}

function notFound(method: string | undefined, fullPath: string): GatewayError {
  return new GatewayError(404, 'unknown_url', `Unknown request URL: ${method} ${fullPath}.`, 'invalid_request_error');
}

/**
 * The end of every request, served or refused at any step (before authentication too): its one
 * usage-log row (billed surfaces, once a key is known; an unauthenticated flood writes no rows),
 * its one access line and one count in the metrics. Nothing else writes any of the three.
 */
function finish(services: Services, trace: RequestTrace, res: ServerResponse, label: string, billed: boolean): void {
  // A billed exchange records its own status (a stream cut by the caller is a 499 on a 200 line);
  // elsewhere what was sent is the status.
  if (!billed && trace.errorCode === null) trace.httpStatus = res.statusCode;
  const row = trace.toRow();
  if (trace.span) trace.annotateSpan(trace.span, row);
  if (billed && trace.key) services.usageLog.write(row);
  try {
    services.requestObserver.finished(row, label);
  } catch {
    // Observing must never fail a request; a broken log destination is pino's to report.
  }
}

/** One request: request id, CORS, then the route (or a 404 in the caller's protocol); errors render once, here. */
function serve(
  services: Services,
  deps: GatewayDeps,
  req: IncomingMessage,
  res: ServerResponse,
  prefix: string,
  route: (path: string) => Route | Error,
  fallbackErrors: ErrorShape,
): void {
  const requestId = newRequestId();
  res.setHeader('x-request-id', requestId);
  if (applyCors(req, res, deps.config.corsOrigins)) {
    finish(services, new RequestTrace(requestId), res, NO_ROUTE, false);
    return;
  }
  const url = req.url ?? '/';
  const path = pathOf(url);
  const found = route(path);
  if (found instanceof Error) {
    const trace = new RequestTrace(requestId);
    trace.fail(found);
    renderGatewayError(res, found, deps.logger, prefix + path, fallbackErrors);
    finish(services, trace, res, NO_ROUTE, false);
    return;
  }
  // Incoming `traceparent` is continued; nothing of our trace is sent to vendors (see README, Tracing).
  const span = deps.tracer?.serverSpan(found.name, (name) => headerOf(req, name), {
    'http.request.method': req.method, 'http.route': found.name.slice(found.name.indexOf(' ') + 1), 'gateway.request_id': requestId,
  });
  const trace = new RequestTrace(requestId, span);
  if (found.billed) trace.surface = found.billed;
  const work = found.run(req, res, requestId, { req, query: queryOf(url), span, trace })
    .catch((err: unknown) => {
      if (trace.errorCode === null) trace.fail(err);
      renderGatewayError(res, err, deps.logger, prefix + path, found.errors);
    })
    .finally(() => finish(services, trace, res, found.label, found.billed !== undefined));
  // Drain waits for every request's work, its error rendering included.
  services.inFlight.trackWork(span ? work.finally(() => endRequestSpan(span, res)) : work);
}

const openAIErrors: ErrorShape = chatSurface.renderError;

/**
 * `/v1`: the OpenAI-compatible data plane plus Anthropic's Messages API, mounted with
 * `app.use('/v1', ...)` (Express strips the prefix). One plain handler with its own tiny
 * dispatch rather than an Express Router with middleware, so the hot route pays only for what
 * it uses (stack notes §9): no body parser, no per-route layers. Every response, errors
 * included, carries `x-request-id`; errors render in one place (renderGatewayError), in the
 * shape of the surface the route belongs to.
 */
export function createGatewayRouter(services: Services): RequestHandler {
  const deps = gatewayDepsFrom(services);
  const surfaceRoute = (surface: Surface, path: string): Route => ({
    name: `POST /v1${path}`,
    label: surface.name,
    billed: surface.name,
    errors: surface.renderError,
    run: withRateLimit(services, createSurfaceHandler(deps, surface)),
  });
  const chat = surfaceRoute(chatSurface, '/chat/completions');
  const messages = surfaceRoute(anthropicSurface, '/messages');
  const responses = surfaceRoute(responsesSurface, '/responses');
  const embeddings = surfaceRoute(embeddingsSurface, '/embeddings');
  const completions = surfaceRoute(completionsSurface, '/completions');
  const transcriptions = surfaceRoute(transcriptionsSurface, '/audio/transcriptions');
  const translations = surfaceRoute(translationsSurface, '/audio/translations');
  const rerank = surfaceRoute(rerankSurface, '/rerank');
  const mediaRoutes = new Map([
    ['/images/generations', surfaceRoute(imageGenerationsSurface, '/images/generations')],
    ['/images/edits', surfaceRoute(imageEditsSurface, '/images/edits')],
    ['/audio/speech', surfaceRoute(speechSurface, '/audio/speech')],
    ['/moderations', surfaceRoute(moderationsSurface, '/moderations')],
  ]);
  const models = createModelsHandler(deps);
  const countTokens = createTokenCountHandler(deps, anthropicTokenCount);
  const anthropicErrors: ErrorShape = anthropicSurface.renderError;

  const post = (path: string, route: Route) => (req: IncomingMessage): Route | Error =>
    req.method === 'POST' ? route : gatewayErrors.methodNotAllowed(req.method ?? '', `/v1${path}`);

  return (req, res) => {
    // Claude Code and the Anthropic SDKs send `anthropic-version` on every call, model listings included.
    const anthropic = req.headers['anthropic-version'] !== undefined;
    const shape = anthropic ? 'anthropic' : 'openai';
    serve(services, deps, req, res, '/v1', (path) => {
      if (path === '/chat/completions') return post(path, chat)(req);
      if (path === '/messages') return post(path, messages)(req);
      if (path === '/responses') return post(path, responses)(req);
      if (path === '/embeddings') return post(path, embeddings)(req);
      if (path === '/completions') return post(path, completions)(req);
      if (path === '/audio/transcriptions') return post(path, transcriptions)(req);
      if (path === '/audio/translations') return post(path, translations)(req);
      if (path === '/rerank') return post(path, rerank)(req);
      const media = mediaRoutes.get(path);
      if (media) return post(path, media)(req);
      if (path === '/messages/count_tokens') {
        return post(path, {
          name: 'POST /v1/messages/count_tokens',
          label: 'count_tokens',
          errors: anthropicErrors,
          run: async (rq, rs, _id, info) => countTokens(rq, rs, await admitUnbilled(services, rq, rs, info)),
        })(req);
      }
      const errors = anthropic ? anthropicErrors : openAIErrors;
      if (req.method === 'GET' && path === '/models') {
        return { name: 'GET /v1/models', label: 'models', errors, run: async (rq, rs, _id, info) => models.list(rq, rs, await admitUnbilled(services, rq, rs, info), shape) };
      }
      if (req.method === 'GET' && path.startsWith('/models/')) {
        const id = safeDecode(path.slice('/models/'.length));
        return {
          name: 'GET /v1/models/{model}', label: 'models', errors,
          run: async (rq, rs, _id, info) => models.retrieve(rq, rs, await admitUnbilled(services, rq, rs, info), id, shape),
        };
      }
      return notFound(req.method, `/v1${path}`);
    }, anthropic ? anthropicErrors : openAIErrors);
  };
}

const GEMINI_CALL = /^\/models\/(.+):(generateContent|streamGenerateContent|countTokens)$/;

/** `/v1beta`: Google's Gemini API (generateContent, streamGenerateContent, countTokens, models), key from `x-goog-api-key` or `?key=`. */
export function createGeminiRouter(services: Services): RequestHandler {
  const deps = gatewayDepsFrom(services);
  const generate = withRateLimit(services, createSurfaceHandler(deps, geminiSurface));
  const countTokens = createTokenCountHandler(deps, geminiTokenCount);
  const models = createModelsHandler(deps);
  const errors: ErrorShape = geminiSurface.renderError;
  return (req, res) => {
    serve(services, deps, req, res, '/v1beta', (path) => {
      const call = GEMINI_CALL.exec(path);
      if (call) {
        if (req.method !== 'POST') return gatewayErrors.methodNotAllowed(req.method ?? '', `/v1beta${path}`);
        const model = safeDecode(call[1]!).replace(/^models\//, '');
        const name = `POST /v1beta/models/{model}:${call[2]}`;
        if (call[2] === 'countTokens') {
          return { name, label: 'count_tokens', errors, run: async (rq, rs, _id, info) => countTokens(rq, rs, await admitUnbilled(services, rq, rs, info), model) };
        }
        const pathStream = call[2] === 'streamGenerateContent';
        return { name, label: geminiSurface.name, billed: geminiSurface.name, errors, run: (rq, rs, id, info) => generate(rq, rs, id, { ...info, pathModel: model, pathStream }) };
      }
      if (req.method === 'GET' && path === '/models') {
        return { name: 'GET /v1beta/models', label: 'models', errors, run: async (rq, rs, _id, info) => models.list(rq, rs, await admitUnbilled(services, rq, rs, info), 'gemini') };
      }
      if (req.method === 'GET' && path.startsWith('/models/')) {
        const id = safeDecode(path.slice('/models/'.length));
        return {
          name: 'GET /v1beta/models/{model}', label: 'models', errors,
          run: async (rq, rs, _id, info) => models.retrieve(rq, rs, await admitUnbilled(services, rq, rs, info), id, 'gemini'),
        };
      }
      return notFound(req.method, `/v1beta${path}`);
    }, errors);
  };
}
