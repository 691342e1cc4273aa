// PostgreSQL's own time on the hot path, without the gateway: lease charges sent in scripts the
// way the billing statement queue sends them under load, and usage rows written in batches by the
// real UsageLogWriter. One connection, one call at a time, so the wall time per charge or row is
// the server's time plus one local round trip shared by the whole script or batch. With the
// server on this machine, the backend's CPU time (from /proc) is reported too: on a shared,
// busy machine it moves far less than the wall time, which includes waiting for a core.
//   npx tsx bench/charge-sql.ts [database-url] [charges] [rows]
// The database is dropped and rebuilt from the migrations (bench/bench-database.ts).
//
// Every charge updates the same user, key and lease rows. While any transaction anywhere on the
// server is older than those updates, PostgreSQL cannot prune the dead row versions, and each
// lookup of those rows walks all of them: the cost per charge then grows with the charges made.
// Each round starts from vacuumed rows, and the oldest open transaction is printed, since
// another database's long transaction is enough to change the figures.
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { numberPlaceholders, sqlLiteral, type SqlParam, type SqlRunner } from '../src/db/sql-runner';
import { UsageLogWriter } from '../src/domain/usage/usage-log-writer';
import type { UsageLogRow } from '../src/domain/usage/usage-log.types';
import { createLogger } from '../src/lib/logger';
import { sha256Hex } from '../src/lib/key-material';
import { BENCH_API_KEY, prepareBenchDatabase } from './bench-database';

/** Calls per script: what the queue carried at c=50 (docs/testing.md, "What c=50 waits for"). */
const SCRIPT_CALLS = 16;
/** Rows per usage batch: about 100 ms of rows at 1,300 req/s (the writer's flush interval). */
const USAGE_BATCH = 128;
const ROUNDS = 5;

interface Ids {
  /** The benchmark connection's backend. */
  pid: number;
  userId: number;
  tokenId: number;
  channelId: number;
}

/** The backend's user+system CPU in ms, or NaN when its /proc entry cannot be read (remote server). */
function backendCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return Number.NaN;
  }
}

