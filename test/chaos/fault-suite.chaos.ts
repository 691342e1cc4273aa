import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChannel, createToken, createUser, disableAllChannels } from '../support/data-plane-fixtures';
import { startTestApp, TEST_ADMIN } from '../support/test-app';
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';
import { ChaosUpstream, type UpstreamMode } from './support/chaos-upstream';
import { GatewayProcess } from '../support/gateway-process';
import { LedgerAudit } from './support/ledger-audit';
import { MAX_TOKENS, promptOf, startLoad, type Load, type RequestRecord } from './support/load';
import { maxCostOf, UNIT_MULTIPLIER } from '../../src/domain/billing/pricing';
import { estimatePrompt } from '../../src/gateway/pipeline/token-estimate';
import { seedPrices } from '../support/vendor-fixtures';
import { RedisProcess } from '../support/redis-process';
import { outcomesOf, renderTable, type ScenarioRow } from './support/report';

// Issue 15's fault suite: an operator's bad day on real processes. After each scenario the
// database must show: every bucket's balance equal to its ledger, no request charged twice, every
// request whose caller received output charged exactly once and never above its hold (outside
// the documented crash bound), every charge with its usage row, no hold left, the gateway
// answering. The table of what was measured is printed at the end (and written to
// CHAOS_REPORT, if set).

const SECRET_KEY = 'test-secret-key-0123456789abcdef0123456789';
/** kill -9 mid-stream: streams whose first byte left in the delivery markers' last unwritten 5 ms. */
const STREAM_CRASH_BOUND = 10;
/** kill -9 during a database outage: the charge journal's last unsynced batch (50 entries or 10 ms). */
const JOURNAL_CRASH_BOUND = 50;

let pg: ThrowawayPostgres;
let redis: RedisProcess;
let upstream: ChaosUpstream;
let audit: LedgerAudit;
let dataDir: string;
let hold: bigint;
const keys: Record<string, string[]> = {};
const gateways: GatewayProcess[] = [];
const rows: ScenarioRow[] = [];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function gateway(name: string, ownDataDir = dataDir): GatewayProcess {
  const process = new GatewayProcess(name, {
    DATABASE_URL: pg.url, DATA_DIR: ownDataDir, REDIS_URL: redis.url, SECRET_KEY, DEMO_UPSTREAM: 'false',
    ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, CHANNEL_ALLOW_PRIVATE: 'true',
    // Every request goes through Redis (the shared rate limit), and faults never trip a breaker:
    // each request meets the fault it asked for.
    RATE_LIMIT_RPM: '1000000', BREAKER_FAILURES: '1000000', MAX_ATTEMPTS: '3',
    // PostgreSQL is stopped `immediate` (a crash); BILLING_COMMIT=fast may lose its last ~0.6 s
    // of commits then, a separate documented bound this suite does not measure.
    BILLING_COMMIT: 'durable', SHUTDOWN_GRACE_MS: '2000', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', DATABASE_POOL_MAX: '10',
  });
  gateways.push(process);
  return process;
}

async function chat(base: string, key: string, mode: UpstreamMode = 'ok'): Promise<number> {
  try {
    const res = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 16, messages: [{ role: 'user', content: promptOf(mode, 0) }] }),
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Milliseconds from now until the gateway answers a request with 200. */
async function untilAnswering(base: () => string, key: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if ((await chat(base(), key)) === 200) return performance.now() - started;
    await sleep(25);
  }
  throw new Error(`not answering within ${timeoutMs} ms`);
}

/** Milliseconds from now until no hold is left and every charge has its usage row. */
async function untilBooksClean(timeoutMs = 45_000): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const clean = await audit.holdsLeft().then(async (holds) => holds === 0 && (await audit.chargedWithoutUsage()) === 0, () => false);
    if (clean) return performance.now() - started;
    await sleep(250);
  }
  return null;
}

async function readyz(base: string): Promise<number> {
  return fetch(`${base}/readyz`).then((res) => res.status, () => 0);
}

async function record(
  scenario: string,
  records: readonly RequestRecord[],
  measured: { allowedLoss?: number; recoveryMs: number | null; crashesBefore: number },
): Promise<ScenarioRow> {
  // Called once the load has ended: how long until every hold is gone and every charge has its row.
  const booksClean = await untilBooksClean();
  const row: ScenarioRow = {
    scenario,
    requests: records.length,
    outcomes: outcomesOf(records),
    audit: await audit.audit(records, hold),
    allowedLoss: measured.allowedLoss ?? 0,
    crashes: gateways.reduce((n, g) => n + g.crashes, 0) - measured.crashesBefore,
    recoveryMs: measured.recoveryMs,
    booksCleanMs: booksClean,
  };
  rows.push(row);
  process.stdout.write(`[chaos] ${scenario}: ${row.requests} requests, ${row.outcomes}, ${JSON.stringify(row.audit)}\n`);
  return row;
}

