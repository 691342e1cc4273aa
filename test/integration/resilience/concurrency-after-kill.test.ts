import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createChannel, createToken, createUser, disableAllChannels } from '../../support/data-plane-fixtures';
import { GatewayProcess } from '../../support/gateway-process';
import { HoldingUpstream } from '../../support/holding-upstream';
import { deleteKeys, itWithRedis, redisAvailable, TEST_REDIS_URL, uniqueRedisPrefix } from '../../support/redis';
import { startTestApp, TEST_ADMIN } from '../../support/test-app';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// Issue 13 follow-up: a gateway killed with SIGKILL while a key was at its concurrency limit left
// its Redis slots behind for a whole lease (30 s), so the key got 429s long after the restart.
// Crash recovery now gives them back at once. Real processes, real PostgreSQL, real Redis: a
// process holds all N slots of a key whose token sets maxConcurrent = N, is killed, and right
// after recovery (its own restart, or a live peer's sweep) the slots are gone while their lease
// still had most of its time to run, and the key is admitted again.

const N = 3;
const prefix = uniqueRedisPrefix('cc-kill');
let database: TestDatabase;
let upstream: HoldingUpstream;
let dataDir: string;
let redis: Redis;
const gateways: GatewayProcess[] = [];
const opened: AbortController[] = [];

function gateway(name: string): GatewayProcess {
  const process = new GatewayProcess(name, {
    DATABASE_URL: database.url, DATA_DIR: dataDir, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix,
    SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789', DEMO_UPSTREAM: 'false', CHANNEL_ALLOW_PRIVATE: 'true',
    ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, LOG_LEVEL: 'warn', LOG_FORMAT: 'json',
  });
  gateways.push(process);
  return process;
}

beforeAll(async () => {
  if (!(await redisAvailable())) return;
  dataDir = mkdtempSync(join(tmpdir(), 'gw-cc-kill-'));
  database = await createTestDatabase();
  upstream = await HoldingUpstream.start();
  const setup = await startTestApp({}, { database });
  await disableAllChannels(setup);
  await createChannel(setup, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
  await setup.close();
  redis = new Redis(TEST_REDIS_URL);
}, 60_000);

afterAll(async () => {
  for (const controller of opened) controller.abort();
  upstream?.finishAll();
  for (const g of gateways) await g.stop();
  await upstream?.close();
  redis?.disconnect();
  await deleteKeys(prefix);
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** A key of a new user whose token may have N requests in progress; and the Redis counter of that key. */
async function concurrencyLimitedKey(): Promise<{ key: string; counter: string }> {
  const setup = await startTestApp({}, { database });
  try {
    const userId = await createUser(setup, { freeQuota: 100_000_000n });
    const { key, tokenId } = await createToken(setup, userId, { maxConcurrent: N });
    return { key, counter: `${prefix}cc:{u${userId}}:key:${tokenId}` };
  } finally {
    await setup.close();
  }
}

/** A stream held open upstream: its status once the first bytes arrived (200), or the refusal (429). */
async function openStream(url: string, key: string): Promise<number> {
  const controller = new AbortController();
  opened.push(controller);
  const res = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'hold on' }] }),
    signal: controller.signal,
  });
  if (res.status !== 200) await res.arrayBuffer();
  return res.status;
}

/** Fills the key's N slots on `instance` and checks the next request is refused; returns the slots' expiry (Redis ms). */
async function fillKey(instance: GatewayProcess, key: string, counter: string): Promise<number[]> {
  const statuses = await Promise.all(Array.from({ length: N }, () => openStream(instance.url, key)));
  expect(statuses).toEqual(Array(N).fill(200));
  expect(await openStream(instance.url, key)).toBe(429);
  const slots = await redis.zrange(counter, 0, -1, 'WITHSCORES');
  expect(slots.length / 2).toBe(N);
  return slots.filter((_, i) => i % 2 === 1).map(Number);
}

async function redisNowMs(): Promise<number> {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1_000 + Math.floor(Number(micros) / 1_000);
}

itWithRedis('a restarted instance gives back the slots its killed predecessor held, so the key is admitted at once', async () => {
  const { key, counter } = await concurrencyLimitedKey();
  const instance = gateway('restarted');
  await instance.start();
  const expiries = await fillKey(instance, key, counter);

  await instance.kill9();
  // The restart recovers the dead process (its pid is gone) before it listens.
  await instance.start();

  // Removed by recovery, not expired: the lease of each slot still had more than 10 s to run.
  expect(await redis.zcard(counter)).toBe(0);
  expect(Math.min(...expiries) - (await redisNowMs())).toBeGreaterThan(10_000);
  expect(await openStream(instance.url, key)).toBe(200);
}, 90_000);

itWithRedis('a live peer gives back the slots of an instance killed next to it at its next sweep, and keeps its own', async () => {
  const { key, counter } = await concurrencyLimitedKey();
  const [doomed, peer] = [gateway('doomed'), gateway('peer')];
  await Promise.all([doomed.start(), peer.start()]);
  // The peer's own slot (another user's key) must survive the sweep.
  const other = await concurrencyLimitedKey();
  expect(await openStream(peer.url, other.key)).toBe(200);
  const expiries = await fillKey(doomed, key, counter);
  expect(await openStream(peer.url, key)).toBe(429); // the limit is one for both instances

  await doomed.kill9();
  const deadline = Date.now() + 60_000;
  while ((await redis.zcard(counter)) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

  expect(await redis.zcard(counter)).toBe(0);
  expect(Math.min(...expiries) - (await redisNowMs())).toBeGreaterThan(5_000);
  expect(await redis.zcard(other.counter)).toBe(1);
  expect(await openStream(peer.url, key)).toBe(200);
}, 120_000);
