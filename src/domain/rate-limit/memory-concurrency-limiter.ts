import { claimKey, leaseOnce, SlotCounts, type ConcurrencyClaim, type ConcurrencyDecision, type ConcurrencyLimiter } from './concurrency-limiter';

/**
 * Counts in this process only: exact for one process, and the fallback of the Redis limiter
 * while Redis is unreachable (each process then enforces the limits on its own).
 */
export class MemoryConcurrencyLimiter implements ConcurrencyLimiter {
  private readonly counts = new SlotCounts();
  private slots = 0;

  async acquire(claims: readonly ConcurrencyClaim[]): Promise<ConcurrencyDecision> {
    return this.acquireNow(claims);
  }

  /**
   * Synchronous, so nothing can run between the check and the count. `heldElsewhere`: slots of
   * the same claim key this process holds outside this limiter (the Redis limiter's, while Redis
   * does not answer), counted against the limit too.
   */
  acquireNow(claims: readonly ConcurrencyClaim[], heldElsewhere?: (key: string) => number): ConcurrencyDecision {
    const keys = claims.map(claimKey);
    const full = claims.findIndex((claim, i) => this.counts.get(keys[i]!) + (heldElsewhere?.(keys[i]!) ?? 0) >= claim.limit);
    if (full !== -1) return { admitted: false, refused: claims[full]! };
    this.counts.add(keys);
    this.slots++;
    const lease = leaseOnce(() => {
      this.slots--;
      this.counts.remove(keys);
    });
    return { admitted: true, lease };
  }

  /** Another process's slots were never counted here. */
  async releaseInstances(): Promise<void> {}

  held(): number {
    return this.slots;
  }

  async close(): Promise<void> {
    this.counts.clear();
  }
}
