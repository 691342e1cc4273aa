import type { UsageOutcome } from '../../db/entities';
import type { RouteGroup } from '../../domain/groups/group.types';
import type { BreakerRegistry } from '../../domain/routing/circuit-breaker';
import type { ChannelDirectory } from '../../domain/routing/channel-directory';
import type { ChannelKeyHealth } from '../../domain/routing/channel-key-health';
import { pickKey } from '../../domain/routing/channel-key-picker';
import { pickAffine, pickChannel, type PickedChannel } from '../../domain/routing/channel-picker';
import type { CostedModel } from '../../domain/routing/cost-basis';
import { sameTarget, type AffinityStore, type AffinityTarget } from '../../domain/routing/affinity-store';
import { GatewayError, gatewayErrors } from '../gateway-error';
import type { ChannelKeyInfo } from '../../domain/routing/channel.types';
import { redactSecrets } from '../../lib/secret-redaction';
import type { AttemptFailure } from '../upstream/upstream-call';
import type { RequestTrace } from './request-trace';

export type AttemptOutcome<T> = { kind: 'served'; value: T } | { kind: 'failed'; failure: AttemptFailure };

export type FailoverResult<T> =
  | { kind: 'served'; value: T; picked: PickedChannel }
  /** `error` null: the caller left, there is nobody to answer. */
  | { kind: 'failed'; error: GatewayError | null; outcome: UsageOutcome };

export interface FailoverDeps {
  channels: ChannelDirectory;
  breakers: BreakerRegistry;
  /** Disables keys the upstream refused (in the background) and counts key use. */
  channelKeys: Pick<ChannelKeyHealth, 'refused' | 'used'>;
  /** Prompt-cache sessions' channels and keys; undefined: affinity is off. */
  affinity: AffinityStore | undefined;
}

export interface FailoverPlan {
  modelId: string;
  /** The model with its prices, for routing policies that compare channels' costs. */
  model?: CostedModel;
  route: readonly RouteGroup[];
  maxAttempts: number;
  /** The request's prompt-cache session (affinity-session.ts); undefined: no affinity. */
  session?: string;
}

/**
 * Tries channels until one serves: a channel not tried yet in this request, picked by
 * `pickChannel`, at most `maxAttempts` times. Only failures before anything reached the caller
 * come back here (an attempt reports `served` once it has committed a response). Breakers learn
 * from every failure; a served attempt's verdict is left to the caller, who sees how it ends.
 * A key the upstream refuses is disabled and the same channel is tried again with its next key
 * (not counted as another channel attempt): the caller never sees a refused key while the
 * channel has another one. An attempt that never got one of the gateway's own connections to
 * the host (UPSTREAM_POOL_WAIT_MS) is not the channel's failure: its breaker is not told, and when
 * that is all that happened the caller gets a 503 `gateway_busy` rather than an upstream error.
 * A request with a session goes first to the channel and key its session last used (pickAffine),
 * looked up while the channel snapshot loads; when another channel or key served (a breaker, a
 * refused or disabled key, a failover, or a new session) the session moves there, written once.
 */
