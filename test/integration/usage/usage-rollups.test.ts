import { MikroORM } from '@mikro-orm/postgresql';
import { Client, Pool } from 'pg';
import { ormOptions } from '../../../src/db/orm-options';
import { usageStats, type UsageStatsQuery } from '../../../src/domain/usage/usage-stats.service';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The hourly rollups statistics read are exact: equal to the raw usage rows after concurrent
// writers, after a row rebuilt from a charge is replaced by the request's own, after a writer dies
// mid-transaction, and after rows are removed for retention (which keeps the rollups' history);
// and usageStats answers the same from them as from the raw rows, edges of partial hours included.

let database: TestDatabase;
let pool: Pool;
let orm: MikroORM;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 10 });
  // pool.end() resolves once it has asked its connections to close, not once they have: the
  // forced drop in afterAll can still end one, whose error would otherwise surface as unhandled.
  pool.on('error', () => undefined);
  orm = await MikroORM.init({ ...ormOptions({ clientUrl: database.url, poolMax: 2 }), preferTs: true });
});
afterAll(async () => {
  await orm?.close(true);
  await pool?.end();
  await database?.drop();
});

const DIMS = 'hour, user_id, token_id, model_id, channel_id, group_name, surface';
const MEASURES = `count(*)::bigint as requests, count(*) filter (where outcome = 'SUCCESS')::bigint as successful,
  sum(prompt_tokens)::bigint as prompt_tokens, sum(completion_tokens)::bigint as completion_tokens,
  sum(cached_tokens)::bigint as cached_tokens, sum(audio_ms)::bigint as audio_ms, sum(cost)::numeric as cost, sum(uncovered_cost)::numeric as uncovered_cost`;

/** Rollup rows that disagree with the raw rows (either way). */
async function disagreements(): Promise<unknown[]> {
  const { rows } = await pool.query(`
    with raw as (
      select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, user_id, token_id, model_id, channel_id, group_name, surface, ${MEASURES}
        from usage_logs group by ${DIMS}),
    rolled as (
      select ${DIMS}, requests, successful, prompt_tokens, completion_tokens, cached_tokens, audio_ms, cost, uncovered_cost
        from usage_rollups where requests <> 0)
    (select 'raw only' as side, * from raw except select 'raw only', * from rolled)
    union all
    (select 'rollup only', * from rolled except select 'rollup only', * from raw)`);
  return rows;
}

let seq = 0;
/** A batch of usage rows as the usage writer inserts them (one statement), spread over a few keys and hours. */
function batch(n: number, options: { base?: Date; users?: number } = {}): { sql: string; params: unknown[] } {
  const base = options.base?.getTime() ?? Date.parse('2026-11-20T08:00:00Z');
  const rows = Array.from({ length: n }, () => {
    const i = seq++;
    return {
      request_id: `req-${i}-${Math.random().toString(36).slice(2)}`,
      user_id: 1 + (i % (options.users ?? 3)),
      token_id: 10 + (i % 2),
      model_id: ['gpt-4o-mini', 'claude-haiku-4-5'][i % 2],
      channel_id: (i % 3) + 1,
      group_name: 'default',
      surface: ['chat.completions', 'messages', 'gemini'][i % 3],
      outcome: i % 7 === 0 ? 'REJECTED' : 'SUCCESS',
      http_status: i % 7 === 0 ? 402 : 200,
      prompt_tokens: 100 + (i % 13),
      completion_tokens: 20 + (i % 5),
      cached_tokens: i % 4,
      audio_ms: 0,
      cost: 1000 + (i % 17),
      created_at: new Date(base + ((i * 7_919_000) % (6 * 3_600_000))).toISOString(),
    };
  });
  return {
    sql: `insert into usage_logs (request_id, user_id, token_id, model_id, channel_id, group_name, surface, outcome, http_status,
            prompt_tokens, completion_tokens, cached_tokens, audio_ms, cost, created_at)
          select request_id, user_id, token_id, model_id, channel_id, group_name, surface, outcome, http_status,
            prompt_tokens, completion_tokens, cached_tokens, audio_ms, cost, created_at
            from jsonb_to_recordset($1::jsonb) as x(request_id varchar, user_id int, token_id int, model_id varchar, channel_id int,
              group_name varchar, surface varchar, outcome text, http_status int, prompt_tokens int, completion_tokens int,
              cached_tokens int, audio_ms int, cost bigint, created_at timestamptz)`,
    params: [JSON.stringify(rows)],
  };
}

it('equal to the raw rows after 16 writers insert 200 batches at once on the same keys (no deadlock, nothing lost)', async () => {
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let b = 0; b < 12; b++) {
        const { sql, params } = batch(25);
        await pool.query(sql, params);
      }
    }),
  );
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from usage_logs');
  expect(Number(rows[0]!.n)).toBe(16 * 12 * 25);
  expect(await disagreements()).toEqual([]);
});

