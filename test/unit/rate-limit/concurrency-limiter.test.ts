import { Redis } from 'ioredis';
import { claimKey, type ConcurrencyClaim, type ConcurrencyLimiter } from '../../../src/domain/rate-limit/concurrency-limiter';
import { ACQUIRE_LUA } from '../../../src/domain/rate-limit/concurrency-script';
import { MemoryConcurrencyLimiter } from '../../../src/domain/rate-limit/memory-concurrency-limiter';
import { RedisConcurrencyLimiter } from '../../../src/domain/rate-limit/redis-concurrency-limiter';
import { createLogger } from '../../../src/lib/logger';
import { Semaphore, SemaphoreWaitError } from '../../../src/lib/semaphore';
import { closedPort, deleteKeys, itWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../../support/redis';

// Real Redis (127.0.0.1:6379 on CI) under a prefix of this run's own. Leases of 600 ms (renewed
// every 200 ms) so expiry and renewal can be watched in real time; a generous command timeout, so a
// loaded machine does not turn a slow answer into the per-process fallback.
const LEASE_MS = 600;
const prefix = uniqueRedisPrefix('concurrency');
const warnings: string[] = [];
const logger = createLogger('warn', (line) => warnings.push(line));
const limiters: ConcurrencyLimiter[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function redisLimiter(url = TEST_REDIS_URL): RedisConcurrencyLimiter {
  const l = new RedisConcurrencyLimiter({ url, keyPrefix: prefix, logger, leaseMs: LEASE_MS, commandTimeoutMs: url === TEST_REDIS_URL ? 2_000 : 250 });
  limiters.push(l);
  return l;
}

const key = (tokenId: number, limit: number, userId = 1): ConcurrencyClaim => ({ scope: 'key', userId, id: tokenId, limit });
const user = (userId: number, limit: number): ConcurrencyClaim => ({ scope: 'user', userId, id: userId, limit });

afterAll(async () => {
  await Promise.all(limiters.map((l) => l.close()));
  await deleteKeys(prefix);
});

describe.each([
  ['in memory', () => new MemoryConcurrencyLimiter()],
  ['on Redis', () => redisLimiter()],
])('the concurrency limiter %s', (_name, make) => {
  itWithRedis('takes a slot of every claim or of none, and a release frees it once however often it is called', async () => {
    const l = make();
    const tokenId = Math.floor(Math.random() * 1e9);
    const userId = tokenId + 1;
    const first = await l.acquire([key(tokenId, 2, userId), user(userId, 2)]);
    const second = await l.acquire([key(tokenId + 1, 2, userId), user(userId, 2)]);
    expect([first.admitted, second.admitted]).toEqual([true, true]);
    // The key has room (1 of 2), its user has none: refused, and the key's count is untouched.
    const third = await l.acquire([key(tokenId, 2, userId), user(userId, 2)]);
    expect(third).toEqual({ admitted: false, refused: user(userId, 2) });
    if (!first.admitted || !second.admitted) throw new Error('unreachable');
    first.lease.release();
    first.lease.release();
    const again = await l.acquire([key(tokenId, 2, userId), user(userId, 2)]);
    expect(again.admitted).toBe(true);
    expect((await l.acquire([user(userId, 2)])).admitted).toBe(false); // the double release freed one slot, not two
    second.lease.release();
    if (again.admitted) again.lease.release();
    expect(l.held()).toBe(0);
  });
});

describe('RedisConcurrencyLimiter', () => {
  itWithRedis('is one count for every process, and renews the slots it holds while they are held', async () => {
    const first = redisLimiter();
    const second = redisLimiter();
    const claim = [key(Math.floor(Math.random() * 1e9), 1)];
    const held = await first.acquire(claim);
    expect(held.admitted).toBe(true);
    expect((await second.acquire(claim)).admitted).toBe(false);
    await sleep(LEASE_MS * 2.5); // outlives its first lease: only the renewals keep it
    expect((await second.acquire(claim)).admitted).toBe(false);
    if (held.admitted) held.lease.release();
    await sleep(50); // the release is sent in the background
    const next = await second.acquire(claim);
    expect(next.admitted).toBe(true);
    if (next.admitted) next.lease.release();
  });

  itWithRedis('gets the slots of a process that died back within one lease', async () => {
    const claim = key(Math.floor(Math.random() * 1e9), 1);
    // A process took the slot and was killed: nobody renews or removes it.
    const dead = new Redis(TEST_REDIS_URL);
    try {
      expect(await dead.eval(ACQUIRE_LUA, 2, `${prefix}instance:dead`, prefix + claimKey(claim), 'dead:1', LEASE_MS, 1)).toBe(0);
    } finally {
      dead.disconnect();
    }
    const l = redisLimiter();
    expect((await l.acquire([claim])).admitted).toBe(false);
    await sleep(LEASE_MS + 100);
    const after = await l.acquire([claim]);
    expect(after.admitted).toBe(true);
    if (after.admitted) after.lease.release();
  });

  itWithRedis('gives back every slot of an instance recovery found dead at once, and never a live one\'s', async () => {
    const tokenId = Math.floor(Math.random() * 1e9);
    const claims = [key(tokenId, 2, tokenId), user(tokenId, 5)];
    const dead = new RedisConcurrencyLimiter({ url: TEST_REDIS_URL, keyPrefix: prefix, logger, instanceId: `dead-${tokenId}`, commandTimeoutMs: 2_000 });
    limiters.push(dead);
    const live = redisLimiter();
    expect((await dead.acquire(claims)).admitted).toBe(true);
    expect((await dead.acquire(claims)).admitted).toBe(true);
    const livesSlot = await live.acquire([key(tokenId + 1, 1, tokenId), user(tokenId, 5)]);
    expect(livesSlot.admitted).toBe(true);
    // Killed: its client goes away without removing anything (close() would give the slots back).
    dead['redis'].client.disconnect();
    expect((await live.acquire(claims)).admitted).toBe(false);
    // Only silent (a stale heartbeat), and its slots were renewed lately: it may be alive, they stay.
    await live.releaseInstances([{ id: `dead-${tokenId}`, certain: false }]);
    expect((await live.acquire(claims)).admitted).toBe(false);
    await live.releaseInstances([{ id: `dead-${tokenId}`, certain: true }]);
    const [first, second] = [await live.acquire(claims), await live.acquire(claims)];
    expect([first.admitted, second.admitted]).toEqual([true, true]);
    // The live limiter's own slot (another key of the same user) is still counted: 3 of the user's 5 slots taken.
    expect((await live.acquire([user(tokenId, 3)])).admitted).toBe(false);
    // Its own id is never released, whoever passes it.
    await live.releaseInstances([{ id: live['instance'], certain: true }]);
    expect((await live.acquire([key(tokenId + 1, 1, tokenId)])).admitted).toBe(false);
    for (const d of [first, second, livesSlot]) if (d.admitted) d.lease.release();
  });

  itWithRedis('gives back the slots of an instance that is only silent once it has stopped renewing them', async () => {
    const tokenId = Math.floor(Math.random() * 1e9);
    const claims = [key(tokenId, 1, tokenId)];
    const options = { url: TEST_REDIS_URL, keyPrefix: prefix, logger, leaseMs: 10_000, commandTimeoutMs: 2_000 };
    const silent = new RedisConcurrencyLimiter({ ...options, instanceId: `silent-${tokenId}` });
    const live = new RedisConcurrencyLimiter(options);
    limiters.push(silent, live);
    expect((await silent.acquire(claims)).admitted).toBe(true);
    silent['redis'].client.disconnect();
    // Seven of its ten seconds gone without a renewal (a live instance renews every third of a lease).
    const redis = new Redis(TEST_REDIS_URL);
    try {
      await redis.pexpire(`${prefix}instance:silent-${tokenId}`, 3_000);
    } finally {
      redis.disconnect();
    }
    await live.releaseInstances([{ id: `silent-${tokenId}`, certain: false }]);
    const after = await live.acquire(claims);
    expect(after.admitted).toBe(true);
    if (after.admitted) after.lease.release();
  });

  it('enforces the limits per process while Redis is unreachable, instead of dropping them', async () => {
    warnings.length = 0;
    const l = redisLimiter(`redis://127.0.0.1:${await closedPort()}`);
    const claim = [key(7, 1)];
    const first = await l.acquire(claim);
    expect(first.admitted).toBe(true);
    expect((await l.acquire(claim)).admitted).toBe(false);
    if (first.admitted) first.lease.release();
    expect((await l.acquire(claim)).admitted).toBe(true);
    expect(warnings.filter((w) => w.includes('concurrency limiter store unreachable')).length).toBe(1);
  });
});

describe('Semaphore', () => {
  it('serves waiters in order, times a wait out, and lets an abort end a wait', async () => {
    const s = new Semaphore(1);
    const release = await s.acquire({ timeoutMs: 1_000 });
    const order: number[] = [];
    const second = s.acquire({ timeoutMs: 5_000 }).then((r) => { order.push(2); return r; });
    const third = s.acquire({ timeoutMs: 5_000 }).then((r) => { order.push(3); return r; });
    const timedOut = await s.acquire({ timeoutMs: 20 }).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(SemaphoreWaitError);
    expect((timedOut as SemaphoreWaitError).reason).toBe('TIMEOUT');
    const controller = new AbortController();
    const aborted = s.acquire({ timeoutMs: 5_000, signal: controller.signal }).catch((e: unknown) => e);
    controller.abort('gone');
    expect(await aborted).toMatchObject({ reason: 'ABORTED', abortReason: 'gone' });
    expect(s.waiting).toBe(2);
    release();
    release(); // once only: the third waiter still waits
    (await second)();
    (await third)();
    expect(order).toEqual([2, 3]);
    expect([s.inUse, s.waiting]).toEqual([0, 0]);
  });

  it('gives a free permit at once without a promise, and none while permits are out or others wait', async () => {
    const s = new Semaphore(2);
    const first = s.tryAcquire()!;
    const second = s.tryAcquire()!;
    expect(s.tryAcquire()).toBeUndefined();
    const waiter = s.acquire({ timeoutMs: 5_000 });
    first(); // passes straight to the waiter: still nothing free, and no queue-jumping
    expect(s.tryAcquire()).toBeUndefined();
    (await waiter)();
    second();
    expect(s.inUse).toBe(0);
    const again = s.tryAcquire();
    expect(typeof again).toBe('function');
    again!();
    again!(); // once only
    expect(s.inUse).toBe(0);
  });
});