async function oldestTransactionSeconds(client: Client): Promise<number> {
  const { rows: [row] } = await client.query<{ s: number | null }>(
    `select extract(epoch from max(now() - xact_start))::float8 as s from pg_stat_activity where backend_xid is not null and pid <> pg_backend_pid()`,
  );
  return row?.s ?? 0;
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

/** Wall and backend CPU time of `work`, per unit (`units` of it). */
async function timed(pid: number, units: number, work: () => Promise<void>): Promise<Timing> {
  const cpu0 = backendCpuMs(pid);
  const started = performance.now();
  await work();
  return { wallMs: (performance.now() - started) / units, cpuMs: (backendCpuMs(pid) - cpu0) / units };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function functionTimes(client: Client): Promise<Map<string, number>> {
  // A backend sends its counters at most once a second, when idle; this makes the next idle send them.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ funcname: string; self_time: number }>(
    `select funcname, self_time from pg_stat_user_functions where funcname like 'gw\\_%'`,
  );
  return new Map(rows.map((r) => [r.funcname, r.self_time]));
}

let sequence = 0;
const nextRequestId = () => `req_chargesql_${process.pid}_${++sequence}`;

/**
 * How a script carries its SCRIPT_CALLS charges of one lease: `grouped` as the queue sends them
 * now (consecutive charges of one lease as one gw_lease_charge_many call), `alone` as it did
 * before (each its own transaction through gw_lease_charge_try), for comparison.
 */
type ChargeShape = 'grouped' | 'alone';

/** `count` lease charges out of one lease, SCRIPT_CALLS per script; time per charge. */
async function timeCharges(client: Client, ids: Ids, count: number, shape: ChargeShape): Promise<Timing> {
  const lease = nextRequestId();
  await client.query(`select * from gw_reserve_spare(${sqlLiteral(lease)}, ${ids.userId}, ${ids.tokenId}, 'FREE', ${10n ** 12n}, 'charge-sql', true)`);
  const timing = await timed(ids.pid, count, async () => {
    for (let done = 0; done < count; done += SCRIPT_CALLS) {
      const requests = Array.from({ length: SCRIPT_CALLS }, () => sqlLiteral(nextRequestId()));
      const text =
        shape === 'grouped'
          ? `begin;select * from gw_lease_charge_many(${sqlLiteral(lease)}, ${ids.userId}, ${ids.tokenId}, 'FREE', null, true, ` +
            `array[${requests.join(',')}]::varchar[], array[${requests.map(() => 300).join(',')}]::bigint[], array[${requests.map(() => 1000).join(',')}]::bigint[]);commit;`
          : requests.map((id) => `begin;select * from gw_lease_charge_try(${sqlLiteral(lease)}, ${id}, ${ids.userId}, ${ids.tokenId}, 'FREE', null, 300, 1000, true);commit;`).join('');
      const results = (await client.query(text)) as unknown as Array<{ rows: Array<{ r_error_code: string | null; r_charged: string }> }>;
      const rows = results.flatMap((r) => r.rows ?? []);
      const failed = rows.find((r) => r.r_error_code || r.r_charged !== '300');
      if (failed || rows.length !== SCRIPT_CALLS) throw new Error(`lease charge failed: ${JSON.stringify(failed ?? rows.length)}`);
    }
  });
  await client.query(`select * from gw_settle(${sqlLiteral(lease)}, 0, true)`);
  return timing;
}

function usageRow(ids: Ids, createdAt: Date): UsageLogRow {
  return {
    requestId: nextRequestId(), surface: 'chat.completions', userId: ids.userId, tokenId: ids.tokenId, groupName: 'default',
    modelId: 'gpt-4o-mini', attempts: [{ channelId: ids.channelId, status: 200, error: null, latencyMs: 3 }], channelId: ids.channelId,
    stream: false, promptTokens: 12, completionTokens: 9, cachedTokens: 0, audioMs: 0, cost: 300n, bucket: 'FREE',
    subscriptionId: null, outcome: 'SUCCESS', httpStatus: 200, errorCode: null, latencyMs: 4, ttftMs: null, createdAt,
  };
}

/** `count` usage rows through the real writer, USAGE_BATCH per INSERT; time per row. */
async function timeUsageRows(client: Client, ids: Ids, count: number): Promise<Timing> {
  const sql: SqlRunner = async <T extends object>(statement: string, params: readonly SqlParam[] = []) =>
    (await client.query<T>(numberPlaceholders(statement), params as SqlParam[])).rows;
  const writer = new UsageLogWriter(sql, createLogger({ level: 'error' }), { batchSize: USAGE_BATCH, flushIntervalMs: 60_000 });
  const batches: UsageLogRow[][] = [];
  for (let done = 0; done < count; done += USAGE_BATCH) {
    const now = new Date();
    batches.push(Array.from({ length: USAGE_BATCH }, () => usageRow(ids, now)));
  }
  const timing = await timed(ids.pid, batches.length * USAGE_BATCH, async () => {
    for (const batch of batches) {
      for (const row of batch) writer.write(row);
      await writer.flush();
    }
  });
  if (writer.droppedRows > 0) throw new Error(`${writer.droppedRows} usage rows dropped`);
  await writer.close();
  return timing;
}

/** Adds what each function spent during `work` to `into` (ms). */
async function addFunctionTimes(client: Client, into: Map<string, number>, work: () => Promise<void>): Promise<void> {
  const before = await functionTimes(client);
  await work();
  for (const [fn, t] of await functionTimes(client)) {
    const spent = t - (before.get(fn) ?? 0);
    if (spent > 0) into.set(fn, (into.get(fn) ?? 0) + spent);
  }
}

function describe(label: string, timings: Timing[]): string {
  const list = (pick: (t: Timing) => number) => timings.map((t) => pick(t).toFixed(3)).join(' ');
  return (
    `${label} wall ${median(timings.map((t) => t.wallMs)).toFixed(3)} ms, backend CPU ${median(timings.map((t) => t.cpuMs)).toFixed(3)} ms ` +
    `(medians of rounds; wall: ${list((t) => t.wallMs)}; CPU: ${list((t) => t.cpuMs)})`
  );
}

function describeFunctions(label: string, spent: Map<string, number>, calls: number): string[] {
  const lines = [`${label} (pg_stat_user_functions self time, ms per ${label.split(' ')[0]}):`];
  for (const [fn, t] of [...spent].sort((a, b) => b[1] - a[1])) lines.push(`  ${fn.padEnd(28)} ${(t / calls).toFixed(4)}`);
  return lines;
}

async function main(): Promise<void> {
  const databaseUrl = process.argv[2] ?? 'postgresql://postgres@127.0.0.1:5432/gateway_charge_sql';
  const charges = Number(process.argv[3] ?? 4_000);
  const rows = Number(process.argv[4] ?? 8_192);
  await prepareBenchDatabase(databaseUrl, 'http://127.0.0.1:18080/v1');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: [token] } = await client.query<{ user_id: number; id: number }>('select user_id, id from tokens where key_hash = $1', [sha256Hex(BENCH_API_KEY)]);
    const { rows: [channel] } = await client.query<{ id: number }>(`select id from channels where name = 'bench upstream'`);
    const { rows: [backend] } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const ids: Ids = { pid: backend!.pid, userId: token!.user_id, tokenId: token!.id, channelId: channel!.id };
    await client.query(`set track_functions = 'all'`);
    // Warm-up: plan caches, PL/pgSQL compilation, the first pages of every index.
    await timeCharges(client, ids, 512, 'grouped');
    await timeCharges(client, ids, 512, 'alone');
    await timeUsageRows(client, ids, 1_024);

    const chargeTimes: Timing[] = [];
    const aloneTimes: Timing[] = [];
    const rowTimes: Timing[] = [];
    const chargeFunctions = new Map<string, number>();
    const rowFunctions = new Map<string, number>();
    const oldest: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await client.query('vacuum users, tokens, quota_reservations');
      oldest.push(await oldestTransactionSeconds(client));
      await addFunctionTimes(client, chargeFunctions, async () => {
        chargeTimes.push(await timeCharges(client, ids, charges, 'grouped'));
      });
      await client.query('vacuum users, tokens, quota_reservations');
      aloneTimes.push(await timeCharges(client, ids, charges, 'alone'));
      await addFunctionTimes(client, rowFunctions, async () => {
        rowTimes.push(await timeUsageRows(client, ids, rows));
      });
      oldest.push(await oldestTransactionSeconds(client));
    }
    const { rows: [ver] } = await client.query<{ server_version: string }>('show server_version');
    const out = [
      `PostgreSQL ${ver!.server_version}; ${ROUNDS} rounds of ${charges} lease charges (${SCRIPT_CALLS} per script) and ${rows} usage rows (${USAGE_BATCH} per INSERT)`,
      `oldest other open transaction on the server at each round's start and end (s): ${oldest.map((s) => s.toFixed(0)).join(' ')}`,
      describe('lease charge, grouped as the queue sends them:', chargeTimes),
      describe('lease charge, each alone (as before grouping):', aloneTimes),
      describe('usage row:   ', rowTimes),
      ...describeFunctions('charge functions', chargeFunctions, ROUNDS * (charges + 2)),
      ...describeFunctions('row functions', rowFunctions, ROUNDS * rows),
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  process.stderr.write(`charge-sql failed: ${(err as Error).stack}\n`);
  process.exit(1);
});
