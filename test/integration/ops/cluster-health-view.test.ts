import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels, eventually } from '../../support/data-plane-fixtures';
import { adminSession } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// The channel health view is the cluster's, without Redis: every live instance writes what it saw
// of each channel to PostgreSQL, and whichever instance answers the admin's query adds them up. A
// breaker opened by failures seen on one instance shows as open on the other, the counts of both
// add up, and an instance that stops takes its counts out of the view.

interface SeenHealth {
  state: string;
  requests: number;
  failures: number;
  recentRequests: number;
  recentFailures: number;
  consecutiveFailures: number;
  lastError: string | null;
}

let a: TestApp;
let b: TestApp | undefined;
let flaky: FakeUpstream;
let good: FakeUpstream;

const env = { BREAKER_FAILURES: '3', BREAKER_COOLDOWN_MS: '600000', CHANNEL_PROBE_INTERVAL_MS: '0', CHANNEL_HEALTH_REPORT_MS: '200' };

beforeAll(async () => {
  flaky = await FakeUpstream.start();
  good = await FakeUpstream.start();
  a = await startTestApp(env);
  b = await startTestApp(env, { database: a.database });
});
const other = (): TestApp => b!;
afterAll(async () => {
  await b?.close();
  await a?.close();
  await flaky?.close();
  await good?.close();
});

async function healthSeenBy(app: TestApp, channelId: number): Promise<SeenHealth> {
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminSession(app)}` },
    body: JSON.stringify({
      query: 'query ($id: ID!) { channel(id: $id) { ... on Channel { health { state requests failures recentRequests recentFailures consecutiveFailures lastError } } } }',
      variables: { id: String(channelId) },
    }),
  });
  const body = (await res.json()) as { data: { channel: { health: SeenHealth } } };
  return body.data.channel.health;
}

it('a breaker opened by failures on instance A shows on instance B, and both instances count', async () => {
  await disableAllChannels(a);
  const userId = await createUser(a, { freeQuota: 100_000_000n });
  const { key } = await createToken(a, userId);
  const tripped = await createChannel(a, { baseUrl: flaky.openAIBaseUrl, models: ['gpt-4o-mini'], priority: 10 });
  await createChannel(a, { baseUrl: good.openAIBaseUrl, models: ['gpt-4o-mini'], priority: 0 });
  const ask = (app: TestApp) => client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });

  // B serves two requests through the channel while it works; then A sees it fail three times.
  await ask(other());
  await ask(other());
  flaky.setDefault({ status: 503 });
  for (let i = 0; i < 3; i++) await ask(a);
  expect(a.server.services.breakers.health(tripped).state).toBe('OPEN');
  // Without Redis, nothing told B's breaker: only the view is shared.
  expect(other().server.services.breakers.health(tripped).state).toBe('CLOSED');

  const expected = { state: 'OPEN', requests: 5, failures: 3, recentRequests: 5, recentFailures: 3, consecutiveFailures: 3 };
  let seenByB: SeenHealth | undefined;
  await eventually(async () => {
    seenByB = await healthSeenBy(other(), tripped);
    return seenByB.requests === 5 && seenByB.state === 'OPEN';
  }, 20_000);
  expect(seenByB).toMatchObject(expected);
  expect(seenByB!.lastError).toContain('503');
  // A answers the same: its own counts live, B's from its row.
  await eventually(async () => (await healthSeenBy(a, tripped)).requests === 5, 20_000);
  expect(await healthSeenBy(a, tripped)).toMatchObject(expected);

  // B stops: its two requests leave the view, A's failures stay.
  await b!.close();
  b = undefined;
  expect(await healthSeenBy(a, tripped)).toMatchObject({ state: 'OPEN', requests: 3, failures: 3 });
});
