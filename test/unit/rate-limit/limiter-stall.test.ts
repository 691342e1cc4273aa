import type { ConcurrencyClaim } from '../../../src/domain/rate-limit/concurrency-limiter';
import { RedisConcurrencyLimiter } from '../../../src/domain/rate-limit/redis-concurrency-limiter';
import { RedisRateLimiter } from '../../../src/domain/rate-limit/redis-rate-limiter';
import { createLogger } from '../../../src/lib/logger';
import { deleteKeys, itWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../../support/redis';

// The limiters give up on Redis after a short command timeout and then decide without it (the
// per-minute limit lets the request through, the concurrency limit counts in this process). On a
// loaded machine a gateway process is often stalled for longer than that timeout while Redis
// answered at once: the answer sits unread in the socket while the timer, which the event loop
// runs first, declares Redis slow. The cluster check saw an 11th request of a 10-a-minute key
// and a 4th stream of a key limited to 3. Here the stall is made on purpose, against real Redis.

const TIMEOUT_MS = 100;
const STALL_MS = 400;
const prefix = uniqueRedisPrefix('stall');
const warnings: string[] = [];
const logger = createLogger('warn', (line) => warnings.push(line));
const closers: Array<{ close(): Promise<void> }> = [];

afterAll(async () => {
  await Promise.all(closers.map((c) => c.close()));
  await deleteKeys(prefix);
});

function rateLimiter(): RedisRateLimiter {
  const l = new RedisRateLimiter({ url: TEST_REDIS_URL, keyPrefix: `${prefix}rl:`, logger, commandTimeoutMs: TIMEOUT_MS });
  closers.push(l);
  return l;
}

function concurrencyLimiter(): RedisConcurrencyLimiter {
  const l = new RedisConcurrencyLimiter({ url: TEST_REDIS_URL, keyPrefix: `${prefix}cc:`, logger, commandTimeoutMs: TIMEOUT_MS });
  closers.push(l);
  return l;
}

/** Blocks this process's event loop, as a long synchronous stretch or a descheduled process does. */
function stall(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy: nothing else runs in this process meanwhile
  }
}

/**
 * Starts `decide` (its command goes out in the same turn: every step up to the socket write is a
 * microtask), then stalls the loop right after, before any reply can be read.
 */
async function decidedDuringStall<T>(decide: () => Promise<T>): Promise<T> {
  const decision = decide();
  setImmediate(() => stall(STALL_MS));
  return decision;
}

itWithRedis('a refusal Redis gave in time stands even when the process was stalled past the command timeout', async () => {
  const [first, second] = [rateLimiter(), rateLimiter()];
  expect((await first.consume('key', 1)).allowed).toBe(true);
  await second.consume('warm-up', 1_000); // connected, script loaded: the next call is one round trip

  const decision = await decidedDuringStall(() => second.consume('key', 1));

  expect(decision).toMatchObject({ allowed: false, remaining: 0 });
  expect(decision.failedOpen).toBeUndefined();
  expect(second.storeFallbacks()).toEqual({ open: 0, local: 0 });
});

itWithRedis('a slot taken during a stall is held in Redis, so another process is refused the limit\'s next one', async () => {
  const [first, second] = [concurrencyLimiter(), concurrencyLimiter()];
  const tokenId = Math.floor(Math.random() * 1e9);
  const claim: ConcurrencyClaim = { scope: 'key', userId: tokenId, id: tokenId, limit: 1 };
  const warm = await first.acquire([{ ...claim, id: tokenId + 1 }]);
  if (warm.admitted) warm.lease.release();

  const taken = await decidedDuringStall(() => first.acquire([claim]));
  const next = await second.acquire([claim]);

  expect(taken.admitted).toBe(true);
  expect(next).toEqual({ admitted: false, refused: claim });
  if (taken.admitted) taken.lease.release();
});

itWithRedis('a slot Redis refused during a stall stays refused', async () => {
  const [first, second] = [concurrencyLimiter(), concurrencyLimiter()];
  const tokenId = Math.floor(Math.random() * 1e9);
  const claim: ConcurrencyClaim = { scope: 'key', userId: tokenId, id: tokenId, limit: 1 };
  const held = await first.acquire([claim]);
  const warm = await second.acquire([{ ...claim, id: tokenId + 1 }]);
  if (warm.admitted) warm.lease.release();

  const refused = await decidedDuringStall(() => second.acquire([claim]));

  expect(refused).toEqual({ admitted: false, refused: claim });
  if (held.admitted) held.lease.release();
});
