import { Redis } from 'ioredis';
import { BreakerRegistry } from '../../../src/domain/routing/circuit-breaker';
import { RedisBreakerSync } from '../../../src/domain/routing/redis-breaker-sync';
import { createLogger } from '../../../src/lib/logger';
import { eventually } from '../../support/data-plane-fixtures';
import { RedisProcess } from '../../support/redis-process';

// Issue 13 follow-up: a breaker opened or closed while Redis was unreachable was never told to the
// other instances, and the shared hash stayed stale after Redis came back. Two instances' breaker
// registries, each synced through a redis-server of this test's own, which is killed (losing
// everything: no persistence) and started again on the same port while breakers change.

const COOLDOWN_MS = 600_000;
const logger = createLogger('error', () => undefined);
let redis: RedisProcess;
const syncs: RedisBreakerSync[] = [];

beforeAll(async () => {
  redis = await RedisProcess.start();
});
afterAll(async () => {
  for (const sync of syncs) await sync.close();
  await redis?.destroy();
});

/** One gateway instance's breakers (one failure opens one), synced over the test's Redis. */
function instance(): BreakerRegistry {
  let sync: RedisBreakerSync | undefined;
  const breakers = new BreakerRegistry({ failures: 1, cooldownMs: COOLDOWN_MS, onTransition: (channelId, change) => sync?.publish(channelId, change) });
  sync = new RedisBreakerSync(breakers, { url: redis.url, keyPrefix: 'gw:', logger });
  syncs.push(sync);
  return breakers;
}

const stateOf = (breakers: BreakerRegistry, channelId: number) => breakers.health(channelId).state;
const DEADLINE_MS = 20_000;

async function hashEntry(channelId: number): Promise<unknown> {
  const client = new Redis(redis.url);
  try {
    const text = await client.hget('gw:breakers:open', String(channelId));
    return text === null ? null : JSON.parse(text);
  } finally {
    client.disconnect();
  }
}

/** Both instances connected: a change on the first reaches the second. */
async function connected(first: BreakerRegistry, second: BreakerRegistry, probeChannel: number): Promise<void> {
  await eventually(() => {
    first.onFailure(probeChannel, 'probe');
    return stateOf(second, probeChannel) === 'OPEN';
  }, DEADLINE_MS);
}

it('a breaker opened while Redis was down reaches the other instance, and the hash, once Redis is back', async () => {
  const [one, two] = [instance(), instance()];
  await connected(one, two, 100);

  await redis.stop();
  one.onFailure(1, 'upstream 503');
  expect(stateOf(one, 1)).toBe('OPEN');
  await redis.start();

  await eventually(() => stateOf(two, 1) === 'OPEN', DEADLINE_MS);
  expect(two.health(1).openUntil).toEqual(one.health(1).openUntil);
  expect(two.health(1).lastError).toBe('upstream 503');
  // An instance started later learns it from the hash, which the replay wrote again.
  const late = instance();
  await eventually(() => stateOf(late, 1) === 'OPEN', DEADLINE_MS);
  expect(await hashEntry(1)).toMatchObject({ state: 'OPEN', lastError: 'upstream 503' });
});

it('a breaker closed while Redis was down closes on the other instance once Redis is back', async () => {
  const [one, two] = [instance(), instance()];
  await connected(one, two, 101);
  one.onFailure(2, 'upstream 503');
  await eventually(() => stateOf(two, 2) === 'OPEN', DEADLINE_MS);

  await redis.stop();
  one.onSuccess(2); // its probe answered
  expect(stateOf(one, 2)).toBe('CLOSED');
  await redis.start();

  await eventually(() => stateOf(two, 2) === 'CLOSED', DEADLINE_MS);
  expect(await hashEntry(2)).toMatchObject({ state: 'CLOSED' });
});

it('when both instances changed a breaker while Redis was down, the later change wins on both', async () => {
  const [one, two] = [instance(), instance()];
  await connected(one, two, 102);
  one.onFailure(3, 'upstream 503');
  await eventually(() => stateOf(two, 3) === 'OPEN', DEADLINE_MS);

  await redis.stop();
  two.onSuccess(3); // closed on the second first...
  await new Promise((resolve) => setTimeout(resolve, 20));
  one.onFailure(3, 'failed again'); // ...then opened again on the first: the later change
  await redis.start();

  await eventually(() => stateOf(two, 3) === 'OPEN', DEADLINE_MS);
  expect(two.health(3).lastError).toBe('failed again');
  expect(stateOf(one, 3)).toBe('OPEN');
  expect(await hashEntry(3)).toMatchObject({ state: 'OPEN', lastError: 'failed again' });
  // And it stays so once both have replayed and re-read the hash.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect([stateOf(one, 3), stateOf(two, 3)]).toEqual(['OPEN', 'OPEN']);
});
