import { systemClock, type Clock } from '../../lib/clock';
import { gcraStep } from './gcra';
import { onlyDecision, type BudgetsDecision, type ConsumeOptions, type RateBudget, type RateDecision, type RateLimiter, type StoreFallbacks } from './rate-limiter';

export interface MemoryRateLimiterOptions {
  /** 60 s on the gateway; tests shorten it. */
  windowMs?: number;
  clock?: Clock;
}

/**
 * The limiter for a single process (no REDIS_URL): exact for that process, but it shares
 * nothing, so N processes without Redis let a key make N times its limit. Several instances
 * need REDIS_URL for one shared limit (README).
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly tats = new Map<string, number>();
  private readonly windowUs: number;
  private readonly clock: Clock;
  private lastSweepUs = 0;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.windowUs = (options.windowMs ?? 60_000) * 1000;
    this.clock = options.clock ?? systemClock;
  }

  async consume(key: string, limitPerMinute: number, options: ConsumeOptions = {}): Promise<RateDecision> {
    return onlyDecision(await this.consumeAll([{ key, limit: limitPerMinute }], options));
  }

  async consumeAll(budgets: readonly RateBudget[], { windowMs }: ConsumeOptions = {}): Promise<BudgetsDecision> {
    const nowUs = this.clock.now().getTime() * 1000;
    this.sweep(nowUs);
    const windowUs = windowMs === undefined ? this.windowUs : windowMs * 1000;
    const steps = budgets.map(({ key, limit }) => gcraStep(this.tats.get(key), nowUs, limit, windowUs));
    const decisions = steps.map((step, i): RateDecision => (
      { allowed: step.allowed, limit: budgets[i]!.limit, remaining: step.remaining, resetMs: Math.ceil(step.waitUs / 1000) }
    ));
    const refusedBy = decisions.findIndex((d) => !d.allowed);
    if (refusedBy !== -1) return { allowed: false, refusedBy, decision: decisions[refusedBy]! };
    budgets.forEach(({ key }, i) => this.tats.set(key, steps[i]!.tatUs));
    return { allowed: true, decisions };
  }

  async resetPrefix(prefix: string): Promise<number> {
    let dropped = 0;
    for (const key of this.tats.keys()) if (key.startsWith(prefix) && this.tats.delete(key)) dropped++;
    return dropped;
  }

  storeFallbacks(): StoreFallbacks {
    return { open: 0, local: 0 };
  }

  async close(): Promise<void> {
    this.tats.clear();
  }

  /** A state in the past means "idle", same as no state: drop those once a window so the map stays as small as the set of active keys. */
  private sweep(nowUs: number): void {
    if (nowUs - this.lastSweepUs < this.windowUs) return;
    this.lastSweepUs = nowUs;
    for (const [key, tat] of this.tats) if (tat <= nowUs) this.tats.delete(key);
  }
}
