import { UsageSummaries } from '../../../src/domain/usage/usage-summaries';
import { usageStats, usageStatsPlan, type UsageStatsQuery } from '../../../src/domain/usage/usage-stats.service';
import { createLogger } from '../../../src/lib/logger';
import { runWhileWriting, useSummariesDatabase } from '../../support/summaries-database';

// The statistics' summaries of the hourly rollups (hourly by model, channel, group, surface and in
// total; daily by user and token) are exact: usageStats answers from them what it answers from the
// raw rows, with writers running while the summaries job runs, after updates, deletes and
// replacements, in several time zones; and the planner really picks them.

const db = useSummariesDatabase(12);

const HOUR = 3_600_000;
// Whole hours: the current hour and the next are in the data too (the daily rows stop at the open hour).
const now = Math.floor(Date.now() / HOUR) * HOUR;
const BASES = [now - 50 * HOUR, now - 30 * HOUR, now - 4 * HOUR];

let seq = 0;
/** A batch of usage rows as the usage writer inserts them (one statement), over 6 hours from `base`. */
function batch(n: number, base: number): { sql: string; params: unknown[] } {
  const rows = Array.from({ length: n }, () => {
    const i = seq++;
    return {
      request_id: `sum-${i}-${Math.random().toString(36).slice(2)}`,
      user_id: 1 + (i % 5),
      token_id: 10 + (i % 7),
      model_id: ['gpt-4o-mini', 'claude-haiku-4-5', 'gemini-2.5-flash'][i % 3],
      channel_id: (i % 4) + 1,
      group_name: i % 11 === 0 ? null : ['default', 'vip'][i % 2],
      surface: ['chat.completions', 'messages', 'gemini'][i % 3],
      outcome: i % 7 === 0 ? 'REJECTED' : 'SUCCESS',
      http_status: i % 7 === 0 ? 402 : 200,
      prompt_tokens: 100 + (i % 13),
      completion_tokens: 20 + (i % 5),
      cost: 1000 + (i % 17),
      upstream_cost: 400 + (i % 3),
      created_at: new Date(base + ((i * 7_919_000) % (6 * HOUR))).toISOString(),
    };
  });
  return {
    sql: `insert into usage_logs (request_id, user_id, token_id, model_id, channel_id, group_name, surface, outcome, http_status,
            prompt_tokens, completion_tokens, cost, upstream_cost, created_at)
          select request_id, user_id, token_id, model_id, channel_id, group_name, surface, outcome, http_status,
            prompt_tokens, completion_tokens, cost, upstream_cost, created_at
            from jsonb_to_recordset($1::jsonb) as x(request_id varchar, user_id int, token_id int, model_id varchar, channel_id int,
              group_name varchar, surface varchar, outcome text, http_status int, prompt_tokens int, completion_tokens int,
              cost bigint, upstream_cost bigint, created_at timestamptz)`,
    params: [JSON.stringify(rows)],
  };
}

const KIND_COLUMN = { total: null, model: 'model_id', channel: 'channel_id', group: 'group_name', surface: 'surface', user: 'user_id', token: 'token_id' } as const;

/** Summary rows that disagree with the raw rows (either way), for hours and days the marks do not exclude. */
async function disagreements(): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [kind, column] of Object.entries(KIND_COLUMN)) {
    const daily = kind === 'user' || kind === 'token';
    const period = `date_trunc('${daily ? 'day' : 'hour'}', u.created_at at time zone 'UTC') at time zone 'UTC'`;
    const key = column ? `, u.${column}::text as key` : `, null::text as key`;
    // A daily row covers its day up to the hour open when it was built.
    const covered = daily ? `join usage_summary_days d on d.day = ${period} and u.created_at < d.covered_until` : '';
    const { rows } = await db.pool.query(`
      with raw as (
        select ${period} as period ${key}, count(*)::bigint as requests, sum(cost)::numeric as cost, sum(upstream_cost)::numeric as upstream
          from usage_logs u ${covered}
         group by 1, 2),
      summed as (select period ${key.replace('u.', '')}, requests, cost::numeric, upstream_cost::numeric as upstream from usage_summaries where kind = '${kind}')
      (select '${kind} raw only' as side, * from raw except select '${kind} raw only', * from summed)
      union all
      (select '${kind} summary only', * from summed except select '${kind} summary only', * from raw)`);
    out.push(...rows);
  }
  return out;
}