function expectSound(row: ScenarioRow): void {
  expect({
    unbalancedBuckets: row.audit.unbalancedBuckets, doubleCharges: row.audit.doubleCharges, chargedWithoutUsage: row.audit.chargedWithoutUsage,
    usageCostNotCharge: row.audit.usageCostNotCharge, aboveHold: row.audit.aboveHold, holdsLeft: row.audit.holdsLeft, crashes: row.crashes,
  }).toEqual({ unbalancedBuckets: 0, doubleCharges: 0, chargedWithoutUsage: 0, usageCostNotCharge: 0, aboveHold: 0, holdsLeft: 0, crashes: 0 });
  expect(row.audit.deliveredUncharged).toBeLessThanOrEqual(row.allowedLoss);
  expect(row.booksCleanMs).not.toBeNull();
}

const crashCount = () => gateways.reduce((n, g) => n + g.crashes, 0);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gw-chaos-'));
  [pg, redis, upstream] = await Promise.all([startThrowawayPostgres(), RedisProcess.start(), ChaosUpstream.start()]);
  // Migrations, seed and fixtures through the in-process app, which then steps aside for real processes.
  const setup = await startTestApp({ DATA_DIR: dataDir }, { database: { name: 'postgres', url: pg.url, drop: async () => undefined } });
  await disableAllChannels(setup);
  const closedPort = await freePort();
  await createChannel(setup, { baseUrl: `http://127.0.0.1:${closedPort}/v1`, priority: 30, models: ['gpt-4o-mini'], firstByteTimeoutMs: 2_000 });
  await createChannel(setup, { baseUrl: `${upstream.url}/flaky/v1`, priority: 20, models: ['gpt-4o-mini'], firstByteTimeoutMs: 2_000 });
  await createChannel(setup, { baseUrl: `${upstream.url}/steady/v1`, priority: 10, models: ['gpt-4o-mini'] });
  for (const scenario of ['calibration', 'upstream', 'pg-outage', 'kill', 'kill-outage', 'two-instances', 'redis']) {
    keys[scenario] = [];
    for (let i = 0; i < 3; i++) {
      const userId = await createUser(setup, { freeQuota: 1_000_000_000n });
      keys[scenario]!.push((await createToken(setup, userId)).key);
    }
  }
  await setup.close();
  audit = await LedgerAudit.connect(pg.url);
}, 180_000);

