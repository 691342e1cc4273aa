import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { RedisRateLimiter } from '../../../src/domain/rate-limit/redis-rate-limiter';
import { createLogger } from '../../../src/lib/logger';
import { closedPort, deleteKeys, itWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../../support/redis';

// Real Redis (127.0.0.1:6379 on CI), a key prefix of this run's own, and a 1.5 s window so the
// refill can be watched in real time: limit 3 -> one slot every 500 ms.
const WINDOW_MS = 1_500;
const prefix = uniqueRedisPrefix('unit');
const limiters: RedisRateLimiter[] = [];
const warnings: string[] = [];
const logger = createLogger('warn', (line) => warnings.push(line));

function limiter(options: Partial<ConstructorParameters<typeof RedisRateLimiter>[0]> = {}): RedisRateLimiter {
  const l = new RedisRateLimiter({ url: TEST_REDIS_URL, keyPrefix: prefix, logger, windowMs: WINDOW_MS, ...options });
  limiters.push(l);
  return l;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(async () => {
  await Promise.all(limiters.map((l) => l.close()));
  await deleteKeys(prefix);
});
beforeEach(() => {
  warnings.length = 0;
});

describe('RedisRateLimiter', () => {
  itWithRedis('admits the burst, refuses with the wait until the next slot, and admits again once it has passed', async () => {
    const l = limiter();
    const burst = [await l.consume('a', 3), await l.consume('a', 3), await l.consume('a', 3)];
    expect(burst.map((d) => [d.allowed, d.remaining])).toEqual([[true, 2], [true, 1], [true, 0]]);
    const refused = await l.consume('a', 3);
    expect(refused).toMatchObject({ allowed: false, limit: 3, remaining: 0 });
    expect(refused.resetMs).toBeGreaterThan(350);
    expect(refused.resetMs).toBeLessThanOrEqual(500);
    await sleep(refused.resetMs + 30);
    expect(await l.consume('a', 3)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await l.consume('a', 3)).allowed).toBe(false);
  });

  itWithRedis('keeps one key of state with a TTL, which a refusal leaves untouched', async () => {
    const l = limiter();
    await l.consume('b', 2);
    await l.consume('b', 2);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const before = await redis.get(`${prefix}b`);
      expect(before).toMatch(/^\d{16}$/); // µs since the epoch, all digits kept
      const ttl = await redis.pttl(`${prefix}b`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
      expect((await l.consume('b', 2)).allowed).toBe(false);
      expect(await redis.get(`${prefix}b`)).toBe(before);
    } finally {
      redis.disconnect();
    }
  });

  itWithRedis('is one budget for every process: two clients share it', async () => {
    const first = limiter();
    const second = limiter();
    const seen = [];
    for (const l of [first, second, first, second]) seen.push((await l.consume('shared', 3)).allowed);
    expect(seen).toEqual([true, true, true, false]);
    expect((await limiter().consume('other-key', 3)).allowed).toBe(true);
  });

  itWithRedis('spends a request of every budget at once, or of none when one of them refuses', async () => {
    // A minute's window: nothing refills while the test runs, however slow the machine.
    const l = limiter({ windowMs: 60_000 });
    const both = await l.consumeAll([{ key: 'wide', limit: 3 }, { key: 'narrow', limit: 1 }]);
    expect(both).toEqual({
      allowed: true,
      decisions: [{ allowed: true, limit: 3, remaining: 2, resetMs: 20_000 }, { allowed: true, limit: 1, remaining: 0, resetMs: 60_000 }],
    });
    const refused = await l.consumeAll([{ key: 'wide', limit: 3 }, { key: 'narrow', limit: 1 }]);
    expect(refused).toMatchObject({ allowed: false, refusedBy: 1, decision: { allowed: false, limit: 1, remaining: 0 } });
    // The wide budget lost only the request both admitted.
    expect([await l.consume('wide', 3), await l.consume('wide', 3), await l.consume('wide', 3)].map((d) => d.allowed)).toEqual([true, true, false]);
  });

  it('fails open, fast, when Redis is unreachable, and warns once rather than per request', async () => {
    const l = limiter({ url: `redis://127.0.0.1:${await closedPort()}` });
    const started = Date.now();
    for (let i = 0; i < 20; i++) {
      expect(await l.consume('down', 1)).toMatchObject({ allowed: true, failedOpen: true });
    }
    expect(Date.now() - started).toBeLessThan(1_500);
    const lines = warnings.filter((w) => w.includes('rate limiter store unreachable'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('redis://');
  });

  it('fails open when Redis accepts connections but never answers', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const l = limiter({ url: `redis://127.0.0.1:${port}`, startupWaitMs: 200, commandTimeoutMs: 100 });
      const started = Date.now();
      expect(await l.consume('hung', 1)).toMatchObject({ allowed: true, failedOpen: true });
      expect(await l.consume('hung', 1)).toMatchObject({ allowed: true, failedOpen: true });
      expect(Date.now() - started).toBeLessThan(1_000);
      // The account throttles ask to be decided in this process instead: still a limit.
      const local = [await l.consume('throttle', 1, { whileStoreDown: 'local' }), await l.consume('throttle', 1, { whileStoreDown: 'local' })];
      expect(local.map((d) => [d.allowed, d.local])).toEqual([[true, true], [false, true]]);
      expect(l.storeFallbacks()).toEqual({ open: 2, local: 2 });
      await l.close();
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
