import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { ChannelKey } from '../../../src/db/entities';
import { client, createChannel, createToken, createUser, disableAllChannels, eventually } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// N instances do not multiply the requests sent to vendors: three instances, each with the health
// probe's timer ticking, send the probes of a key the vendor refuses at the rate one instance would
// (one round per interval across the cluster, at most one probe of the key per round), counted at
// the fake vendor.

const INTERVAL_MS = 1_000;
const apps: TestApp[] = [];
let vendor: FakeUpstream;

beforeAll(async () => {
  vendor = await FakeUpstream.start();
  const env = { CHANNEL_PROBE_INTERVAL_MS: String(INTERVAL_MS) };
  const first = await startTestApp(env);
  apps.push(first);
  for (let i = 0; i < 2; i++) apps.push(await startTestApp(env, { database: first.database }));
});
afterAll(async () => {
  for (const app of apps.slice().reverse()) await app.close();
  await vendor?.close();
});

const sqlOf = () => apps[0]!.em().getConnection();
async function rounds(): Promise<number> {
  const [row] = await sqlOf().execute<{ runs: string }[]>(`select runs from cluster_job_leases where name = 'channel-probe'`);
  return Number(row?.runs ?? 0);
}
async function dbNow(): Promise<number> {
  const [row] = await sqlOf().execute<{ now: Date }[]>(`select clock_timestamp() as now`);
  return new Date(row!.now).getTime();
}

it('three instances probe a refused key at the single-instance rate', async () => {
  const [a] = apps as [TestApp];
  await disableAllChannels(a);
  const channelId = await createChannel(a, { baseUrl: vendor.openAIBaseUrl, models: ['gpt-5.4-nano'], priority: 10, apiKeys: ['sk-kept-1111', 'sk-refused-2222'] });
  vendor.refusedKeys.add('sk-refused-2222');
  const userId = await createUser(a, { freeQuota: 100_000_000n });
  const { key } = await createToken(a, userId);
  await eventually(async () => {
    await client(a, key).chat.completions.create({ model: 'gpt-5.4-nano', messages: [{ role: 'user', content: 'hi' }] });
    const keys = await a.em().find(ChannelKey, { channel: channelId }, { orderBy: { id: 'asc' } });
    return keys[1]!.status === 'DISABLED_AUTO';
  });

  vendor.reset();
  const startedAt = await dbNow();
  const roundsBefore = await rounds();
  await eventually(async () => (await rounds()) - roundsBefore >= 6, 60_000);
  const elapsedMs = (await dbNow()) - startedAt;
  const ran = (await rounds()) - roundsBefore;
  const probes = vendor.requests.filter((r) => String(r.headers.authorization) === 'Bearer sk-refused-2222').length;

  // One instance's timer: a round per interval. Three uncoordinated timers would run three.
  expect(ran).toBeLessThanOrEqual(Math.floor(elapsedMs / INTERVAL_MS) + 1);
  // At most one probe of the key per round (fewer as its backoff grows; the +1 is a round that had
  // begun, and been counted, before the window), and it was probed.
  expect(probes).toBeGreaterThanOrEqual(1);
  expect(probes).toBeLessThanOrEqual(ran + 1);
  // Rounds were run by the instances' timers, not by this test.
  const runsHere = apps.map((app) => app.server.services.clusterJobs.ranHere('channel-probe'));
  expect(runsHere.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(6);
});
