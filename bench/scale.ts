// `npm run bench:scale` (not in CI): the books at scale. Fills a database with N usage rows and N
// ledger rows over the last 12 months and 10,000 users (N = SCALE_ROWS, default 10 million;
// `-- --100m` for 100 million), generated in SQL (rollups and their summaries built afterwards), then measures through a gateway process:
// usageStats over 30 days by each dimension and for one user, the usage connection's first and a
// deep page, a user's ledger page, a month's /export/usage.csv (time and the gateway's RSS), and
// the usage writer's insert throughput while all that runs. Prints a Markdown table.
// SCALE_BENCH_DATABASE_URL (default the local server, database gateway_scale_bench; dropped and
// rebuilt unless SCALE_REUSE=1 finds it filled with the same N).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { sha256Hex } from '../src/lib/key-material';
import { BENCH_SECRET_KEY, prepareBenchDatabase } from './bench-database';

const ROWS = process.argv.includes('--100m') ? 100_000_000 : Number(process.env.SCALE_ROWS ?? 10_000_000);
const USERS = 10_000;
const DATABASE_URL = process.env.SCALE_BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/gateway_scale_bench';
const PORT = Number(process.env.SCALE_BENCH_PORT ?? 3919);
const SESSION = 'scale-bench-admin-session';
const CHUNK = 1_000_000;
const MODELS = ['gpt-4o-mini', 'claude-haiku-4-5', 'gemini-2.5-flash', 'deepseek-chat', 'gpt-5.4', 'claude-sonnet-4-6', 'qwen-plus', 'glm-4.6'];
const SURFACES = ['chat.completions', 'messages', 'responses', 'gemini'];

const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function filledWith(db: Client): Promise<number> {
  const { rows } = await db.query<{ n: string | null }>(`select obj_description('usage_rollups'::regclass) as n`).catch(() => ({ rows: [{ n: null }] }));
  return Number(/^scale bench rows: (\d+)$/.exec(rows[0]?.n ?? '')?.[1] ?? 0);
}

/**
 * Users, then usage rows and their ledger charges in chunks (one statement each: the charges are
 * the usage rows the insert returns, so no lookup by request id across the monthly partitions) (skewed as real traffic is: a few
 * users and models make most requests), written with the rollup triggers skipped and the rollups
 * built afterwards in one aggregate per month, as the migration's backfill does.
 */
