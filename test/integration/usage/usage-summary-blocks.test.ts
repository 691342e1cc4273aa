import { UsageSummaries } from '../../../src/domain/usage/usage-summaries';
import { blockCandidates } from '../../../src/domain/usage/usage-stats-source';
import { usageStats, usageStatsPlan, type UsageStatsQuery } from '../../../src/domain/usage/usage-stats.service';
import { createLogger } from '../../../src/lib/logger';
import { runWhileWriting, useSummariesDatabase } from '../../support/summaries-database';

// The blocks of 2 to 256 UTC days that statistics by user and by token read instead of the daily
// rows (Migration20261128122000_usage_summary_blocks) are exact: usageStats answers from them what
// it answers from the raw rows, over windows with partial hours and days at both ends, in several
// zones, with writers changing days inside built blocks while the job runs, after updates and
// deletes; and statistics really read them.

const db = useSummariesDatabase(8);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();

/** `n` usage rows spread over the `days` days before now (and a few in the open hour), from rows `seq`.. on. */
async function insertRows(n: number, days: number, seq: number): Promise<void> {
  await db.pool.query(
    `insert into usage_logs (request_id, user_id, token_id, model_id, channel_id, group_name, surface, outcome, http_status,
                             prompt_tokens, completion_tokens, cost, upstream_cost, created_at)
     select 'blk-' || g || '-' || $4, 1 + g % 6, 20 + g % 9, 'gpt-4o-mini', 1 + g % 3, 'default', 'chat.completions',
            case when g % 7 = 0 then 'REJECTED' else 'SUCCESS' end, case when g % 7 = 0 then 402 else 200 end,
            100 + g % 13, 20 + g % 5, 1000 + g % 17, 400 + g % 3,
            to_timestamp($3::float8 / 1000) - ((g * 7919) % ($2::bigint * 3600)) * interval '1 second'
       from generate_series($1::bigint, $1::bigint + $5::bigint - 1) g`,
    [seq, days * 24, now, Math.random().toString(36).slice(2), n],
  );
}

const builtBlocks = async () => Number((await db.pool.query<{ n: string }>('select count(*) as n from usage_summary_blocks')).rows[0]!.n);

