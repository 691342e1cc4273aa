/** What one attempt to spend a request of a key's budget came to. */
export interface RateDecision {
  allowed: boolean;
  /** Requests per window (per minute on the gateway). */
  limit: number;
  /** Requests that may still be made right now, after this one. */
  remaining: number;
  /** Milliseconds until the window frees a slot: when a refused request may retry. */
  resetMs: number;
  /**
   * The limiter could not decide (its shared store was unreachable) and let the request through.
   * Callers then say nothing about limits rather than make numbers up.
   */
  failedOpen?: true;
  /** The shared store was unreachable and this process decided alone (`whileStoreDown: 'local'`). */
  local?: true;
}

export interface ConsumeOptions {
  /** The limit is per this window rather than the limiter's own (a minute on the gateway): the account throttles. */
  windowMs?: number;
  /**
   * What a decision is while the shared store is unreachable or slow. `open` (the default) lets
   * the request through: the per-minute limits of API keys, which DESIGN §5 lets fail open.
   * `local` decides in this process alone, as if there were no Redis: the sign-in, sign-up and
   * resend throttles, which must never become unlimited password guesses during an outage.
   */
  whileStoreDown?: 'open' | 'local';
}

/** One budget a request spends from: a key of the limiter's store and its limit per window. */
export interface RateBudget {
  key: string;
  limit: number;
}

/**
 * One request against several budgets (a key's and its owner's): spent from every one of them, or,
 * when any refuses, from none, so a refusal never costs a budget that would have admitted it.
 */
export type BudgetsDecision =
  | { allowed: true; /** One per budget, in their order, each spent. */ decisions: RateDecision[] }
  | { allowed: false; /** The index of the first budget that refused. */ refusedBy: number; decision: RateDecision };

/** `consume` is `consumeAll` of one budget. */
export function onlyDecision(outcome: BudgetsDecision): RateDecision {
  return outcome.allowed ? outcome.decisions[0]! : outcome.decision;
}

/** Decisions made without the shared store since start, by what was done instead. */
export interface StoreFallbacks {
  open: number;
  local: number;
}

/**
 * A per-key request limiter. Implementations never throw for an unreachable store: a limiter
 * must not take the gateway down, so they fail open or decide per process (ConsumeOptions).
 */
export interface RateLimiter {
  /** Spends one request of `key`'s budget if there is one; a refusal spends nothing. `limit` is per window (ConsumeOptions). */
  consume(key: string, limit: number, options?: ConsumeOptions): Promise<RateDecision>;
  /** Spends one request of every budget (distinct keys) at once, or of none of them when any refuses. */
  consumeAll(budgets: readonly RateBudget[], options?: ConsumeOptions): Promise<BudgetsDecision>;
  /**
   * Forgets every key that starts with `prefix` (an admin lifting a throttle), returning how many
   * were dropped. Unlike `consume` it does throw when the store is unreachable: the admin must
   * learn that nothing was lifted.
   */
  resetPrefix(prefix: string): Promise<number>;
  /** For the metrics: always zero without a shared store. */
  storeFallbacks(): StoreFallbacks;
  close(): Promise<void>;
}
