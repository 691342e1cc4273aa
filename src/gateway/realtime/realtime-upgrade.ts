import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import type { Services } from '../../services';
import { checkModelAccess } from '../../domain/groups/model-access';
import type { RouteGroup } from '../../domain/groups/group.types';
import type { PickedChannel } from '../../domain/routing/channel-picker';
import type { VerifiedKey } from '../../domain/tokens/key-verification.types';
import { recordedModelName } from '../../domain/usage/recorded-model-name';
import { authenticate } from '../auth/authenticate';
import { spendRequest, takeSlot } from '../auth/rate-limit';
import { renderGatewayError } from '../error-handler';
import { GatewayError, gatewayErrors } from '../gateway-error';
import { gatewayDepsFrom } from '../gateway-router';
import { accessError } from '../pipeline/admission-errors';
import { runWithFailover, type AttemptOutcome } from '../pipeline/failover';
import type { GatewayDeps } from '../pipeline/gateway-deps';
import { RequestTrace } from '../pipeline/request-trace';
import { dearest } from '../pipeline/model-fallbacks';
import { targetFor } from '../pipeline/admitted-call';
import { chosenSubprotocol, keyFromSubprotocols, realtimeUpstreamUrl, subprotocolsOf } from '../providers/openai-realtime/events';
import { newRequestId } from '../request-id';
import type { AttemptFailure } from '../upstream/upstream-call';
import { holdResponse, observeQuietly, releaseHold, type SessionBilling } from './response-bills';
import type { RealtimeSessionSummary } from '../../observability/request-observer';
import { RealtimeSession } from './realtime-session';

/** Audio arrives as base64 in `input_audio_buffer.append` events; OpenAI takes up to 15 MiB of audio per event. */
const MAX_FRAME_BYTES = 24 * 1024 * 1024;
const PATH = '/v1/realtime';

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * `GET /v1/realtime?model=...` upgraded to a WebSocket (OpenAI's Realtime protocol). Everything
 * before the upgrade is the pipeline's admission, answered as plain HTTP errors in OpenAI's
 * shape (a WebSocket client sees the status): the key (`Authorization: Bearer`, or the browser
 * subprotocol `openai-insecure-api-key.sk-...`), the per-key and per-user concurrency limits
 * (a session holds its slot until it ends, like a stream), the per-minute budget, the model's
 * access checks, the first response's hold, and the upstream's own upgrade, with failover to
 * another channel while the caller has received nothing. Then the session relays and bills
 * (realtime-session.ts). During a drain, new sessions are refused with a 503.
 */
export function createRealtimeUpgrade(services: Services): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  const deps = gatewayDepsFrom(services);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, handleProtocols: (offered) => chosenSubprotocol([...offered]) ?? false });
  return (req, socket, head) => {
    if (pathOf(req.url ?? '') !== PATH) {
      socket.destroy();
      return;
    }
    const res = new ServerResponse(req);
    res.assignSocket(socket as never);
    const trace = new RequestTrace(newRequestId());
    trace.surface = 'realtime';
    trace.stream = true;
    res.setHeader('x-request-id', trace.requestId);
    void admit(services, deps, req, res, trace).then(
      (admitted) => {
        res.detachSocket(socket as never);
        wss.handleUpgrade(req, socket, head, (client) => {
          const opened = performance.now();
          const session = new RealtimeSession(admitted.billing, client, admitted.upstream, admitted.firstHold, deps.logger);
          const ended = session.done.finally(admitted.releaseSlot).then(() => logSession(deps, trace, admitted.billing, session.endedBy, performance.now() - opened));
          services.inFlight.trackSession(session, ended);
        });
      },
      (err: unknown) => {
        if (trace.errorCode === null) trace.fail(err);
        renderGatewayError(res, err, deps.logger, PATH);
        res.on('finish', () => socket.destroy());
        // A refused upgrade is a request like any other: a usage row once a key is known, an access line and its metrics always.
        const row = trace.toRow();
        if (trace.key) services.usageLog.write(row);
        observeQuietly(deps, row);
      },
    );
  };
}

function logSession(deps: GatewayDeps, trace: RequestTrace, billing: SessionBilling, endedBy: RealtimeSessionSummary['endedBy'], durationMs: number): void {
  try {
    deps.requestObserver.sessionEnded({
      requestId: trace.requestId, userId: billing.key.userId, tokenId: billing.key.tokenId, model: trace.modelId, channelId: billing.attempt.channelId,
      endedBy, responses: billing.responses, cost: billing.charged, durationMs: Math.round(durationMs),
    });
  } catch {
    // a broken log destination is pino's to report
  }
}

interface Admitted {
  billing: SessionBilling;
  upstream: WebSocket;
  firstHold: Awaited<ReturnType<typeof holdResponse>>;
  releaseSlot: () => void;
}