it('a row rebuilt from a charge moves when the request\'s own row replaces it; updates and deletes are followed', async () => {
  await pool.query(`insert into usage_logs (request_id, user_id, bucket, cost, outcome, http_status, error_code, created_at)
                    values ('rebuilt-1', 2, 'FREE', 777, 'SUCCESS', 200, 'reconstructed_from_charge', '2026-11-20T13:59:59Z')`);
  // The request's own row replaces the rebuilt one (the database's claim trigger on usage_logs).
  await pool.query(`insert into usage_logs (request_id, user_id, token_id, model_id, cost, outcome, http_status, created_at, surface)
                    values ('rebuilt-1', 2, 11, 'gpt-4o-mini', 777, 'SUCCESS', 200, '2026-11-20T09:30:00Z', 'messages')`);
  const replaced = await pool.query(`select token_id, error_code from usage_logs where request_id = 'rebuilt-1'`);
  expect(replaced.rows).toEqual([{ token_id: 11, error_code: null }]);
  await pool.query(`update usage_logs set cost = cost + 5, uncovered_cost = 5 where request_id in (select request_id from usage_logs order by id limit 10)`);
  await pool.query(`delete from usage_logs where request_id in (select request_id from usage_logs order by id desc limit 3)`);
  expect(await disagreements()).toEqual([]);
});

it('a writer that dies mid-transaction leaves the rollups as they were', async () => {
  const before = await pool.query('select sum(requests)::text as n, sum(cost)::text as c from usage_rollups');
  const doomed = new Client({ connectionString: database.url });
  await doomed.connect();
  doomed.on('error', () => undefined);
  await doomed.query('begin');
  const { sql, params } = batch(50);
  await doomed.query(sql, params);
  const { rows } = await doomed.query<{ pid: number }>('select pg_backend_pid() as pid');
  await pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
  await doomed.end().catch(() => undefined);
  const after = await pool.query('select sum(requests)::text as n, sum(cost)::text as c from usage_rollups');
  expect(after.rows).toEqual(before.rows);
  expect(await disagreements()).toEqual([]);
});

it('rows removed for retention leave the rollups\' history alone', async () => {
  const before = await pool.query('select sum(requests)::text as n, sum(cost)::text as c from usage_rollups');
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local gw.keep_rollups = 'on'`);
    await client.query(`delete from usage_logs where created_at < '2026-11-20T10:00:00Z'`);
    await client.query('commit');
  } finally {
    client.release();
  }
  const after = await pool.query('select sum(requests)::text as n, sum(cost)::text as c from usage_rollups');
  expect(after.rows).toEqual(before.rows);
});

it('usageStats answers from the rollups what it answers from the raw rows, partial hours at both ends included', async () => {
  // Fresh rows (the retention test removed some raw ones the rollups kept).
  await pool.query(`set session gw.keep_rollups = 'on'`);
  await pool.query('truncate usage_logs');
  await pool.query('truncate usage_rollups');
  await pool.query(`reset gw.keep_rollups`);
  for (let b = 0; b < 8; b++) {
    const { sql, params } = batch(40, { base: new Date('2026-11-21T20:00:00Z'), users: 4 });
    await pool.query(sql, params);
  }
  const em = orm.em.fork();
  const from = new Date('2026-11-21T20:17:00Z');
  const to = new Date('2026-11-22T01:43:00Z');
  // The rollups are really read: emptied, the middle hours would be missing.
  const middle = await usageStats(em, { from, to, userId: null, groupBy: [], timezone: 'UTC' });
  expect(middle.totals.requests).toBe(8 * 40 - (await pool.query<{ n: string }>(`select count(*) as n from usage_logs where created_at < $1 or created_at >= $2`, [from, to])).rows.map((r) => Number(r.n))[0]!);
  const groupings: UsageStatsQuery['groupBy'][] = [[], ['HOUR'], ['DAY'], ['MODEL', 'USER'], ['TOKEN', 'CHANNEL', 'GROUP', 'SURFACE'], ['DAY', 'MODEL']];
  for (const timezone of ['UTC', 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata']) {
    for (const groupBy of groupings) {
      for (const userId of [null, 2]) {
        const query: UsageStatsQuery = { from, to, userId, groupBy, timezone };
        const fromRollups = await usageStats(em, query);
        const raw = await usageStats(em, query, { source: 'raw' });
        expect({ timezone, groupBy, userId, stats: fromRollups }).toEqual({ timezone, groupBy, userId, stats: raw });
      }
    }
  }
});
