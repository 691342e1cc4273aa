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
}

/**
 * A per-key request limiter. Implementations never throw for an unreachable store: a limiter
 * must not take the gateway down, so they fail open.
 */
export interface RateLimiter {
  /**
   * Spends one request of `key`'s budget if there is one; a refusal spends nothing. `limit` is
   * per window: the limiter's own (a minute on the gateway) unless `windowMs` names another, as
   * the sign-in and sign-up throttles do.
   */
  consume(key: string, limit: number, windowMs?: number): Promise<RateDecision>;
  /**
   * Forgets every key that starts with `prefix` (an admin lifting a throttle), returning how many
   * were dropped. Unlike `consume` it does throw when the store is unreachable: the admin must
   * learn that nothing was lifted.
   */
  resetPrefix(prefix: string): Promise<number>;
  close(): Promise<void>;
}
