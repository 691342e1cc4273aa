import type { ClusterJob } from '../../../src/domain/cluster/cluster-jobs';
import { eventually } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// The parts of every instance's heartbeat that finish other instances' leftovers in the shared
// tables (holds of dead instances, usage rows a crash lost) are cluster jobs: two instances on one
// database run each once per heartbeat between them, not once each. (A holder killed mid-run is
// covered in test/integration/resilience/cluster-jobs-after-kill.test.ts, with real processes.)

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await startTestApp({ CHANNEL_PROBE_INTERVAL_MS: '0' });
  b = await startTestApp({ CHANNEL_PROBE_INTERVAL_MS: '0' }, { database: a.database });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const jobsOf = (app: TestApp) => app.server.services.gatewayInstance.recoveryJobs;
const ranHere = (app: TestApp, name: string) => app.server.services.clusterJobs.ranHere(name);
const ranByBoth = (name: string) => ranHere(a, name) + ranHere(b, name);
const dbNow = async () => {
  const [row] = await a.em().getConnection().execute<{ now: Date }[]>(`select clock_timestamp() as now`);
  return new Date(row!.now).getTime();
};

it.each([['holds'], ['usageRows']] as const)('the %s recovery job: when both instances ask at once, one runs it', async (which) => {
  const name = jobsOf(a)[which].name;
  expect(jobsOf(b)[which].name).toBe(name);
  // Due now, wherever the heartbeats' phases are.
  await a.em().getConnection().execute(`update cluster_job_leases set last_finished_at = now() - interval '1 hour' where name = ?`, [name]);
  const before = ranByBoth(name);
  const asked = await Promise.all([
    a.server.services.clusterJobs.runIfDue(jobsOf(a)[which]),
    b.server.services.clusterJobs.runIfDue(jobsOf(b)[which]),
  ]);
  expect(asked.filter(Boolean).length).toBeLessThanOrEqual(1);
  await eventually(() => ranByBoth(name) > before);
  // Once, between the two asks and the two heartbeat timers.
  expect(ranByBoth(name) - before).toBe(1);
});

it('on their heartbeat timers, two instances run hold recovery at most once per heartbeat between them', async () => {
  const job: ClusterJob = jobsOf(a).holds;
  const before = ranByBoth(job.name);
  const started = await dbNow();
  // Each instance's heartbeat asks every interval: uncoordinated, that is two runs per interval.
  await eventually(() => ranByBoth(job.name) - before >= 3, 60_000);
  const elapsed = (await dbNow()) - started;
  const runs = ranByBoth(job.name) - before;
  expect(runs).toBeLessThanOrEqual(Math.floor(elapsed / job.intervalMs) + 1);
});
