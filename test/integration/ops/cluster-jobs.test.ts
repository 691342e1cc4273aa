import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { ClusterJobs, type ClusterJob } from '../../../src/domain/cluster/cluster-jobs';
import { ChannelKey } from '../../../src/db/entities';
import { client, createChannel, createToken, createUser, disableAllChannels, eventually, sleep } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// Periodic jobs behave as one across instances: one instance runs a job at a time, the cluster
// runs it once per interval however many instances tick, a dead holder's job is picked up when
// its lease runs out, and the health probe's key backoff holds whichever instance runs a round.

let a: TestApp;
let b: TestApp;
let flaky: FakeUpstream;

beforeAll(async () => {
  a = await startTestApp({ CHANNEL_PROBE_INTERVAL_MS: '0' });
  b = await startTestApp({ CHANNEL_PROBE_INTERVAL_MS: '0' }, { database: a.database });
  flaky = await FakeUpstream.start();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await flaky?.close();
});

const logger = () => a.server.services.logger;
const jobsAs = (holder: string) => new ClusterJobs({ orm: a.server.services.orm, holder, logger: logger() });
const lease = (name: string) => a.em().getConnection().execute<{ holder: string; locked_until: Date; last_finished_at: Date | null }[]>(
  `select holder, locked_until, last_finished_at from cluster_job_leases where name = ?`, [name]);

function countingJob(name: string, intervalMs: number, hold?: Promise<void>): ClusterJob & { runs: number; concurrent: number; maxConcurrent: number } {
  const job = {
    name, intervalMs, runs: 0, concurrent: 0, maxConcurrent: 0,
    async run() {
      job.runs++;
      job.concurrent++;
      job.maxConcurrent = Math.max(job.maxConcurrent, job.concurrent);
      await hold;
      job.concurrent--;
    },
  };
  return job;
}

it('one instance runs a job at a time; the other skips while it runs and may run it after', async () => {
  let finish!: () => void;
  const job = countingJob('test-one-at-a-time', 60_000, new Promise<void>((resolve) => (finish = resolve)));
  const first = jobsAs('instance-a');
  const second = jobsAs('instance-b');
  const running = first.runIfDue(job, { ignoreInterval: true });
  await eventually(() => job.runs === 1);
  expect(await Promise.all([1, 2, 3].map(() => second.runIfDue(job, { ignoreInterval: true })))).toEqual([false, false, false]);
  expect((await lease(job.name))[0]!.holder).toBe('instance-a');
  finish();
  expect(await running).toBe(true);
  expect(await second.runIfDue(job, { ignoreInterval: true })).toBe(true);
  expect(job).toMatchObject({ runs: 2, maxConcurrent: 1 });
});

it('the cluster runs a job once per interval, however many instances ask', async () => {
  const job = countingJob('test-once-per-interval', 60_000);
  const instances = ['i-1', 'i-2', 'i-3'].map(jobsAs);
  const ran = await Promise.all(instances.flatMap((jobs) => [jobs.runIfDue(job), jobs.runIfDue(job)]));
  expect(ran.filter(Boolean)).toHaveLength(1);
  expect(await instances[2]!.runIfDue(job)).toBe(false);
  // An interval later, the next instance to ask runs it.
  await a.em().getConnection().execute(`update cluster_job_leases set last_finished_at = now() - interval '61 seconds' where name = ?`, [job.name]);
  expect(await instances[1]!.runIfDue(job)).toBe(true);
  expect(job.runs).toBe(2);
});

it('a job held by an instance that died is picked up once its lease runs out', async () => {
  const job = countingJob('test-dead-holder', 60_000);
  await a.em().getConnection().execute(
    `insert into cluster_job_leases (name, holder, locked_until) values (?, 'killed-host:1', now() + interval '1 hour')`, [job.name]);
  const survivor = jobsAs('survivor');
  expect(await survivor.runIfDue(job, { ignoreInterval: true })).toBe(false);
  await a.em().getConnection().execute(`update cluster_job_leases set locked_until = now() - interval '1 second' where name = ?`, [job.name]);
  expect(await survivor.runIfDue(job, { ignoreInterval: true })).toBe(true);
  const [row] = await lease(job.name);
  expect(row!.holder).toBe('survivor');
  expect(row!.last_finished_at).not.toBeNull();
});

it('scheduled on three instances, a job still runs about once per interval, not three times', async () => {
  const job = countingJob('test-scheduled', 2_000);
  const instances = ['s-1', 's-2', 's-3'].map(jobsAs);
  for (const jobs of instances) jobs.schedule(job);
  await sleep(4_500);
  await Promise.all(instances.map((jobs) => jobs.stop()));
  // Each instance ticks every second: uncoordinated, that would be about 13 runs.
  expect(job.runs).toBeGreaterThanOrEqual(1);
  expect(job.runs).toBeLessThanOrEqual(3);
  expect(job.maxConcurrent).toBe(1);
});

it('the key probe backoff holds across instances: rounds run by either one probe a refused key in rounds 1, 2, 4, 8, 16', async () => {
  await disableAllChannels(a);
  const channelId = await createChannel(a, { baseUrl: flaky.openAIBaseUrl, models: ['gpt-5.4-nano'], priority: 10, apiKeys: ['sk-kept-5555', 'sk-gone-6666'] });
  flaky.refusedKeys.add('sk-gone-6666');
  const userId = await createUser(a, { freeQuota: 100_000_000n });
  const { key } = await createToken(a, userId);
  await eventually(async () => {
    await client(a, key).chat.completions.create({ model: 'gpt-5.4-nano', messages: [{ role: 'user', content: 'hi' }] });
    const keys = await a.em().find(ChannelKey, { channel: channelId }, { orderBy: { id: 'asc' } });
    return keys[1]!.status === 'DISABLED_AUTO';
  });
  const probedIn: number[] = [];
  for (let round = 1; round <= 20; round++) {
    flaky.reset();
    // Rounds alternate between the instances, as the cluster's timers would have them.
    await (round % 2 === 1 ? a : b).server.services.channelProber.probeAll();
    if (flaky.requests.some((r) => String(r.headers.authorization) === 'Bearer sk-gone-6666')) probedIn.push(round);
  }
  expect(probedIn).toEqual([1, 2, 4, 8, 16]);
});