async function fill(): Promise<void> {
  await prepareBenchDatabase(DATABASE_URL, 'http://127.0.0.1:9');
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const started = Date.now();
    await db.query(`insert into users (email, password_hash, free_quota, created_at, updated_at)
                    select 'scale' || g || '@bench.local', 'x', 0, now() - interval '1 year', now() from generate_series(1, $1::int) g`, [USERS]);
    const { rows: [range] } = await db.query<{ lo: number; hi: number }>(`select min(id) as lo, max(id) as hi from users where email like 'scale%@bench.local'`);
    // The year of history gets its monthly partitions before the rows arrive (the migration made
    // this month's and the next ones'); otherwise they would all wait in the default partition.
    await db.query(`select gw_ensure_month_partition(t, (date_trunc('month', now() at time zone 'UTC') - make_interval(months => m))::date)
                      from unnest(array['usage_logs', 'ledger_entries']) t, generate_series(1, 12) m`);
    for (let from = 0; from < ROWS; from += CHUNK) {
      const to = Math.min(ROWS, from + CHUNK);
      await db.query('begin');
      await db.query(`set local gw.keep_rollups = 'on'`);
      await db.query('set local synchronous_commit = off');
      await db.query(
        `with usage as (
         insert into usage_logs (request_id, user_id, token_id, group_name, model_id, attempts, channel_id, stream, prompt_tokens, completion_tokens,
                                 cached_tokens, audio_ms, cost, bucket, outcome, http_status, latency_ms, created_at, surface)
         select 'scale_' || g, u, u * 2 + (g % 2), 'default', ($3::text[])[1 + m], '[]', 1 + m * 3 + (g % 3), g % 3 = 0,
                100 + g % 4000, 20 + g % 800, (g % 5) * 50, 0, 50 + (g % 9000), 'FREE',
                case when g % 29 = 0 then 'REJECTED' else 'SUCCESS' end, case when g % 29 = 0 then 402 else 200 end, 40 + g % 900,
                now() - (g::float8 / $1::float8) * interval '365 days', ($4::text[])[1 + g % 4]
           from generate_series($5::bigint, $6::bigint) g,
                lateral (select $2::int + floor(${USERS} * power(((g * 2654435761) % 1000003) / 1000003.0, 3))::int as u,
                                floor(8 * power(((g * 40503) % 999983) / 999983.0, 2))::int as m) pick
         returning user_id, cost, request_id, created_at, outcome)
         insert into ledger_entries (user_id, bucket, amount, balance_after, kind, request_id, created_at)
         select user_id, 'FREE', -cost, 0, 'USAGE_CHARGE', request_id, created_at from usage where outcome = 'SUCCESS'`,
        [ROWS, range!.lo, MODELS, SURFACES, from + 1, to],
      );
      await db.query('commit');
      process.stdout.write(`  filled ${to.toLocaleString('en')} of ${ROWS.toLocaleString('en')} rows (${seconds(Date.now() - started)})\n`);
    }
    const rollupsStarted = Date.now();
    await db.query(`insert into usage_rollups (hour, user_id, token_id, model_id, channel_id, group_name, surface, requests, successful,
                      prompt_tokens, completion_tokens, cached_tokens, audio_ms, cost, uncovered_cost)
                    select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', user_id, token_id, model_id, channel_id, group_name, surface,
                           count(*), count(*) filter (where outcome = 'SUCCESS'), sum(prompt_tokens), sum(completion_tokens), sum(cached_tokens),
                           sum(audio_ms), sum(cost), sum(uncovered_cost)
                      from usage_logs group by 1, 2, 3, 4, 5, 6, 7`);
    // The statistics' summaries of those rollups, as the migration builds them from existing ones.
    const summariesStarted = Date.now();
    await db.query(`select gw_usage_summaries_backfill()`);
    // And the blocks of days by user and token, as the job builds them in the background.
    const blocksStarted = Date.now();
    await db.query(`select gw_usage_summary_blocks_build(1000000)`);
    const blocksMs = Date.now() - blocksStarted;
    await db.query('analyze');
    const { rows: [counts] } = await db.query<{ rollups: string; summaries: string }>(
      `select (select count(*) from usage_rollups) as rollups, (select count(*) from usage_summaries) as summaries`,
    );
    await db.query(`comment on table usage_rollups is 'scale bench rows: ${ROWS}'`);
    process.stdout.write(`filled in ${seconds(Date.now() - started)} (rollups ${seconds(summariesStarted - rollupsStarted)}, ${Number(counts!.rollups).toLocaleString('en')} rollup rows; `
      + `summaries ${seconds(Date.now() - summariesStarted - blocksMs)}, ${Number(counts!.summaries).toLocaleString('en')} summary rows; blocks ${seconds(blocksMs)})\n`);
    const { rows: [admin] } = await db.query<{ id: number }>(`select id from users where role = 'ADMIN' order by id limit 1`);
    await db.query(`insert into sessions (token_hash, user_id, expires_at, created_at) values ($1, $2, now() + interval '30 days', now())`, [sha256Hex(SESSION), admin!.id]);
  } finally {
    await db.end();
  }
}

async function startGateway(): Promise<ChildProcess> {
  // NODE_ENV=production as deployed: graphql-js otherwise runs development-only checks on every
  // value it answers, about 30 ms of a 20,000-row statistic that production never pays.
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'src', 'main.ts')], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL, PORT: String(PORT), SECRET_KEY: BENCH_SECRET_KEY, LOG_LEVEL: 'warn', DEMO_UPSTREAM: 'false', CHANNEL_PROBE_INTERVAL_MS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening on') && resolve());
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
  });
  return child;
}

