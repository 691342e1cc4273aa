import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PriceMultiplier } from '../../domain/billing/billing.types';
import { maxCostOf } from '../../domain/billing/pricing';
import type { RouteGroup } from '../../domain/groups/group.types';
import { checkModelAccess } from '../../domain/groups/model-access';
import type { VerifiedKey } from '../../domain/tokens/key-verification.types';
import { authenticate } from '../auth/authenticate';
import { gatewayErrors } from '../gateway-error';
import { parseJsonBody, readBody } from '../http/read-body';
import { accessError, reserveError } from './admission-errors';
import type { GatewayDeps } from './chat-deps';
import type { ChatCall } from './chat-call';
import { validateChatBody } from './chat-request.schema';
import { ChargeOnce } from './charge-once';
import { ClientConnection } from './client-connection';
import { serveJson } from './json-exchange';
import { RequestTrace } from './request-trace';
import { serveStream } from './stream-exchange';
import { completionAllowance, estimatePrompt } from './token-estimate';

/** `auto` may be served by any group on its route: hold enough for the dearest. */
function dearest(route: readonly RouteGroup[]): PriceMultiplier {
  return route.reduce((a, g) => (g.multiplier.num * a.den > a.num * g.multiplier.den ? g.multiplier : a), route[0]!.multiplier);
}

/**
 * `POST /v1/chat/completions`: authenticate -> read and validate the body -> model, group,
 * tier and allow-list checks -> reserve the most it can cost -> JSON or SSE exchange with
 * failover -> settle. Every request that got past authentication leaves one usage-log row.
 */
export function createChatHandler(deps: GatewayDeps) {
  return async function handleChat(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const trace = new RequestTrace(requestId);
    const client = new ClientConnection(res);
    const key = await authenticate(req, deps.keys);
    trace.key = key;
    deps.tokenLastUsed.touch(key.tokenId);
    try {
      await admitAndServe(deps, req, res, trace, key, client);
    } catch (err) {
      if (trace.errorCode === null) trace.fail(err);
      throw err;
    } finally {
      deps.usageLog.write(trace.toRow());
    }
  };
}

async function admitAndServe(
  deps: GatewayDeps,
  req: IncomingMessage,
  res: ServerResponse,
  trace: RequestTrace,
  key: VerifiedKey,
  client: ClientConnection,
): Promise<void> {
  const validated = validateChatBody(parseJsonBody(await readBody(req, res, deps.config.bodyLimitBytes)));
  if (!validated.ok) throw validated.error;
  const body = validated.body;
  trace.modelId = body.model;
  trace.stream = body.stream === true;

  const catalogue = await deps.catalogue.get();
  const groups = await deps.groups.get();
  const access = await checkModelAccess(
    { catalogue, groups, key, unlockedTiers: () => deps.billing.activeTiers(key.userId), clientIp: req.socket.remoteAddress },
    body.model,
  );
  if (!access.ok) throw accessError(access.reason, body.model, key.groupName);
  const model = access.model;
  if (model.type === 'SPEECH_TO_TEXT') {
    // Speech models answer through the transcription path (a separate adapter family).
    throw gatewayErrors.invalidRequest(`The model \`${model.modelId}\` is a speech-to-text model and is not served on this gateway yet.`, 'model');
  }

  const prompt = estimatePrompt(body);
  const amount = maxCostOf(
    model.prices,
    { promptTokens: prompt.reserve, maxCompletionTokens: completionAllowance(body, model.maxOutputTokens), audioMs: 0 },
    dearest(access.route),
  );
  const reserved = await deps.billing.reserve({ requestId: trace.requestId, userId: key.userId, tokenId: key.tokenId, tier: model.tier, amount });
  if (!reserved.ok) throw reserveError(reserved.reason, model.modelId, amount);
  trace.bucket = reserved.reservation.bucket;
  trace.subscriptionId = reserved.reservation.subscriptionId;

  const call: ChatCall = {
    body,
    model,
    route: access.route,
    prompt,
    trace,
    client,
    charge: new ChargeOnce(deps.billing, reserved.reservation, deps.logger),
    responseContext: { model: body.model, requestId: trace.requestId, created: Math.floor(Date.now() / 1000) },
  };
  try {
    await (trace.stream ? serveStream(deps, call, res) : serveJson(deps, call, res));
  } finally {
    // Whatever went wrong on the way, an unsettled reservation is released, never left held.
    if (!call.charge.finished) await call.charge.release();
  }
}