export async function runWithFailover<T>(
  deps: FailoverDeps,
  plan: FailoverPlan,
  trace: RequestTrace,
  attempt: (picked: PickedChannel) => Promise<AttemptOutcome<T>>,
): Promise<FailoverResult<T>> {
  const session = deps.affinity && plan.session;
  const [snapshot, remembered] = await Promise.all([deps.channels.get(), session ? deps.affinity!.recall(session) : undefined]);
  const tried = new Set<number>();
  let last: AttemptFailure | undefined;
  let everyFailureTimedOut = true;
  let busy = false;
  for (let n = 0; n < plan.maxAttempts; n++) {
    let picked =
      (remembered && pickAffine(snapshot, plan.modelId, plan.route, tried, deps.breakers, remembered)) ||
      pickChannel(snapshot, plan.model ?? plan.modelId, plan.route, tried, deps.breakers);
    if (!picked) break;
    const id = picked.channel.id;
    tried.add(id);
    const keysUsed = new Set<number>();
    let outcome: AttemptOutcome<T>;
    let started: number;
    for (;;) {
      trace.startAttempt(id);
      started = performance.now();
      deps.channelKeys.used(picked.key);
      try {
        outcome = await attempt(picked);
      } catch (err) {
        // Nothing was learnt about the channel (an adapter refused to translate the request, or a
        // bug): its probe slot is freed, or a half-open breaker would stay shut for good.
        deps.breakers.onInconclusive(id);
        const refused = err instanceof GatewayError && err.status >= 400 && err.status < 500;
        const message = err instanceof Error ? err.message : String(err);
        trace.addAttempt({ channelId: id, status: refused ? err.status : null, error: message.slice(0, 500), latencyMs: Math.round(performance.now() - started) });
        // A request this channel's protocol cannot express is the caller's to fix, like an upstream 400.
        if (refused) return { kind: 'failed', error: err, outcome: 'REJECTED' };
        throw err;
      }
      if (outcome.kind === 'failed') outcome = { kind: 'failed', failure: redactFailure(outcome.failure, picked.key) };
      if (outcome.kind !== 'failed' || !outcome.failure.keyInvalid) break;
      const failure = outcome.failure;
      deps.channelKeys.refused(id, picked.key, `upstream refused the key (HTTP ${failure.status}): ${failure.message}`);
      if (!picked.key) break;
      keysUsed.add(picked.key.id);
      const next = pickKey(picked.channel, keysUsed);
      if (!next) break;
      trace.addAttempt({ channelId: id, status: failure.status, error: failure.message.slice(0, 500), latencyMs: Math.round(performance.now() - started) });
      picked = { ...picked, key: next };
    }
    const latencyMs = Math.round(performance.now() - started);
    if (outcome.kind === 'served') {
      trace.addAttempt({ channelId: id, status: 200, error: null, latencyMs });
      if (session) {
        const served: AffinityTarget = { channelId: id, keyId: picked.key?.id ?? null };
        if (!sameTarget(remembered, served)) deps.affinity!.remember(session, served);
      }
      return { kind: 'served', value: outcome.value, picked };
    }
    const failure = outcome.failure;
    trace.addAttempt({ channelId: id, status: failure.status, error: failure.message.slice(0, 500), latencyMs });
    if (failure.kind === 'CLIENT_GONE') {
      deps.breakers.onInconclusive(id);
      return { kind: 'failed', error: null, outcome: 'CLIENT_ABORTED' };
    }
    if (failure.callerError) {
      deps.breakers.onSuccess(id); // the channel answered properly; the request was wrong
      return { kind: 'failed', error: failure.callerError, outcome: 'REJECTED' };
    }
    if (failure.gatewayBusy) {
      // Our own connection queue was full: nothing reached the channel, so its breaker learns nothing.
      deps.breakers.onInconclusive(id);
      busy = true;
      continue;
    }
    deps.breakers.onFailure(id, failure.message);
    last = failure;
    if (failure.kind !== 'TIMEOUT') everyFailureTimedOut = false;
    if (!failure.retryable) break;
  }
  if (!last && busy) return { kind: 'failed', error: gatewayErrors.gatewayBusy(), outcome: 'NO_CHANNEL' };
  if (!last) return { kind: 'failed', error: gatewayErrors.noAvailableChannel(plan.modelId), outcome: 'NO_CHANNEL' };
  const tries = `${tried.size} channel${tried.size === 1 ? '' : 's'}`;
  return everyFailureTimedOut
    ? { kind: 'failed', error: gatewayErrors.upstreamTimeout(`The upstream did not answer in time (${tries} tried).`), outcome: 'UPSTREAM_TIMEOUT' }
    : {
        kind: 'failed',
        error: gatewayErrors.upstreamError(`The upstream failed${last.status ? ` with HTTP ${last.status}` : ''} (${tries} tried).`),
        outcome: 'UPSTREAM_ERROR',
      };
}

/**
 * The failure with its vendor text redacted (the key the attempt used, anything key-like), before
 * it reaches the usage row, the breaker (and so its alerts), a key's disabledReason or the caller.
 */
export function redactFailure(failure: AttemptFailure, key: ChannelKeyInfo | null): AttemptFailure {
  const known = [key?.apiKey];
  const message = redactSecrets(failure.message, known);
  const caller = failure.callerError;
  const callerError = caller && new GatewayError(caller.status, caller.code, redactSecrets(caller.message, known), caller.type, caller.param, caller.headers);
  return { ...failure, message, ...(callerError ? { callerError } : {}) };
}
