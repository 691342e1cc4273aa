import type { Config } from '../../config';
import type { Lifecycle } from '../../lib/lifecycle';
import type { Logger } from '../../lib/logger';
import type { ConcurrencyLimiter } from './concurrency-limiter';
import { MemoryConcurrencyLimiter } from './memory-concurrency-limiter';
import { MemoryRateLimiter } from './memory-rate-limiter';
import type { RateLimiter } from './rate-limiter';
import { RedisConcurrencyLimiter } from './redis-concurrency-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';

/**
 * Redis when REDIS_URL is set (one budget per key across every gateway process, DESIGN §5);
 * otherwise in-process, which is exact for one process only. The Redis client exists even when
 * no default limit is configured: any token may be given its own limit at any time.
 */
export function createRateLimiter(config: Pick<Config, 'rateLimit'>, logger: Logger, lifecycle: Lifecycle): RateLimiter {
  const limiter = openSharedRateLimiter(config, logger) ?? new MemoryRateLimiter();
  lifecycle.onShutdown('rate limiter', () => limiter.close());
  return limiter;
}

/** The Redis limiter every instance shares, or null without REDIS_URL (the admin CLI uses it to reach the same keys). */
export function openSharedRateLimiter(config: Pick<Config, 'rateLimit'>, logger: Logger): RateLimiter | null {
  const { redisUrl, redisKeyPrefix } = config.rateLimit;
  return redisUrl ? new RedisRateLimiter({ url: redisUrl, keyPrefix: `${redisKeyPrefix}rl:`, logger }) : null;
}

/**
 * Concurrent requests per key and per user: shared through Redis like the rate limit, else per
 * process. `instanceId` (this process's gateway_instances id) tags its Redis slots for crash recovery.
 */
export function createConcurrencyLimiter(
  config: Pick<Config, 'rateLimit'>, logger: Logger, lifecycle: Lifecycle, instanceId?: string,
): ConcurrencyLimiter {
  const { redisUrl, redisKeyPrefix } = config.rateLimit;
  const limiter: ConcurrencyLimiter = redisUrl
    ? new RedisConcurrencyLimiter({ url: redisUrl, keyPrefix: `${redisKeyPrefix}cc:`, logger, instanceId })
    : new MemoryConcurrencyLimiter();
  lifecycle.onShutdown('concurrency limiter', () => limiter.close());
  return limiter;
}
