import type { Logger } from '../../lib/logger';
import { GCRA_LUA, GCRA_SHA1 } from './gcra-script';
import { LimiterRedis } from './limiter-redis';
import { MemoryRateLimiter } from './memory-rate-limiter';
import { onlyDecision, type BudgetsDecision, type ConsumeOptions, type RateBudget, type RateDecision, type RateLimiter, type StoreFallbacks } from './rate-limiter';

export interface RedisRateLimiterOptions {
  url: string;
  /** Namespaces the keys, so deployments (or test runs) sharing one Redis never share budgets. */
  keyPrefix: string;
  logger: Logger;
  /** 60 s on the gateway; tests shorten it. */
  windowMs?: number;
  /** A decision that takes longer is given up on (and made without Redis, ConsumeOptions). */
  commandTimeoutMs?: number;
  /** How long the first requests after start-up wait for the first connection attempt. */
  startupWaitMs?: number;
  /** At most one "store unreachable" warning per this interval. */
  warnEveryMs?: number;
}

/**
 * The limiter shared by every gateway process: one EVALSHA per decision (gcra-script.ts), however
 * many budgets it spends from; keys expire on their own once idle. When Redis is unreachable or slow (over the command timeout,
 * 250 ms) a decision is made without it, as its caller asked: let through (API keys' per-minute
 * limits) or by this process alone (the account throttles), like the concurrency limits; a
 * warning is logged at most once per interval and every such decision is counted for the
 * metrics. A limiter is a protection, not a dependency the gateway may go down with.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: LimiterRedis;
  private readonly windowUs: number;
  /** The limits while Redis cannot decide, for the callers that asked for `local`. */
  private readonly fallback: MemoryRateLimiter;
  private readonly fallbacks: StoreFallbacks = { open: 0, local: 0 };

  constructor(private readonly options: RedisRateLimiterOptions) {
    this.windowUs = (options.windowMs ?? 60_000) * 1000;
    this.fallback = new MemoryRateLimiter({ windowMs: options.windowMs });
    this.redis = new LimiterRedis({
      ...options,
      name: 'rate limiter',
      whileDown: 'API keys\' per-minute limits let requests through and each process enforces the sign-in, sign-up and resend throttles alone',
    });
  }

  async consume(key: string, limitPerMinute: number, options: ConsumeOptions = {}): Promise<RateDecision> {
    return onlyDecision(await this.consumeAll([{ key, limit: limitPerMinute }], options));
  }

  async consumeAll(budgets: readonly RateBudget[], options: ConsumeOptions = {}): Promise<BudgetsDecision> {
    await this.redis.started();
    const { windowMs } = options;
    try {
      const windowUs = windowMs === undefined ? this.windowUs : windowMs * 1000;
      return await this.run(budgets, windowUs);
    } catch (err) {
      this.redis.unreachable(err as Error);
      if (options.whileStoreDown === 'local') {
        this.fallbacks.local++;
        const local = await this.fallback.consumeAll(budgets, { windowMs });
        return local.allowed
          ? { allowed: true, decisions: local.decisions.map((d) => ({ ...d, local: true as const })) }
          : { ...local, decision: { ...local.decision, local: true } };
      }
      this.fallbacks.open++;
      return { allowed: true, decisions: budgets.map(({ limit }) => ({ allowed: true, limit, remaining: limit, resetMs: 0, failedOpen: true as const })) };
    }
  }

  storeFallbacks(): StoreFallbacks {
    return { ...this.fallbacks };
  }

  /** SCAN rather than KEYS: an unlock must not stall a Redis that serves every request's limit. */
  async resetPrefix(prefix: string): Promise<number> {
    await this.redis.started();
    const pattern = `${escapeGlob(this.options.keyPrefix + prefix)}*`;
    let dropped = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length > 0) dropped += await this.redis.client.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
    return dropped;
  }

  async close(): Promise<void> {
    await this.fallback.close();
    await this.redis.close();
  }

  private async run(budgets: readonly RateBudget[], windowUs: number): Promise<BudgetsDecision> {
    const keys = budgets.map(({ key }) => this.options.keyPrefix + key);
    const reply = await this.redis.script(GCRA_LUA, GCRA_SHA1, keys, [windowUs, ...budgets.map(({ limit }) => limit)]);
    if (!Array.isArray(reply) || !reply.every((v) => typeof v === 'number')) throw new Error('unexpected reply from the rate-limit script');
    const numbers = reply as number[];
    const toMs = (us: number) => Math.ceil(us / 1000);
    if (numbers[0] === 0 && numbers.length === 3) {
      const refusedBy = numbers[1]! - 1;
      const budget = budgets[refusedBy];
      if (!budget) throw new Error('unexpected reply from the rate-limit script');
      return { allowed: false, refusedBy, decision: { allowed: false, limit: budget.limit, remaining: 0, resetMs: toMs(numbers[2]!) } };
    }
    if (numbers[0] !== 1 || numbers.length !== 1 + 2 * budgets.length) throw new Error('unexpected reply from the rate-limit script');
    return {
      allowed: true,
      decisions: budgets.map(({ limit }, i) => ({ allowed: true, limit, remaining: numbers[1 + 2 * i]!, resetMs: toMs(numbers[2 + 2 * i]!) })),
    };
  }
}

/** SCAN's MATCH is a glob: the prefix is matched literally. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