const GROUPINGS: UsageStatsQuery['groupBy'][] = [[], ['HOUR'], ['DAY'], ['MODEL'], ['USER'], ['TOKEN'], ['CHANNEL'], ['GROUP'], ['SURFACE'], ['DAY', 'MODEL'], ['DAY', 'USER']];
const ZONES = ['UTC', 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata'];

/** usageStats from the planner's source equals usageStats from the raw rows, for every grouping, zone and a few filters. */
async function expectStatsExact(): Promise<number> {
  const em = db.orm.em.fork();
  // Partial hours at both ends, the open hour and the next one inside.
  const from = new Date(now - 55 * HOUR + 17 * 60_000);
  const to = new Date(now + 2 * HOUR + 43 * 60_000);
  let fromSummaries = 0;
  for (const timezone of ZONES) {
    for (const groupBy of GROUPINGS) {
      for (const filter of [{ userId: null }, { userId: 2 }, { userId: null, modelId: 'gpt-4o-mini' }, { userId: null, tokenId: 12 }]) {
        const query: UsageStatsQuery = { from, to, groupBy, timezone, ...filter };
        if (usageStatsPlan(query).source === 'summaries') fromSummaries++;
        const stats = await usageStats(em, query);
        const raw = await usageStats(em, query, { source: 'raw' });
        expect({ timezone, groupBy, filter, stats }).toEqual({ timezone, groupBy, filter, stats: raw });
      }
    }
  }
  return fromSummaries;
}

const dirtyHours = async () => Number((await db.pool.query<{ n: string }>('select count(*) as n from usage_summary_dirty')).rows[0]!.n);

it('the planner picks the smallest source with every dimension grouped and filtered, at the grain it needs', () => {
  const base = { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-10-31T00:00:00Z'), userId: null, timezone: 'Asia/Shanghai' };
  const plan = (q: Partial<UsageStatsQuery>) => usageStatsPlan({ ...base, groupBy: [], ...q });
  expect(plan({ groupBy: ['DAY'] })).toEqual({ source: 'summaries', kind: 'total', grain: 'hour' });
  expect(plan({ groupBy: ['HOUR'] })).toEqual({ source: 'summaries', kind: 'total', grain: 'hour' });
  expect(plan({ groupBy: ['DAY', 'MODEL'] })).toEqual({ source: 'summaries', kind: 'model', grain: 'hour' });
  expect(plan({ groupBy: ['CHANNEL'], channelId: 3 })).toEqual({ source: 'summaries', kind: 'channel', grain: 'hour' });
  expect(plan({ groupBy: ['DAY'], group: 'vip' })).toEqual({ source: 'summaries', kind: 'group', grain: 'hour' });
  expect(plan({ groupBy: ['SURFACE'] })).toEqual({ source: 'summaries', kind: 'surface', grain: 'hour' });
  expect(plan({ groupBy: ['USER'] })).toEqual({ source: 'summaries', kind: 'user', grain: 'blocks' });
  expect(plan({ groupBy: ['TOKEN'], userId: null })).toEqual({ source: 'summaries', kind: 'token', grain: 'blocks' });
  expect(plan({ groupBy: [], userId: 7 })).toEqual({ source: 'summaries', kind: 'user', grain: 'blocks' });
  // Daily rows serve days only where days are UTC days.
  expect(plan({ groupBy: ['DAY', 'USER'], timezone: 'UTC' })).toEqual({ source: 'summaries', kind: 'user', grain: 'day' });
  expect(plan({ groupBy: ['DAY'], userId: 7 })).toEqual({ source: 'rollups' });
  expect(plan({ groupBy: ['HOUR', 'USER'], timezone: 'UTC' })).toEqual({ source: 'rollups' });
  // Two dimensions: no summary holds both.
  expect(plan({ groupBy: ['MODEL'], userId: 7 })).toEqual({ source: 'rollups' });
  expect(plan({ groupBy: ['DAY', 'MODEL'], userId: 7, timezone: 'UTC' })).toEqual({ source: 'rollups' });
  expect(plan({ groupBy: ['MODEL', 'CHANNEL'] })).toEqual({ source: 'rollups' });
  // Days off the hour: raw rows, as before; forced sources win.
  expect(plan({ groupBy: ['DAY'], timezone: 'Asia/Kolkata' })).toEqual({ source: 'raw' });
  expect(plan({ groupBy: ['MODEL'], timezone: 'Asia/Kolkata' })).toEqual({ source: 'summaries', kind: 'model', grain: 'hour' });
  expect(usageStatsPlan({ ...base, groupBy: ['MODEL'] }, { source: 'rollups' })).toEqual({ source: 'rollups' });
});

it('exact after 12 writers insert while the job runs again and again (nothing lost, nothing counted twice)', async () => {
  const runs = await runWhileWriting(
    db.summaries,
    Array.from({ length: 12 }, (_, w) => async () => {
      for (let b = 0; b < 10; b++) {
        const { sql, params } = batch(20, BASES[(w + b) % BASES.length]!);
        await db.pool.query(sql, params);
      }
    }),
  );
  expect(runs).toBeGreaterThan(0);
  // The last writes may be after the last run: statistics are exact before the next run too.
  expect(await expectStatsExact()).toBeGreaterThan(0);
  await db.summaries.run();
  expect(await dirtyHours()).toBe(0);
  expect(await disagreements()).toEqual([]);
  expect(await expectStatsExact()).toBeGreaterThan(0);
});

it('a writer that committed while the job waited is counted; one that relied on a claimed mark is waited for', async () => {
  await db.summaries.run();
  // A committed writer marks some hours; the next one finds those marks (and makes no new ones),
  // but commits only while the job, having claimed them, waits.
  const other = batch(30, BASES[2]!);
  await db.pool.query(other.sql, other.params);
  const early = await db.pool.connect();
  let finishedFirst = true;
  try {
    await early.query('begin');
    const first = batch(30, BASES[2]!);
    await early.query(first.sql, first.params);
    let finished = false;
    const run = db.summaries.run().finally(() => (finished = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    finishedFirst = finished;
    await early.query('commit');
    expect(await run).toEqual(expect.objectContaining({ refreshed: true }));
  } finally {
    early.release();
  }
  // Without the wait the run would have summed those hours without the late commit and dropped their marks.
  expect(await dirtyHours()).toBe(0);
  expect(await disagreements()).toEqual([]);
  expect(finishedFirst).toBe(false);
  // A writer after the claim leaves its own mark; until the next run its hours read the rollups.
  const late = batch(30, BASES[1]!);
  await db.pool.query(late.sql, late.params);
  expect(await dirtyHours()).toBeGreaterThan(0);
  await expectStatsExact();
  await db.summaries.run();
  expect(await disagreements()).toEqual([]);
});

it('exact after updates, deletes and a row rebuilt from a charge replaced by the request\'s own', async () => {
  const past = new Date(BASES[0]! + 90 * 60_000).toISOString();
  await db.pool.query(`insert into usage_logs (request_id, user_id, bucket, cost, outcome, http_status, error_code, created_at)
                    values ('sum-rebuilt-1', 2, 'FREE', 777, 'SUCCESS', 200, 'reconstructed_from_charge', $1)`, [past]);
  await db.summaries.run();
  await db.pool.query(`insert into usage_logs (request_id, user_id, token_id, model_id, cost, outcome, http_status, created_at, surface)
                    values ('sum-rebuilt-1', 3, 11, 'gpt-4o-mini', 777, 'SUCCESS', 200, $1, 'messages')`, [new Date(BASES[1]! + 3 * HOUR).toISOString()]);
  await db.pool.query(`update usage_logs set cost = cost + 5, upstream_cost = 9 where request_id in (select request_id from usage_logs order by id limit 10)`);
  await db.pool.query(`delete from usage_logs where request_id in (select request_id from usage_logs order by id desc limit 7)`);
  await expectStatsExact();
  await db.summaries.run();
  expect(await dirtyHours()).toBe(0);
  expect(await disagreements()).toEqual([]);
  await expectStatsExact();
});

it('a day whose row stops short of hours now closed is read from the rollups there, and rebuilt by a run with nothing marked', async () => {
  await db.summaries.run();
  // Three hours into BASES[0]'s six hours of rows, so rows follow the cut whatever the time of day
  // (a fixed 10th hour came before all of them when the tests ran between 02:00 and 07:00 UTC).
  const cut = new Date(BASES[0]! + 3 * HOUR);
  const day = new Date(Math.floor(cut.getTime() / (24 * HOUR)) * 24 * HOUR);
  // As if the row had been built while the cut's hour was open, and nothing was written since.
  await db.pool.query(`update usage_summary_days set covered_until = $2 where day = $1`, [day, cut]);
  await db.pool.query(`delete from usage_summaries where kind in ('user', 'token') and period = $1`, [day]);
  await db.pool.query(`insert into usage_summaries (kind, period, user_id, token_id, requests, successful, prompt_tokens, completion_tokens, cost, upstream_cost)
                    select case when grouping(user_id) = 0 then 'user' else 'token' end, $1, user_id, token_id, sum(requests), sum(successful),
                           sum(prompt_tokens), sum(completion_tokens), sum(cost), sum(upstream_cost)
                      from usage_rollups where hour >= $1 and hour < $2
                     group by grouping sets ((user_id), (token_id)) having sum(requests) <> 0`, [day, cut]);
  expect(await dirtyHours()).toBe(0);
  await expectStatsExact();
  expect(await db.summaries.run()).toEqual(expect.objectContaining({ hours: 0, refreshed: true }));
  const { rows } = await db.pool.query<{ covered: Date }>(`select covered_until as covered from usage_summary_days where day = $1`, [day]);
  expect(rows[0]!.covered).toEqual(new Date(day.getTime() + 24 * HOUR));
  expect(await disagreements()).toEqual([]);
});

it('statistics really read the summaries, and rows removed for retention leave them alone', async () => {
  await db.summaries.run();
  const em = db.orm.em.fork();
  const query: UsageStatsQuery = { from: new Date(now - 60 * HOUR), to: new Date(now + 3 * HOUR), userId: null, groupBy: ['MODEL'], timezone: 'UTC' };
  const before = await usageStats(em, query);
  await db.pool.query(`update usage_summaries set requests = requests + 1000 where kind = 'model' and model_id = 'gpt-4o-mini' and period = $1`, [new Date(BASES[0]!)]);
  expect((await usageStats(em, query)).totals.requests).toBe(before.totals.requests + 1000);
  expect((await usageStats(em, query, { source: 'rollups' })).totals.requests).toBe(before.totals.requests);
  await db.pool.query(`update usage_summaries set requests = requests - 1000 where kind = 'model' and model_id = 'gpt-4o-mini' and period = $1`, [new Date(BASES[0]!)]);

  const client = await db.pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local gw.keep_rollups = 'on'`);
    await client.query(`delete from usage_logs where created_at < $1`, [new Date(BASES[1]!)]);
    await client.query('commit');
  } finally {
    client.release();
  }
  expect(await dirtyHours()).toBe(0);
  expect(await usageStats(em, query)).toEqual(before);
});

it('a history marked dirty at once, as the migration leaves it, is summarised a step at a time, exact in between', async () => {
  // The rollups are the reference here: the test before removed raw rows for retention, which the
  // rollups (and the summaries) keep.
  const em = db.orm.em.fork();
  const queries: UsageStatsQuery[] = (['Asia/Shanghai', 'UTC'] as const).flatMap((timezone) =>
    GROUPINGS.map((groupBy) => ({ from: new Date(now - 55 * HOUR + 17 * 60_000), to: new Date(now + 2 * HOUR + 43 * 60_000), userId: null, groupBy, timezone })),
  );
  const expectSameAsRollups = async () => {
    for (const query of queries) expect({ query, stats: await usageStats(em, query) }).toEqual({ query, stats: await usageStats(em, query, { source: 'rollups' }) });
  };
  // The migration's state: no summaries yet, every hour from the first rollup's to the next marked.
  await db.pool.query('delete from usage_summaries');
  await db.pool.query('delete from usage_summary_days');
  await db.pool.query(`insert into usage_summary_dirty (hour)
                    select generate_series(min(hour), date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC' + interval '1 hour', interval '1 hour')
                      from usage_rollups on conflict do nothing`);
  const marked = await dirtyHours();
  expect(marked).toBeGreaterThan(24);
  await expectSameAsRollups();

  const oneStep = new UsageSummaries({ orm: db.orm, logger: createLogger('silent'), waitTimeoutMs: 20_000, hoursPerStep: 12, runBudgetMs: 0 });
  expect(await oneStep.run()).toEqual(expect.objectContaining({ hours: 12, refreshed: true }));
  expect(await dirtyHours()).toBe(marked - 12);
  await expectSameAsRollups();

  const steps = new UsageSummaries({ orm: db.orm, logger: createLogger('silent'), waitTimeoutMs: 20_000, hoursPerStep: 12 });
  expect((await steps.run()).hours).toBe(marked - 12);
  expect(await dirtyHours()).toBe(0);
  await expectSameAsRollups();
});
