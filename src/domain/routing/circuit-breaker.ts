export type BreakerState = 'CLOSED' | 'OPEN' | 'HALF_OPEN';

export interface BreakerHealth {
  state: BreakerState;
  consecutiveFailures: number;
  /** Requests and failures seen by this process since it started. */
  successes: number;
  failures: number;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** When an open breaker lets its next probe through. */
  openUntil: Date | null;
  /** Outcomes among the latest RECENT_WINDOW requests: a recent error rate without a clock. */
  recentRequests: number;
  recentFailures: number;
}

/** A breaker opening (or opening again after a failed probe) or closing: what other instances are told. */
export type BreakerChange = { state: 'OPEN'; openUntil: number; lastError: string | null } | { state: 'CLOSED' };

/** How many of a channel's latest outcomes the recent error rate covers. */
export const RECENT_WINDOW = 100;

interface Breaker {
  consecutiveFailures: number;
  openUntil: number;
  probing: boolean;
  successes: number;
  failures: number;
  lastError: string | null;
  lastErrorAt: number;
  /** Ring of the latest outcomes, 1 = failure. */
  recent: Uint8Array;
  recentNext: number;
  recentCount: number;
  recentFailures: number;
}

function newBreaker(): Breaker {
  return {
    consecutiveFailures: 0, openUntil: 0, probing: false, successes: 0, failures: 0, lastError: null, lastErrorAt: 0,
    recent: new Uint8Array(RECENT_WINDOW), recentNext: 0, recentCount: 0, recentFailures: 0,
  };
}

function remember(b: Breaker, failed: boolean): void {
  if (b.recentCount === RECENT_WINDOW) b.recentFailures -= b.recent[b.recentNext]!;
  else b.recentCount++;
  b.recent[b.recentNext] = failed ? 1 : 0;
  if (failed) b.recentFailures++;
  b.recentNext = (b.recentNext + 1) % RECENT_WINDOW;
}

/**
 * One breaker per channel, kept in this process. `breakerFailures` consecutive failures (counted
 * by this process) open it for `cooldownMs`; then exactly one probe request may pass
 * (half-open): its success closes the breaker, its failure opens it for another cooldown.
 * Sharing through the database would put a write on every failure; instead every transition is
 * reported to `onTransition` (RedisBreakerSync publishes it) and other instances' transitions
 * come in through `applyRemote`. Routing only ever reads this process's memory.
 */
export class BreakerRegistry {
  private readonly breakers = new Map<number, Breaker>();

  constructor(
    private readonly options: {
      failures: number;
      cooldownMs: number;
      /** Told when a breaker opens (from closed) or closes again: logs and alerts, never the request path's business. */
      onStateChange?: (channelId: number, state: 'OPEN' | 'CLOSED', lastError: string | null, origin: 'local' | 'remote') => void;
      /** Every transition this process makes itself (re-opening after a failed probe included). */
      onTransition?: (channelId: number, change: BreakerChange) => void;
    },
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a request could be sent now (does not take the probe slot). */
  canAttempt(channelId: number): boolean {
    const b = this.breakers.get(channelId);
    if (!b || b.openUntil === 0) return true;
    return !b.probing && this.now() >= b.openUntil;
  }

  /** Takes the slot for a request about to be sent; false when the breaker refuses. */
  acquire(channelId: number): boolean {
    const b = this.breakers.get(channelId);
    if (!b || b.openUntil === 0) return true;
    if (b.probing || this.now() < b.openUntil) return false;
    b.probing = true;
    return true;
  }

  onSuccess(channelId: number): void {
    const b = this.breaker(channelId);
    b.successes++;
    remember(b, false);
    b.consecutiveFailures = 0;
    const wasOpen = b.openUntil !== 0;
    b.openUntil = 0;
    b.probing = false;
    if (!wasOpen) return;
    this.options.onStateChange?.(channelId, 'CLOSED', b.lastError, 'local');
    this.options.onTransition?.(channelId, { state: 'CLOSED' });
  }

  onFailure(channelId: number, error: string): void {
    const b = this.breaker(channelId);
    b.failures++;
    remember(b, true);
    b.consecutiveFailures++;
    b.lastError = error;
    b.lastErrorAt = this.now();
    const wasOpen = b.openUntil !== 0;
    const opens = b.probing || b.consecutiveFailures >= this.options.failures;
    if (opens) b.openUntil = this.now() + this.options.cooldownMs;
    b.probing = false;
    if (!opens) return;
    if (!wasOpen) this.options.onStateChange?.(channelId, 'OPEN', error, 'local');
    this.options.onTransition?.(channelId, { state: 'OPEN', openUntil: b.openUntil, lastError: error });
  }

  /**
   * Another instance opened or closed this channel's breaker. Open: this process stops sending
   * until the same time (the later of both, if it had opened too). Closed: the channel serves
   * again here as well. Failure counts stay this process's own.
   */
  applyRemote(channelId: number, change: BreakerChange): void {
    const b = this.breaker(channelId);
    const wasOpen = b.openUntil !== 0;
    if (change.state === 'OPEN') {
      // Already over (a late message, a stale snapshot): the channel is as good as half-open anyway.
      if (change.openUntil <= b.openUntil || change.openUntil <= this.now()) return;
      b.openUntil = change.openUntil;
      b.probing = false;
      if (change.lastError !== null) {
        b.lastError = change.lastError;
        b.lastErrorAt = this.now();
      }
      if (!wasOpen) this.options.onStateChange?.(channelId, 'OPEN', b.lastError, 'remote');
      return;
    }
    if (!wasOpen) return;
    b.openUntil = 0;
    b.probing = false;
    b.consecutiveFailures = 0;
    this.options.onStateChange?.(channelId, 'CLOSED', b.lastError, 'remote');
  }

  /** The request ended without telling anything about the channel (e.g. the caller left): free the probe slot. */
  onInconclusive(channelId: number): void {
    const b = this.breakers.get(channelId);
    if (b) b.probing = false;
  }

  health(channelId: number): BreakerHealth {
    const b = this.breakers.get(channelId);
    if (!b) {
      return { state: 'CLOSED', consecutiveFailures: 0, successes: 0, failures: 0, lastError: null, lastErrorAt: null, openUntil: null, recentRequests: 0, recentFailures: 0 };
    }
    const state: BreakerState = b.openUntil === 0 ? 'CLOSED' : b.probing || this.now() >= b.openUntil ? 'HALF_OPEN' : 'OPEN';
    return {
      state,
      consecutiveFailures: b.consecutiveFailures,
      successes: b.successes,
      failures: b.failures,
      lastError: b.lastError,
      lastErrorAt: b.lastErrorAt ? new Date(b.lastErrorAt) : null,
      openUntil: b.openUntil ? new Date(b.openUntil) : null,
      recentRequests: b.recentCount,
      recentFailures: b.recentFailures,
    };
  }

  /** Every channel this process has a breaker for, with its state (metrics, at scrape time). */
  *states(): Iterable<[channelId: number, state: BreakerState]> {
    for (const channelId of this.breakers.keys()) yield [channelId, this.health(channelId).state];
  }

  private breaker(channelId: number): Breaker {
    let b = this.breakers.get(channelId);
    if (!b) {
      b = newBreaker();
      this.breakers.set(channelId, b);
    }
    return b;
  }
}