async function admit(services: Services, deps: GatewayDeps, req: IncomingMessage, res: ServerResponse, trace: RequestTrace): Promise<Admitted> {
  if (services.inFlight.draining) throw gatewayErrors.serviceUnavailable(5);
  // Browsers cannot set headers on a WebSocket: their key comes as a subprotocol, checked like a header's.
  const fromProtocol = keyFromSubprotocols(subprotocolsOf(req.headers['sec-websocket-protocol']));
  if (!req.headers.authorization && fromProtocol) req.headers.authorization = `Bearer ${fromProtocol}`;
  const key = await authenticate(req, deps.keys);
  trace.key = key;
  const slot = await takeSlot(services, key);
  if (slot instanceof GatewayError) throw slot;
  let firstHold: Awaited<ReturnType<typeof holdResponse>> | undefined;
  try {
    const refusal = await spendRequest(services, key, res);
    if (refusal) throw refusal;
    const modelId = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('model');
    if (!modelId) throw gatewayErrors.invalidRequest('Missing required query parameter: model (e.g. /v1/realtime?model=gpt-realtime).', 'model');
    const billing = await sessionBilling(deps, req, key, modelId, trace);
    firstHold = await holdResponse(billing, billing.model.maxOutputTokens, 0);
    const connected = await connectUpstream(deps, billing, req, trace);
    const upstream = connected.socket;
    billing.attempt = trace.attempts.at(-1)!;
    // Held at the dearest group of the route; charged at the group whose channel serves, and costed at that channel's basis.
    billing.multiplier = connected.group.multiplier;
    billing.channel = connected.channel;
    return { billing, upstream, firstHold, releaseSlot: () => slot.release() };
  } catch (err) {
    slot.release();
    if (firstHold) await releaseHold(firstHold);
    throw err;
  }
}

async function sessionBilling(deps: GatewayDeps, req: IncomingMessage, key: VerifiedKey, modelId: string, trace: RequestTrace): Promise<SessionBilling> {
  const catalogue = await deps.catalogue.get();
  trace.modelId = recordedModelName(modelId, catalogue);
  const access = await checkModelAccess(
    { catalogue, groups: await deps.groups.get(), key, unlockedTiers: () => deps.billing.activeTiers(key.userId), clientIp: deps.clientAddress(req) },
    modelId,
  );
  if (!access.ok) throw accessError(access.reason, modelId, key.groupName);
  if (access.model.type !== 'REALTIME') throw gatewayErrors.invalidRequest(`The model \`${modelId}\` is not a realtime model.`, 'model');
  return {
    deps, key, model: access.model, multiplier: dearest(access.route), route: access.route,
    attempt: { channelId: 0, status: null, error: null, latencyMs: 0 }, channel: null, responses: 0, charged: 0n,
  };
}

/** The upstream's own upgrade, on the first channel that accepts it (failover before the caller has anything). */
async function connectUpstream(
  deps: GatewayDeps, billing: SessionBilling, req: IncomingMessage, trace: RequestTrace,
): Promise<{ socket: WebSocket; group: RouteGroup; channel: PickedChannel['channel'] }> {
  const result = await runWithFailover(deps, { modelId: billing.model.modelId, route: billing.route, maxAttempts: deps.config.routing.maxAttempts }, trace, async (picked) => {
    if (picked.channel.protocol !== 'OPENAI') {
      return { kind: 'failed', failure: { kind: 'ERROR', status: null, message: `no realtime adapter for protocol ${picked.channel.protocol}`, retryable: true, keyInvalid: false } };
    }
    const target = targetFor(picked, billing.model);
    const headers: Record<string, string> = target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {};
    const beta = req.headers['openai-beta'];
    if (typeof beta === 'string') headers['openai-beta'] = beta;
    return openUpstreamSocket(realtimeUpstreamUrl(target.baseUrl, target.upstreamModel), headers, picked.channel.firstByteTimeoutMs);
  });
  if (result.kind === 'failed') throw result.error ?? gatewayErrors.upstreamError('The caller left before the session opened.');
  deps.breakers.onSuccess(result.picked.channel.id);
  return { socket: result.value, group: result.picked.group, channel: result.picked.channel };
}

function openUpstreamSocket(url: string, headers: Record<string, string>, timeoutMs: number): Promise<AttemptOutcome<WebSocket>> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers, handshakeTimeout: timeoutMs, maxPayload: MAX_FRAME_BYTES });
    const fail = (failure: AttemptFailure) => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
      resolve({ kind: 'failed', failure });
    };
    socket.once('open', () => {
      // The upstream speaks first (`session.created`): nothing is read until the session relays it.
      socket.pause();
      socket.removeAllListeners('error');
      socket.removeAllListeners('unexpected-response');
      resolve({ kind: 'served', value: socket });
    });
    socket.once('unexpected-response', (_request, response) => {
      const status = response.statusCode ?? 502;
      response.resume();
      const keyInvalid = status === 401 || status === 403;
      fail({ kind: 'ERROR', status, message: `the upstream refused the realtime upgrade with HTTP ${status}`, retryable: status === 429 || status >= 500 || keyInvalid, keyInvalid });
    });
    socket.once('error', (err) => {
      const timeout = /timed out/i.test(err.message);
      fail({ kind: timeout ? 'TIMEOUT' : 'ERROR', status: null, message: err.message, retryable: true, keyInvalid: false });
    });
  });
}
