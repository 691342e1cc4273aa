import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { eventually } from '../../support/data-plane-fixtures';
import { GatewayProcess } from '../../support/gateway-process';
import { TEST_ADMIN } from '../../support/test-app';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// A cluster job whose instance dies mid-run is taken over by another instance once its lease runs
// out, and not before. Real processes on one database: the test holds a lock the job's run waits
// for, so the run is in progress for as long as the test likes; the holder is then killed with
// SIGKILL (no lease released), the lock let go, and the survivor must run the job after the dead
// holder's lease expires. For each job the heartbeat coordinates: hold recovery (which reads
// delivered_holds) and usage reconstruction (which reads ledger_entries).

let database: TestDatabase;
let dataDir: string;
let sql: Client;
const gateways: GatewayProcess[] = [];

async function gateway(name: string): Promise<GatewayProcess> {
  const process = new GatewayProcess(name, {
    DATABASE_URL: database.url, DATA_DIR: dataDir, SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789', DEMO_UPSTREAM: 'false',
    ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, LOG_LEVEL: 'warn', LOG_FORMAT: 'json',
    CHANNEL_PROBE_INTERVAL_MS: '0', CLUSTER_JOB_LEASE_MS: '1000',
  });
  gateways.push(process);
  await process.start();
  return process;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gw-jobs-kill-'));
  database = await createTestDatabase();
  sql = new Client({ connectionString: database.url });
  await sql.connect();
}, 60_000);

afterAll(async () => {
  for (const g of gateways) await g.stop();
  await sql?.end();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface Lease {
  holder: string;
  locked_until: Date;
  last_finished_at: Date | null;
  held: boolean;
}

interface LeaseNow extends Lease {
  now: Date;
}

async function lease(name: string): Promise<LeaseNow | undefined> {
  const { rows } = await sql.query<LeaseNow>(
    `select holder, locked_until, last_finished_at, locked_until > now() as held, clock_timestamp() as now from cluster_job_leases where name = $1`, [name]);
  return rows[0];
}

/** The holder column names the process: `host:pid:instance`. */
const pidOf = (holder: string) => Number(holder.split(':')[1]);

async function killHolderMidRun(job: string, table: string, alive: readonly GatewayProcess[]): Promise<GatewayProcess> {
  const blocker = new Client({ connectionString: database.url });
  await blocker.connect();
  try {
    await blocker.query('begin');
    await blocker.query(`lock table ${table} in access exclusive mode`);
    // Whichever instance's heartbeat takes the job next is now stuck in its run, renewing its lease.
    let holding: Lease | undefined;
    await eventually(async () => {
      holding = await lease(job);
      if (!holding?.held) return false;
      const { rows } = await sql.query(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
      return rows.length > 0;
    }, 30_000);
    const holder = alive.find((g) => g.pid === pidOf(holding!.holder));
    expect(holder).toBeDefined();
    await holder!.kill9();
    const deadUntil = (await lease(job))!.locked_until;
    await blocker.query('rollback');
    const survivors = new Set(alive.filter((g) => g !== holder).map((g) => g.pid));
    // A survivor takes the job over, runs it to the end, and only once the dead holder's lease has run out.
    const takenEarly: Date[] = [];
    let taken: LeaseNow | undefined;
    await eventually(async () => {
      taken = await lease(job);
      if (!taken || !survivors.has(pidOf(taken.holder))) return false;
      if (taken.now < deadUntil) takenEarly.push(taken.now);
      return !taken.held && taken.last_finished_at !== null && taken.last_finished_at >= deadUntil;
    }, 60_000);
    expect(takenEarly).toEqual([]);
    return holder!;
  } finally {
    await blocker.end();
  }
}

it('hold recovery and usage reconstruction: a holder killed mid-run is taken over once its lease runs out', async () => {
  // The first start seeds the empty database; the others start together after it.
  const all = [await gateway('first'), ...(await Promise.all(['second', 'third'].map(gateway)))];
  const killed = await killHolderMidRun('hold-recovery', 'delivered_holds', all);
  await killHolderMidRun('usage-reconstruction', 'ledger_entries', all.filter((g) => g !== killed));
}, 240_000);
