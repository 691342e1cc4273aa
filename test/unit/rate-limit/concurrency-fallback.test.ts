import { RedisConcurrencyLimiter } from '../../../src/domain/rate-limit/redis-concurrency-limiter';
import { createLogger } from '../../../src/lib/logger';
import { RedisProcess } from '../../support/redis-process';

// While Redis does not answer, each process enforces the concurrency limits on its own. It must
// count the slots it already holds in Redis for the same key: a key at its limit of 3 streams here
// must not get a 4th because Redis was slow to answer for a quarter of a second (seen in CI, where
// a loaded machine made one command miss its timeout). A paused redis-server of the test's own.

let redis: RedisProcess;
beforeAll(async () => {
  redis = await RedisProcess.start();
});
afterAll(async () => {
  redis.resume();
  await redis.destroy();
});

const claims = [{ scope: 'key' as const, userId: 5, id: 7, limit: 3 }];

it('a key at its limit in Redis stays at it while Redis does not answer, and gets its slots back as they end', async () => {
  const limiter = new RedisConcurrencyLimiter({ url: redis.url, keyPrefix: 'fallback:', logger: createLogger('silent'), commandTimeoutMs: 100 });
  try {
    const held = [];
    for (let i = 0; i < 3; i++) {
      const decision = await limiter.acquire(claims);
      if (!decision.admitted) throw new Error('refused below the limit');
      held.push(decision.lease);
    }
    redis.pause();
    expect((await limiter.acquire(claims)).admitted).toBe(false);
    // A slot that ends while Redis is away counts no more here either.
    held.pop()!.release();
    const again = await limiter.acquire(claims);
    expect(again.admitted).toBe(true);
    expect((await limiter.acquire(claims)).admitted).toBe(false);
    if (again.admitted) again.lease.release();
  } finally {
    redis.resume();
    await limiter.close();
  }
});