async function graphql(query: string, variables: Record<string, unknown> = {}): Promise<{ ms: number; data: Record<string, unknown> }> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SESSION}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown };
  const ms = performance.now() - started;
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return { ms, data: body.data };
}

/** The first (cold: nothing of it cached by the gateway, PostgreSQL's buffers as they are) and the p50/p95 of 10 more. */
async function timed(run: () => Promise<number>): Promise<{ cold: number; p50: number; p95: number }> {
  const cold = await run();
  const warm: number[] = [];
  for (let i = 0; i < 10; i++) warm.push(await run());
  warm.sort((a, b) => a - b);
  return { cold, p50: warm[4]!, p95: warm[9]! };
}

/** Rows and on-disk size (with indexes and TOAST; a partitioned table's partitions summed) of the tables that grow with usage. */
async function tableSizes(pool: Pool): Promise<string> {
  const tables = ['usage_logs', 'ledger_entries', 'usage_rollups', 'usage_summaries', 'usage_block_summaries', 'usage_request_ids', 'ledger_request_keys'];
  const lines = ['| table | rows | size MB |', '|---|---|---|'];
  for (const table of tables) {
    const { rows: [r] } = await pool.query<{ n: string; bytes: string }>(
      `select (select count(*) from ${table}) as n, (select case when c.relkind = 'p' then (select sum(pg_total_relation_size(relid)) from pg_partition_tree(c.oid) where isleaf)
                                      else pg_total_relation_size(c.oid) end from pg_class c where c.oid = $1::regclass) as bytes`, [table]);
    lines.push(`| ${table} | ${Number(r!.n).toLocaleString('en')} | ${(Number(r!.bytes) / 2 ** 20).toFixed(0)} |`);
  }
  const { rows: [db] } = await pool.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
  return `${lines.join('\n')}\n\ndatabase: ${(Number(db!.bytes) / 2 ** 30).toFixed(2)} GB`;
}

let liveRows = 0;

/** Batches of 100 usage rows in the usage writer's shape (rollup triggers on), as fast as one connection goes. */
function startWriter(pool: Pool): { stop(): Promise<number> } {
  let running = true;
  let rows = 0;
  const started = performance.now();
  const loop = (async () => {
    while (running) {
      if (pool.ending) return;
      const batch = Array.from({ length: 100 }, () => {
        const n = liveRows++;
        return { r: `scale_live_${process.pid}_${n}`, u: 1 + (n % USERS), m: MODELS[n % MODELS.length] };
      });
      await pool.query(
        `insert into usage_logs (request_id, user_id, token_id, group_name, model_id, channel_id, prompt_tokens, completion_tokens, cost, bucket, outcome, http_status, created_at, surface)
         select r, u, u * 2, 'default', m, 1, 120, 30, 900, 'FREE', 'SUCCESS', 200, now(), 'chat.completions'
           from jsonb_to_recordset($1::jsonb) as x(r text, u int, m text)`,
        [JSON.stringify(batch)],
      );
      rows += batch.length;
    }
  })().catch((err: unknown) => console.error('usage writer stopped:', err));
  return {
    stop: async () => {
      running = false;
      await loop;
      return rows / ((performance.now() - started) / 1000);
    },
  };
}