afterAll(async () => {
  const table = renderTable(rows);
  process.stdout.write(`\nFault suite (issue 15)\n\n${table}\n`);
  if (process.env.CHAOS_REPORT) writeFileSync(process.env.CHAOS_REPORT, table);
  for (const g of gateways) await g.kill9();
  await audit?.close();
  await upstream?.close();
  await redis?.destroy();
  await pg?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('fault suite', () => {
  let main: GatewayProcess;

  it('calibrates the hold: every request has the same, and an absurd usage report is charged within it', async () => {
    main = gateway('main');
    await main.start();
    // What the gateway holds for one load request (the same size whatever its mode): the bound a
    // crash recovery charges, which no settled charge may pass.
    const prompt = estimatePrompt({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: promptOf('absurd', 0) }] });
    hold = maxCostOf(seedPrices('gpt-4o-mini'), { promptTokens: prompt.reserve, maxCompletionTokens: MAX_TOKENS, audioMs: 0 }, UNIT_MULTIPLIER);
    const key = keys.calibration![0]!;
    expect(await chat(main.url, key, 'absurd')).toBe(200);
    // JSON answers are settled before they are sent: the charge is there, its completion capped at max_tokens.
    const charged = (await audit.lastCharge()) ?? 0n;
    expect(charged).toBeGreaterThan(0n);
    expect(charged).toBeLessThanOrEqual(hold);
  });

  it('upstream faults: status codes, refused, resets before headers and mid-body, cuts, no usage, absurd usage, client aborts', async () => {
    const crashesBefore = crashCount();
    const modes: UpstreamMode[] = ['ok', 's429', 's500', 's503', 's400', 'reset-headers', 'reset-body', 'cut2', 'cut0', 'nousage', 'absurd', 'abort', 'ok', 'ok'];
    const load = startLoad({ target: () => main.whenUp(), keys: keys.upstream!, modes, workers: 12, maxRequests: 3_600 });
    await load.done;
    const row = await record('upstream faults', load.records, { recoveryMs: null, crashesBefore });
    expectSound(row);
    // Caller faults come back as they are; everything else was failed over or served.
    const byMode = (mode: UpstreamMode) => load.records.filter((r) => r.mode === mode);
    // (A 400 is the caller's and comes back as it is; the odd one met a connection an earlier reset had broken and was failed over.)
    expect(byMode('s400').filter((r) => r.status === 400).length).toBeGreaterThan(byMode('s400').length * 0.9);
    expect(byMode('s400').every((r) => r.status === 400 || r.status === 200)).toBe(true);
    for (const mode of ['s429', 's500', 's503', 'reset-headers', 'reset-body', 'cut0', 'nousage', 'absurd'] as const) {
      expect(byMode(mode).every((r) => r.status === 200 && r.complete)).toBe(true);
    }
    expect(await readyz(main.url)).toBe(200);
  });

  it('PostgreSQL stopped (immediate) twice under load', async () => {
    const crashesBefore = crashCount();
    const key = keys['pg-outage']!;
    const load = startLoad({ target: () => main.whenUp(), keys: key, modes: ['ok', 'ok', 'nousage', 'slow'], workers: 12, maxRequests: 1_800 });
    let recoveryMs = 0;
    for (let stop = 0; stop < 2; stop++) {
      await sleep(1_200);
      await pg.stop('immediate');
      await sleep(1_500);
      expect(await readyz(main.url)).toBe(503);
      await pg.start();
      // From the database's return to the first answer of a key not on a lease (so through the database).
      recoveryMs = Math.max(recoveryMs, await untilAnswering(() => main.url, keys.calibration![1]!));
    }
    await load.done;
    const row = await record('PostgreSQL stopped x2', load.records, { recoveryMs, crashesBefore });
    expectSound(row);
    expect(load.records.filter((r) => r.status === 500)).toEqual([]);
    expect(await readyz(main.url)).toBe(200);
  });

  it('kill -9 mid-stream, twice, and restart', async () => {
    const crashesBefore = crashCount();
    const key = keys.kill!;
    const load = startLoad({ target: () => main.whenUp(), keys: key, modes: ['slow', 'slow', 'ok'], workers: 40, maxRequests: 1_500 });
    let recoveryMs = 0;
    for (let kill = 0; kill < 2; kill++) {
      await sleep(2_000);
      // From the kill to the first answer of the restarted process (its start-up included).
      const killedAt = performance.now();
      await main.kill9();
      await main.start();
      await untilAnswering(() => main.url, key[0]!);
      recoveryMs = Math.max(recoveryMs, performance.now() - killedAt);
    }
    await load.done;
    const row = await record('kill -9 mid-stream x2', load.records, { allowedLoss: 2 * STREAM_CRASH_BOUND, recoveryMs, crashesBefore });
    expectSound(row);
    // The streams cut by the kills (the caller saw output, no [DONE]) were charged, not released.
    expect(load.records.filter((r) => r.stream && r.contentChunks > 0 && !r.complete).length).toBeGreaterThan(0);
    // The restart gave back the killed process's concurrency slots: no key waited out their lease
    // in 429s (619 of them in this scenario before recovery released them).
    expect(load.records.filter((r) => r.status === 429).length).toBe(0);
  });

  it('kill -9 during a PostgreSQL outage: the charge journal lands after restart', async () => {
    const crashesBefore = crashCount();
    const key = keys['kill-outage']!;
    const load = startLoad({ target: () => main.whenUp(), keys: key, modes: ['ok', 'ok', 'slow', 'nousage'], workers: 16, maxRequests: 1_500 });
    await sleep(1_500);
    await pg.stop('immediate');
    await sleep(1_500);
    const killedAt = performance.now();
    await main.kill9();
    await pg.start();
    await main.start();
    await untilAnswering(() => main.url, key[0]!);
    const recoveryMs = performance.now() - killedAt;
    await load.done;
    const row = await record('kill -9 in PostgreSQL outage', load.records, { allowedLoss: JOURNAL_CRASH_BOUND, recoveryMs, crashesBefore });
    expectSound(row);
  });

  it('two instances on one database and Redis, each on its own disk, one killed and never restarted', async () => {
    const crashesBefore = crashCount();
    // Its own data directory: the survivor cannot read its journal, only what it left in PostgreSQL.
    const other = gateway('second', join(dataDir, 'second'));
    await other.start();
    const key = keys['two-instances']!;
    let killed = false;
    let turn = 0;
    const load = startLoad({
      target: () => (killed || turn++ % 2 === 0 ? main.whenUp() : other.whenUp()),
      keys: key, modes: ['ok', 'slow', 'nousage', 'ok'], workers: 24, maxRequests: 1_500,
    });
    await sleep(2_000);
    killed = true;
    const deadPid = other.pid!;
    await other.kill9();
    // From the kill until the survivor has finished the dead instance's holds and dropped its row.
    const recoveryMs = await audit.untilInstanceGone(deadPid, 60_000);
    await load.done;
    // Its streams that had delivered output were charged by the survivor from their delivery markers.
    const row = await record('2 instances, own disks, one kill -9, no restart', load.records, { allowedLoss: STREAM_CRASH_BOUND, recoveryMs, crashesBefore });
    expectSound(row);
  });

  it('Redis stopped and started under load', async () => {
    const crashesBefore = crashCount();
    const key = keys.redis!;
    const load = startLoad({ target: () => main.whenUp(), keys: key, modes: ['ok', 'ok', 'nousage'], workers: 12, maxRequests: 1_200 });
    await sleep(800);
    await redis.stop();
    await sleep(1_500);
    await redis.start();
    const recoveryMs = await untilAnswering(() => main.url, key[0]!);
    await load.done;
    const row = await record('Redis stopped', load.records, { recoveryMs, crashesBefore });
    expectSound(row);
    // Invisible to callers.
    expect(load.records.filter((r) => r.status !== 200)).toEqual([]);
    expect(await readyz(main.url)).toBe(200);
  });
});
