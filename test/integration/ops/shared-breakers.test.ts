import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels, eventually } from '../../support/data-plane-fixtures';
import { adminSession } from '../../support/graphql-client';
import { parsePrometheusText, sampleValue } from '../../support/prometheus-text';
import { closedPort, deleteKeys, itWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../../support/redis';
import { startTestApp, type TestApp } from '../../support/test-app';

// Issue 13.6: with REDIS_URL, a channel whose breaker trips on one gateway instance is skipped by
// the others too, and its recovery reaches them all; seen through the admin's channel health
// field and /metrics of the other instance. A Redis that cannot be reached leaves each instance
// with its own breakers, and callers notice nothing.

const apps: TestApp[] = [];
let good: FakeUpstream;
let flaky: FakeUpstream;
const prefix = uniqueRedisPrefix('breakers');

beforeAll(async () => {
  good = await FakeUpstream.start();
  flaky = await FakeUpstream.start();
});
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
  await good?.close();
  await flaky?.close();
  await deleteKeys(prefix);
});
beforeEach(() => {
  good.reset();
  flaky.reset();
});

async function start(env: Record<string, string>, database?: TestApp['database']): Promise<TestApp> {
  const app = await startTestApp({ BREAKER_FAILURES: '2', BREAKER_COOLDOWN_MS: '600000', CHANNEL_PROBE_INTERVAL_MS: '0', ...env }, { database });
  apps.push(app);
  return app;
}

async function healthSeenBy(app: TestApp, channelId: number): Promise<{ state: string; openUntil: string | null; lastError: string | null }> {
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminSession(app)}` },
    body: JSON.stringify({
      query: 'query ($id: ID!) { channel(id: $id) { __typename ... on Channel { health { state openUntil lastError } } } }',
      variables: { id: String(channelId) },
    }),
  });
  const body = (await res.json()) as { data: { channel: { health: { state: string; openUntil: string | null; lastError: string | null } } } };
  return body.data.channel.health;
}

async function breakerMetric(app: TestApp, channelId: number): Promise<number> {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  return sampleValue(parsePrometheusText(text), 'gw_breaker_state', { channel: String(channelId) });
}

/** Two instances on one database, a channel on the flaky upstream in front of one on the good upstream, and a caller. */
async function twoInstances(env: Record<string, string>, model: string) {
  const a = await start(env);
  const b = await start(env, a.database);
  await disableAllChannels(a);
  const userId = await createUser(a, { freeQuota: 100_000_000n });
  const { key } = await createToken(a, userId);
  const tripped = await createChannel(a, { baseUrl: flaky.openAIBaseUrl, models: [model], priority: 10 });
  await createChannel(a, { baseUrl: good.openAIBaseUrl, models: [model], priority: 0 });
  const ask = (app: TestApp) => client(app, key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
  return { a, b, tripped, ask, env };
}

itWithRedis('a breaker tripped on instance A is open on instance B, and its recovery reaches B', async () => {
  const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
  const { a, b, tripped, ask } = await twoInstances(env, 'gpt-4o-mini');

  flaky.setDefault({ status: 503 });
  await ask(a);
  await ask(a);
  expect(a.server.services.breakers.health(tripped).state).toBe('OPEN');

  await eventually(() => b.server.services.breakers.health(tripped).state === 'OPEN');
  const seen = await healthSeenBy(b, tripped);
  expect(seen.state).toBe('OPEN');
  expect(seen.openUntil).toBe(a.server.services.breakers.health(tripped).openUntil!.toISOString());
  expect(seen.lastError).toContain('503');
  expect(await breakerMetric(b, tripped)).toBe(2);
  // B skips the channel without having seen it fail once.
  const flakyCalls = flaky.requests.length;
  await ask(b);
  await ask(b);
  expect(flaky.requests.length).toBe(flakyCalls);
  expect(b.server.services.breakers.health(tripped).failures).toBe(0);

  // Recovery on A (its probe) closes B's breaker too.
  flaky.setDefault({});
  await a.server.services.channelProber.probeAll();
  expect(a.server.services.breakers.health(tripped).state).toBe('CLOSED');
  await eventually(() => b.server.services.breakers.health(tripped).state === 'CLOSED');
  expect((await healthSeenBy(b, tripped)).state).toBe('CLOSED');
  expect(await breakerMetric(b, tripped)).toBe(0);
  await eventually(async () => {
    await ask(b);
    return flaky.requests.length > flakyCalls;
  });

  // An instance started while a breaker is open learns it from the snapshot, not only from later messages.
  flaky.setDefault({ status: 503 });
  await ask(a);
  await ask(a);
  expect(a.server.services.breakers.health(tripped).state).toBe('OPEN');
  const c = await start(env, a.database);
  await eventually(() => c.server.services.breakers.health(tripped).state === 'OPEN');
});

itWithRedis('Redis unreachable: each instance keeps its own breakers and requests are served as usual', async () => {
  const { a, b, tripped, ask } = await twoInstances({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, REDIS_KEY_PREFIX: prefix }, 'deepseek-chat');

  flaky.setDefault({ status: 503 });
  expect((await ask(a)).choices[0]!.message.content).toBeTruthy();
  expect((await ask(a)).choices[0]!.message.content).toBeTruthy();
  expect(a.server.services.breakers.health(tripped).state).toBe('OPEN');
  expect(await breakerMetric(a, tripped)).toBe(2);
  // B has not heard of it (nothing carries it), and still works out the channel for itself.
  expect(b.server.services.breakers.health(tripped).state).toBe('CLOSED');
  await ask(b);
  await ask(b);
  expect(b.server.services.breakers.health(tripped).state).toBe('OPEN');
});
