import type { Logger } from '../../lib/logger';
import { GCRA_LUA, GCRA_SHA1 } from './gcra-script';
import { LimiterRedis } from './limiter-redis';
import { MemoryRateLimiter } from './memory-rate-limiter';
import type { ConsumeOptions, RateDecision, RateLimiter, StoreFallbacks } from './rate-limiter';

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
 * The limiter shared by every gateway process: one EVALSHA per decision (gcra-script.ts), keys
 * expire on their own once idle. When Redis is unreachable or slow (over the command timeout,
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
    await this.redis.started();
    const { windowMs } = options;
    try {
      const windowUs = windowMs === undefined ? this.windowUs : windowMs * 1000;
      const [allowed, remaining, waitUs] = await this.run(this.options.keyPrefix + key, limitPerMinute, windowUs);
      return { allowed: allowed === 1, limit: limitPerMinute, remaining, resetMs: Math.ceil(waitUs / 1000) };
    } catch (err) {
      this.redis.unreachable(err as Error);
      if (options.whileStoreDown === 'local') {
        this.fallbacks.local++;
        return { ...(await this.fallback.consume(key, limitPerMinute, { windowMs })), local: true };
      }
      this.fallbacks.open++;
      return { allowed: true, limit: limitPerMinute, remaining: limitPerMinute, resetMs: 0, failedOpen: true };
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

  private async run(key: string, limit: number, windowUs: number): Promise<[number, number, number]> {
    const reply = await this.redis.script(GCRA_LUA, GCRA_SHA1, [key], [limit, windowUs]);
    if (!Array.isArray(reply) || reply.length !== 3 || !reply.every((v) => typeof v === 'number')) {
      throw new Error('unexpected reply from the rate-limit script');
    }
    return reply as [number, number, number];
  }
}

/** SCAN's MATCH is a glob: the prefix is matched literally. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