const ZONES = ['UTC', 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata'];
const WINDOWS = [
  // The console's month: 30 days ending now, partial hours and days at both ends.
  { from: new Date(now - 30 * DAY), to: new Date(now) },
  { from: new Date(now - 37 * DAY + 17 * 60_000), to: new Date(now - 2 * DAY - 43 * 60_000) },
  // Whole UTC days.
  { from: new Date(Math.floor(now / DAY) * DAY - 32 * DAY), to: new Date(Math.floor(now / DAY) * DAY) },
  // Cut days whatever the time now: the first day 5 hours in and the last 19 hours in (each read as
  // its daily row less its hours outside), then 14 hours in and 7 hours in (each read as its rollups).
  { from: new Date(Math.floor(now / DAY) * DAY - 29 * DAY + 5 * HOUR + 7 * 60_000), to: new Date(Math.floor(now / DAY) * DAY - 3 * DAY + 19 * HOUR + 31 * 60_000) },
  { from: new Date(Math.floor(now / DAY) * DAY - 29 * DAY + 14 * HOUR), to: new Date(Math.floor(now / DAY) * DAY - 3 * DAY + 7 * HOUR) },
  // Within one day, 4 and 6 hours outside at its ends.
  { from: new Date(Math.floor(now / DAY) * DAY - 6 * DAY + 4 * HOUR), to: new Date(Math.floor(now / DAY) * DAY - 6 * DAY + 18 * HOUR + 59 * 60_000) },
];

/** usageStats by user and by token (and for one user, one token) equals the raw rows' answer; returns how many read blocks. */
async function expectStatsExact(): Promise<number> {
  const em = db.orm.em.fork();
  let fromBlocks = 0;
  for (const timezone of ZONES) {
    for (const window of WINDOWS) {
      for (const [groupBy, filter] of [[['USER'], {}], [['TOKEN'], {}], [[], { userId: 3 }], [[], { tokenId: 24 }], [['DAY', 'USER'], {}]] as const) {
        const query: UsageStatsQuery = { ...window, groupBy, timezone, userId: null, ...filter };
        const plan = usageStatsPlan(query);
        if (plan.source === 'summaries' && plan.grain === 'blocks') fromBlocks++;
        const raw = await usageStats(em, query, { source: 'raw' });
        expect({ timezone, window, groupBy, filter, stats: await usageStats(em, query) }).toEqual({ timezone, window, groupBy, filter, stats: raw });
      }
    }
  }
  return fromBlocks;
}

/** Built blocks whose rows disagree with the raw rows of their days (either way). */
async function disagreements(): Promise<unknown[]> {
  const { rows } = await db.pool.query(`
    with raw as (
      select 'user' as kind, b.days, b.start, u.user_id, null::int as token_id, count(*)::bigint as requests, sum(u.cost)::numeric as cost
        from usage_summary_blocks b join usage_logs u on u.created_at >= b.start and u.created_at < b.start + b.days * interval '1 day'
       group by b.days, b.start, u.user_id
      union all
      select 'token', b.days, b.start, null, u.token_id, count(*)::bigint, sum(u.cost)::numeric
        from usage_summary_blocks b join usage_logs u on u.created_at >= b.start and u.created_at < b.start + b.days * interval '1 day'
       group by b.days, b.start, u.token_id),
    summed as (select kind::text, days, period as start, user_id, token_id, requests, cost::numeric from usage_block_summaries)
    (select 'raw only' as side, * from raw except select 'raw only', * from summed)
    union all
    (select 'block only', * from summed except select 'block only', * from raw)`);
  return rows;
}

it('a window is covered by the fewest aligned blocks, and each block by its halves', () => {
  const first = new Date('2026-10-29T05:00:00Z');
  const last = new Date('2026-11-28T05:00:00Z');
  const blocks = blockCandidates(first, last);
  const days = (b: { start: Date }) => b.start.getTime() / DAY;
  // The largest blocks tile the window's whole days (Oct 30 to Nov 27) without overlap.
  const tiles = blocks.filter((b) => !blocks.some((o) => o !== b && o.days > b.days && days(o) <= days(b) && days(o) + o.days >= days(b) + b.days));
  const covered = tiles.flatMap((b) => Array.from({ length: b.days }, (_, i) => days(b) + i)).sort((a, b) => a - b);
  const october30 = days({ start: new Date('2026-10-30T00:00:00Z') });
  // Oct 30 to Nov 27 minus the days no block fits (a lone day at either end is read as a daily row).
  expect(covered.length).toBe(new Set(covered).size);
  expect(covered.every((d) => d >= october30 && d < october30 + 29)).toBe(true);
  expect(covered.length).toBeGreaterThanOrEqual(27);
  expect(tiles.length).toBeLessThanOrEqual(8);
  for (const b of blocks) expect(days(b) % b.days).toBe(0);
  // A block's halves are candidates too.
  const sixteen = blocks.find((b) => b.days === 16)!;
  expect(blocks.filter((b) => b.days === 8 && days(b) >= days(sixteen) && days(b) < days(sixteen) + 16)).toHaveLength(2);
  expect(usageStatsPlan({ from: first, to: last, groupBy: ['USER'], userId: null, timezone: 'Asia/Kolkata' })).toEqual({ source: 'summaries', kind: 'user', grain: 'blocks' });
  expect(usageStatsPlan({ from: first, to: last, groupBy: ['DAY', 'USER'], userId: null, timezone: 'UTC' })).toEqual({ source: 'summaries', kind: 'user', grain: 'day' });
});

it('blocks are built once their days are over, exact, and statistics read them', async () => {
  await insertRows(6000, 45, 0);
  expect(await expectStatsExact()).toBeGreaterThan(0);
  const run = await db.summaries.run();
  expect(run.blocks).toBeGreaterThan(10);
  expect(await disagreements()).toEqual([]);
  const { rows } = await db.pool.query<{ stop: Date }>(`select max(start + days * interval '1 day') as stop from usage_summary_blocks`);
  expect(rows[0]!.stop.getTime()).toBeLessThanOrEqual(Math.floor(now / DAY) * DAY);
  expect(await expectStatsExact()).toBeGreaterThan(0);

  const em = db.orm.em.fork();
  const query: UsageStatsQuery = { ...WINDOWS[2]!, groupBy: ['USER'], userId: null, timezone: 'UTC' };
  const before = await usageStats(em, query);
  await db.pool.query(`update usage_block_summaries set requests = requests + 1000 where kind = 'user' and user_id = 2`);
  expect((await usageStats(em, query)).totals.requests).toBeGreaterThan(before.totals.requests);
  await db.pool.query(`update usage_block_summaries set requests = requests - 1000 where kind = 'user' and user_id = 2`);
  expect(await usageStats(em, query)).toEqual(before);
});

it('exact while writers change days inside built blocks and the job runs again and again', async () => {
  await db.summaries.run();
  const full = await builtBlocks();
  const runs = await runWhileWriting(
    db.summaries,
    Array.from({ length: 6 }, (_, w) => async () => {
      for (let b = 0; b < 6; b++) await insertRows(40, 40, 100_000 + (w * 6 + b) * 40);
    }),
  );
  expect(runs).toBeGreaterThan(0);
  // The last writes may be after the last run: their hours are marked, their blocks not read.
  await expectStatsExact();
  await db.summaries.run();
  expect(await builtBlocks()).toBe(full);
  expect(await disagreements()).toEqual([]);
  expect(await expectStatsExact()).toBeGreaterThan(0);
});

it('exact after updates and deletes inside blocks, before the job runs and after', async () => {
  await db.summaries.run();
  await db.pool.query(`update usage_logs set cost = cost + 5, upstream_cost = 9, user_id = 5
                     where request_id in (select request_id from usage_logs where created_at < now() - interval '20 days' order by id limit 25)`);
  await db.pool.query(`delete from usage_logs where request_id in (select request_id from usage_logs where created_at < now() - interval '9 days' order by id desc limit 30)`);
  // The marks make readers skip the changed blocks (falling back to their halves and days).
  expect(await disagreements()).not.toEqual([]);
  await expectStatsExact();
  await db.summaries.run();
  expect(await disagreements()).toEqual([]);
  await expectStatsExact();
});

it('the backfill removes every block with the daily rows, and the job builds them again', async () => {
  await db.summaries.run();
  const full = await builtBlocks();
  expect(full).toBeGreaterThan(10);
  await db.pool.query('select gw_usage_summaries_backfill()');
  expect(await builtBlocks()).toBe(0);
  await expectStatsExact();
  const steps = new UsageSummaries({ orm: db.orm, logger: createLogger('silent'), waitTimeoutMs: 20_000, blocksPerStep: 3, runBudgetMs: 0 });
  expect((await steps.run()).blocks).toBe(3);
  await expectStatsExact();
  await db.summaries.run();
  expect(await builtBlocks()).toBe(full);
  expect(await disagreements()).toEqual([]);
});

it('the open hour read as its rollups less the rows after the window is exact, and shows no group summed to nothing', async () => {
  const to = new Date();
  // User 99 has rows only after the window's end (written ahead of now, as a clock running fast would).
  await db.pool.query(`insert into usage_logs (request_id, user_id, token_id, model_id, cost, outcome, http_status, created_at)
                    select 'blk-edge-' || g, case when g % 2 = 0 then 99 else 2 end, 99, 'gpt-4o-mini', 10 + g, 'SUCCESS', 200,
                           $1::timestamptz + (1 + g) * interval '100 milliseconds'
                      from generate_series(0, 19) g`, [to]);
  const em = db.orm.em.fork();
  for (const groupBy of [['USER'], ['TOKEN'], ['MODEL'], ['HOUR'], []] as const) {
    const query: UsageStatsQuery = { from: new Date(to.getTime() - 3 * DAY + 5 * 60_000), to, groupBy, userId: null, timezone: 'UTC' };
    const stats = await usageStats(em, query);
    expect(stats).toEqual(await usageStats(em, query, { source: 'raw' }));
    expect(stats.rows.every((r) => r.requests > 0)).toBe(true);
  }
});

it('a day cut by the window is read as its daily row less its hours outside, only when fewer are outside and none is marked', async () => {
  await db.summaries.run();
  const today = Math.floor(now / DAY) * DAY;
  const first = today - 20 * DAY;
  const last = today - 4 * DAY;
  const em = db.orm.em.fork();
  const stats = (from: number, to: number) => usageStats(em, { from: new Date(from), to: new Date(to), groupBy: ['USER'], userId: null, timezone: 'UTC' });
  const requestsOf = async (from: number, to: number) => (await stats(from, to)).rows.find((r) => r.userId === 2)!.requests;
  const shift = (day: number, by: number) =>
    db.pool.query(`update usage_summaries set requests = requests + $2 where kind = 'user' and user_id = 2 and period = $1`, [new Date(day), by]);
  const exact = async (from: number, to: number) => expect(await stats(from, to)).toEqual(
    await usageStats(em, { from: new Date(from), to: new Date(to), groupBy: ['USER'], userId: null, timezone: 'UTC' }, { source: 'raw' }),
  );
  // The first day 9 hours in, the last 15 hours in: both daily rows read (shifting them shows).
  const window = [first + 9 * HOUR + 20 * 60_000, last + 15 * HOUR] as const;
  await exact(...window);
  const before = await requestsOf(...window);
  await shift(first, 1000);
  await shift(last, 100);
  expect(await requestsOf(...window)).toBe(before + 1100);
  // 12 hours in at the start and 12 hours in at the end: as many outside as inside, so the rollups
  // (the shifted rows would show otherwise).
  await exact(first + 12 * HOUR, last + 12 * HOUR);
  // A marked hour anywhere in a day, even outside the window, makes its row unusable.
  await db.pool.query(`insert into usage_summary_dirty (hour) values ($1), ($2) on conflict do nothing`, [new Date(first + 2 * HOUR), new Date(last + 23 * HOUR)]);
  await exact(...window);
  expect(await requestsOf(...window)).toBe(before);
  await db.pool.query(`delete from usage_summary_dirty where not claimed and hour in ($1, $2)`, [new Date(first + 2 * HOUR), new Date(last + 23 * HOUR)]);
  await shift(first, -1000);
  await shift(last, -100);
  await exact(...window);
  await exact(first + 12 * HOUR, last + 12 * HOUR);
});
