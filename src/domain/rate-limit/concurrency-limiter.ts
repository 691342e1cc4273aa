/** One limit a request must fit under: at most `limit` requests in progress under `key`. */
export interface ConcurrencyClaim {
  /** e.g. the token's or the user's; what the refusal names. */
  scope: 'key' | 'user';
  userId: number;
  /** The token id for `key`, the user id for `user`. */
  id: number;
  limit: number;
}

/** A request's slots: `release` frees them once, however often it is called. */
export interface ConcurrencyLease {
  release(): void;
}

export type ConcurrencyDecision =
  | { admitted: true; lease: ConcurrencyLease }
  /** The first claim that was full; nothing was taken. */
  | { admitted: false; refused: ConcurrencyClaim };

/**
 * How many requests of a key (and of its owner) may be in progress at once. A request takes a
 * slot of every claim or of none, holds it until it has finished in every way (answered, failed,
 * streamed, cut by the caller or by the drain), and frees it exactly once.
 */
export interface ConcurrencyLimiter {
  acquire(claims: readonly ConcurrencyClaim[]): Promise<ConcurrencyDecision>;
  /**
   * Crash recovery found these gateway instances dead: gives back the slots they held, at once
   * when `certain` (their process is gone), else only if they have visibly stopped renewing them.
   * Never throws; a no-op where slots die with their process (in memory).
   */
  releaseInstances(gone: readonly { id: string; certain: boolean }[]): Promise<void>;
  /** Slots this process holds now, over every key (metrics; tests check it falls back to 0). */
  held(): number;
  close(): Promise<void>;
}

/** A lease whose `free` runs once, whichever of the request's endings calls `release` first. */
export function leaseOnce(free: () => void): ConcurrencyLease {
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      free();
    },
  };
}

/** Slots held per claim key, in this process: counts that vanish at zero. */
export class SlotCounts {
  private readonly counts = new Map<string, number>();

  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  add(keys: readonly string[]): void {
    for (const key of keys) this.counts.set(key, this.get(key) + 1);
  }

  remove(keys: readonly string[]): void {
    for (const key of keys) {
      const left = this.get(key) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    }
  }

  clear(): void {
    this.counts.clear();
  }
}

/** Names the counter of a claim. Keys of one user share a Redis hash tag, so one script may touch both. */
export function claimKey(claim: ConcurrencyClaim): string {
  return claim.scope === 'user' ? `{u${claim.userId}}:user` : `{u${claim.userId}}:key:${claim.id}`;
}
