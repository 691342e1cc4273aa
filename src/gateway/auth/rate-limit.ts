import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConcurrencyClaim, ConcurrencyLease, ConcurrencyLimiter } from '../../domain/rate-limit/concurrency-limiter';
import type { RateBudget, RateDecision, RateLimiter } from '../../domain/rate-limit/rate-limiter';
import type { RuntimeSettings } from '../../domain/settings/runtime-settings.service';
import type { RuntimeSettingsValues } from '../../domain/settings/settings-definitions';
import type { KeyVerifier } from '../../domain/tokens/key-verifier';
import type { VerifiedKey } from '../../domain/tokens/key-verification.types';
import { effectiveKeyLimit } from '../../domain/tokens/token-rules';
import { GatewayError, gatewayErrors } from '../gateway-error';
import type { KeyedHandler, SurfaceHandler } from '../pipeline/surface-handler';
import type { TracedRequestInfo } from '../pipeline/request-trace';
import { spanned } from '../../lib/tracing';
import { authenticate } from './authenticate';

export interface RateLimitDeps {
  keys: KeyVerifier;
  rateLimiter: RateLimiter;
  concurrencyLimiter: ConcurrencyLimiter;
  /** defaultRpm and the concurrency limits: runtime settings, read from memory on every request. */
  settings: Pick<RuntimeSettings, 'current'>;
}

/** OpenAI writes resets as Go durations: "250ms", "1.5s", "1m0s". */
export function formatResetDuration(ms: number): string {
  if (ms <= 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = String(Number(((ms - minutes * 60_000) / 1000).toFixed(3)));
  return minutes > 0 ? `${minutes}m${seconds}s` : `${seconds}s`;
}

function setRateLimitHeaders(res: ServerResponse, decision: RateDecision): void {
  res.setHeader('x-ratelimit-limit-requests', String(decision.limit));
  res.setHeader('x-ratelimit-remaining-requests', String(decision.remaining));
  res.setHeader('x-ratelimit-reset-requests', formatResetDuration(decision.resetMs));
}

/**
 * Spends one request of the key's per-minute budget and of its owner's, if the settings give one,
 * and puts OpenAI's `x-ratelimit-*` headers (the key's) on the response (they survive into
 * whatever status it ends with). Returns the 429 to throw, if any. Both budgets are spent together
 * or not at all: a request either refuses costs the other nothing. A key with no limit (token
 * null and the defaultRpm setting 0, or token 0) costs nothing of its own.
 */
export async function spendRequest(deps: RateLimitDeps, key: VerifiedKey, res: ServerResponse): Promise<GatewayError | null> {
  const settings = deps.settings.current();
  const budgets: RateBudget[] = [];
  if (settings.maxRpmPerUser > 0) budgets.push({ key: `user:${key.userId}`, limit: settings.maxRpmPerUser });
  // The setting is a ceiling: a key's own limit may be lower, never higher nor unlimited (keys saved before that rule too).
  const limit = effectiveKeyLimit(key.rateLimitRpm, settings.defaultRpm);
  const keyBudget = limit > 0 ? budgets.push({ key: `token:${key.tokenId}`, limit }) - 1 : -1;
  if (budgets.length === 0) return null;
  const outcome = await deps.rateLimiter.consumeAll(budgets);
  if (!outcome.allowed) {
    if (outcome.refusedBy === keyBudget) setRateLimitHeaders(res, outcome.decision);
    return gatewayErrors.rateLimitExceeded(outcome.decision.limit, outcome.decision.resetMs);
  }
  const decision = outcome.decisions[keyBudget];
  // The store was unreachable and the request let through: no numbers rather than made-up ones.
  if (decision && !decision.failedOpen) setRateLimitHeaders(res, decision);
  return null;
}

const NO_SLOT: ConcurrencyLease = { release: () => undefined };

/** The limits a request of this key must fit under: its own (the token's, else the default) and its owner's. */
function concurrencyClaims(settings: RuntimeSettingsValues, key: VerifiedKey): ConcurrencyClaim[] {
  const claims: ConcurrencyClaim[] = [];
  const perKey = effectiveKeyLimit(key.maxConcurrent, settings.defaultMaxConcurrentPerKey);
  if (perKey > 0) claims.push({ scope: 'key', userId: key.userId, id: key.tokenId, limit: perKey });
  const perUser = settings.maxConcurrentPerUser;
  if (perUser > 0) claims.push({ scope: 'user', userId: key.userId, id: key.userId, limit: perUser });
  return claims;
}

/** Takes a slot of the key's and the user's concurrency limits, or returns the 429 to throw. */
export async function takeSlot(deps: RateLimitDeps, key: VerifiedKey): Promise<ConcurrencyLease | GatewayError> {
  const claims = concurrencyClaims(deps.settings.current(), key);
  if (claims.length === 0) return NO_SLOT;
  const decision = await deps.concurrencyLimiter.acquire(claims);
  return decision.admitted ? decision.lease : gatewayErrors.concurrencyLimitExceeded(decision.refused.scope, decision.refused.limit);
}

/**
 * Puts the per-key limits in front of the /v1 handlers, right after authentication and before
 * the body is read. DESIGN §3 lists 429 after the 400-402 checks, but a limit that first parses
 * bodies and asks the billing tables does not protect the gateway; OpenAI too answers 429 before
 * looking at the body. So a refused request reserves nothing and charges nothing, and every
 * authenticated request (an invalid one too) counts. The handler gets the key authenticated
 * here (also kept on the request's trace for its usage row and access line): one
 * authentication per request.
 *
 * A refusal is only thrown: the gateway router ends every request the same way, so a refused
 * request of a billed surface gets its usage-log row (REJECTED, 429) where a served one does.
 *
 * The concurrency slot comes first (a request refused for it spends none of the per-minute
 * budget) and is held until the handler has finished in every sense: the whole stream, a
 * failure, the caller leaving, the drain cutting it. It is freed in one `finally`, once. The
 * unbilled endpoints take none: they never hold an upstream connection.
 */
export function withRateLimit(deps: RateLimitDeps, handler: KeyedHandler): SurfaceHandler {
  return async (req, res, requestId, info) => {
    const key = await spanned(info.span?.child('gateway.authenticate'), authenticate(req, deps.keys));
    info.trace.key = key;
    const slot = await takeSlot(deps, key);
    if (slot instanceof GatewayError) throw slot;
    try {
      const refusal = await spendRequest(deps, key, res);
      if (refusal) throw refusal;
      return await handler(req, res, requestId, info, key);
    } finally {
      slot.release();
    }
  };
}

/** The per-key limit in front of an unbilled endpoint (model lists, token counts): no usage row. Returns the key. */
export async function admitUnbilled(deps: RateLimitDeps, req: IncomingMessage, res: ServerResponse, info: Pick<TracedRequestInfo, 'span' | 'trace'>): Promise<VerifiedKey> {
  const key = await spanned(info.span?.child('gateway.authenticate'), authenticate(req, deps.keys));
  info.trace.key = key;
  const refusal = await spendRequest(deps, key, res);
  if (refusal) throw refusal;
  return key;
}