async function main(): Promise<void> {
  const probe = new Client({ connectionString: DATABASE_URL });
  const reuse = process.env.SCALE_REUSE === '1' && (await probe.connect().then(() => filledWith(probe), () => 0)) === ROWS;
  await probe.end().catch(() => undefined);
  if (!reuse) await fill();
  const pool = new Pool({ connectionString: DATABASE_URL, max: 2 });
  const { rows: [one] } = await pool.query<{ id: number }>(`select user_id as id from usage_rollups where user_id is not null group by user_id order by sum(requests) desc limit 1 offset 50`);
  const gateway = await startGateway();
  const writers: Array<{ stop(): Promise<number> }> = [];
  const track = (w: { stop(): Promise<number> }) => (writers.push(w), w);
  const table: string[] = [];
  const row = (what: string, t: { cold: number; p50: number; p95: number }) =>
    table.push(`| ${what} | ${t.cold.toFixed(0)} | ${t.p50.toFixed(0)} | ${t.p95.toFixed(0)} |`);
  try {
    const idle = track(startWriter(pool));
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idleRate = await idle.stop();
    const writer = track(startWriter(pool));
    const to = new Date();
    // Each statistic ends at its own now, as the console's do. One window fixed for the whole run
    // would end further in the past with every query, and its open hour would be read as the
    // hour's rollups less every row the writer added after the window's end (some 10,000 a second).
    const month30 = () => ({ from: new Date(Date.now() - 30 * 24 * 3_600_000), to: new Date() });
    const stats = `query ($from: DateTime!, $to: DateTime!, $groupBy: [UsageStatsGroupBy!], $userId: ID) {
      usageStats(from: $from, to: $to, groupBy: $groupBy, userId: $userId, timezone: "UTC") { __typename ... on UsageStats { totals { requests cost } rows { requests } } } }`;
    for (const groupBy of ['DAY', 'HOUR', 'MODEL', 'USER', 'TOKEN', 'CHANNEL', 'GROUP', 'SURFACE']) {
      row(`usageStats, 30 days, by ${groupBy}, everyone`, await timed(async () => (await graphql(stats, { ...month30(), groupBy: [groupBy] })).ms));
    }
    row('usageStats, 30 days, by DAY and MODEL, one user', await timed(async () => (await graphql(stats, { ...month30(), groupBy: ['DAY', 'MODEL'], userId: String(one!.id) })).ms));
    const page = `query ($after: String, $userId: ID) { usage(first: 50, after: $after, filter: { userId: $userId }) { edges { node { requestId cost } } pageInfo { endCursor } } }`;
    row('usage connection, first page (everyone)', await timed(async () => (await graphql(page)).ms));
    // A deep page: 200 pages in (10,000 rows back), then the next one timed.
    let cursor: string | null = null;
    for (let i = 0; i < 200; i++) {
      const { data } = await graphql(page, { after: cursor });
      cursor = (data.usage as { pageInfo: { endCursor: string } }).pageInfo.endCursor;
    }
    row('usage connection, page 201 (everyone)', await timed(async () => (await graphql(page, { after: cursor })).ms));
    row('usage connection, first page, one user', await timed(async () => (await graphql(page, { userId: String(one!.id) })).ms));
    const ledger = `query ($userId: ID) { ledger(first: 50, userId: $userId) { edges { node { amount kind } } } }`;
    row('ledger, first page, one user', await timed(async () => (await graphql(ledger, { userId: String(one!.id) })).ms));

    // One month's export: time, rows and the gateway's resident memory before and at its peak.
    const pid = gateway.pid!;
    const month = { from: new Date(to.getTime() - 60 * 24 * 3_600_000), to: new Date(to.getTime() - 30 * 24 * 3_600_000) };
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/export/usage.csv?from=${month.from.toISOString()}&to=${month.to.toISOString()}`, { headers: { authorization: `Bearer ${SESSION}` } });
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) for (const b of chunk) if (b === 10) lines++;
    clearInterval(sampler);
    const exportMs = performance.now() - started;
    const busyRate = await writer.stop();
    console.log(`\nScale bench: ${ROWS.toLocaleString('en')} usage rows and their ledger charges, ${USERS.toLocaleString('en')} users, 12 months\n`);
    console.log('| query | cold ms | warm p50 ms | warm p95 ms |');
    console.log('|---|---|---|---|');
    console.log(table.join('\n'));
    console.log(`\nexport of one month: ${(lines - 1).toLocaleString('en')} rows in ${seconds(exportMs)}, gateway RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MB`);
    console.log(`usage writer (batches of 100, rollup triggers on): ${idleRate.toFixed(0)} rows/s alone, ${busyRate.toFixed(0)} rows/s during the queries`);
    console.log(`\n${await tableSizes(pool)}`);
  } finally {
    gateway.kill('SIGTERM');
    await Promise.all(writers.map((w) => w.stop()));
    await pool.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
