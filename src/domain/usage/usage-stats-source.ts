import type { UsageFilters, UsageStatsQuery } from './usage-stats.service';

/** The dimensions statistics group and filter by. */
export type Dimension = 'HOUR' | 'DAY' | 'MODEL' | 'USER' | 'TOKEN' | 'CHANNEL' | 'GROUP' | 'SURFACE';

/** The summaries of usage_rollups (Migration20261128100000_usage_summaries): one dimension each. */
export type SummaryKind = 'total' | 'model' | 'channel' | 'group' | 'surface' | 'user' | 'token';

/** Hourly rows; daily rows; daily rows and blocks of days (for a query not grouped by time). */
export type SummaryGrain = 'hour' | 'day' | 'blocks';

/** Where a statistic is summed from, smallest first; partial hours at the edges are read as statsSource says in every case. */
export type StatsPlan =
  | { source: 'summaries'; kind: SummaryKind; grain: SummaryGrain }
  | { source: 'rollups' }
  | { source: 'raw' };

const HOUR_MS = 3_600_000;

/** The one summary holding each dimension, and its time grain (docs/data-at-scale.md has the arithmetic). */
const SUMMARY_OF: Partial<Record<Dimension, { kind: SummaryKind; grain: SummaryGrain }>> = {
  MODEL: { kind: 'model', grain: 'hour' },
  CHANNEL: { kind: 'channel', grain: 'hour' },
  GROUP: { kind: 'group', grain: 'hour' },
  SURFACE: { kind: 'surface', grain: 'hour' },
  USER: { kind: 'user', grain: 'blocks' },
  TOKEN: { kind: 'token', grain: 'blocks' },
};

/** The zone's UTC offsets (as `GMT+05:30`) at each day of [from, to] and at `to`. */
function offsetsOf(timezone: string, from: Date, to: Date): string[] {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' });
  const offsets = new Set<string>();
  for (let t = from.getTime(); ; t = Math.min(t + 24 * HOUR_MS, to.getTime())) {
    offsets.add(format.formatToParts(new Date(t)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT');
    if (t >= to.getTime()) return [...offsets];
  }
}

/** Whether `timezone` is a whole number of hours from UTC on every day of [from, to) (so UTC hours make whole local days). */
export function wholeHourZone(timezone: string, from: Date, to: Date): boolean {
  return offsetsOf(timezone, from, to).every((o) => !/:(?!00)\d\d$/.test(o));
}

/** Whether `timezone` is UTC itself throughout [from, to) (so UTC days are its days). */
function utcZone(timezone: string, from: Date, to: Date): boolean {
  return offsetsOf(timezone, from, to).every((o) => /^GMT(?:[+-]00:00)?$/.test(o));
}

/** The dimensions a query groups or filters by. */
function usedDimensions(q: UsageStatsQuery, grouped: ReadonlySet<Dimension>): Set<Dimension> {
  const used = new Set(grouped);
  if (q.userId !== null) used.add('USER');
  if (q.tokenId != null) used.add('TOKEN');
  if (q.modelId != null) used.add('MODEL');
  if (q.channelId != null) used.add('CHANNEL');
  if (q.group != null) used.add('GROUP');
  if (q.surface != null) used.add('SURFACE');
  return used;
}

/**
 * The smallest source holding every dimension the query groups and filters by, at the grain it
 * needs: a summary when at most one dimension besides time is used (hourly ones serve HOUR and DAY
 * in any whole-hour zone, daily ones neither HOUR nor DAY unless the zone is UTC), the hourly
 * rollups for several dimensions, raw rows when days are cut in a zone off the hour.
 */
export function planStatsSource(q: UsageStatsQuery, grouped: ReadonlySet<Dimension>): StatsPlan {
  const firstHour = Math.ceil(q.from.getTime() / HOUR_MS) * HOUR_MS;
  const lastHour = Math.floor(q.to.getTime() / HOUR_MS) * HOUR_MS;
  if (firstHour >= lastHour || (grouped.has('DAY') && !wholeHourZone(q.timezone, q.from, q.to))) return { source: 'raw' };
  const used = [...usedDimensions(q, grouped)].filter((d) => d !== 'HOUR' && d !== 'DAY');
  if (used.length === 0) return { source: 'summaries', kind: 'total', grain: 'hour' };
  const summary = used.length === 1 ? SUMMARY_OF[used[0]!] : undefined;
  if (!summary) return { source: 'rollups' };
  if (summary.grain === 'hour') return { source: 'summaries', ...summary };
  if (grouped.has('HOUR') || (grouped.has('DAY') && !utcZone(q.timezone, q.from, q.to))) return { source: 'rollups' };
  // A block spans several days: grouped by day, the daily rows alone.
  return { source: 'summaries', kind: summary.kind, grain: grouped.has('DAY') ? 'day' : 'blocks' };
}

/** The filters on every dimension asked for (no time), with their parameters in order. */
export function dimensionFilters(f: UsageFilters): { parts: string[]; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    parts.push(sql);
    params.push(value);
  };
  if (f.userId !== null) add('user_id = ?', f.userId);
  if (f.tokenId != null) add('token_id = ?', f.tokenId);
  if (f.modelId != null) add('model_id = ?', f.modelId);
  if (f.channelId != null) add('channel_id = ?', f.channelId);
  if (f.group != null) add('group_name = ?', f.group);
  if (f.surface != null) add('surface = ?', f.surface);
  return { parts, params };
}

/** The filters on the time column `time` over [from, to) and on every dimension asked for. */
export function filtersOn(time: string, from: Date, to: Date, f: UsageFilters): { sql: string; params: unknown[] } {
  const dims = dimensionFilters(f);
  return { sql: [`${time} >= ?`, `${time} < ?`, ...dims.parts].join(' and '), params: [from, to, ...dims.params] };
}

type Sql = { sql: string; params: unknown[] };

/** Raw rows as rows of the sum, each counted once (or, with -1, taken away once). */
const rawColumns = (sign: 1 | -1) => `created_at as ts, user_id, token_id, model_id, channel_id, group_name, surface, ${sign}::bigint as requests,
  ${sign} * (outcome = 'SUCCESS')::int::bigint as successful, ${sign} * prompt_tokens::bigint as prompt_tokens,
  ${sign} * completion_tokens::bigint as completion_tokens, ${sign} * cost as cost, ${sign} * upstream_cost as upstream_cost`;
const SUMMED = ['requests', 'successful', 'prompt_tokens', 'completion_tokens', 'cost', 'upstream_cost'];
/** Rollup rows as rows of the sum (or, with -1, taken away: a day's hours outside the window, from that day's row; see summariesSource). */
const rollupColumns = (sign: 1 | -1) =>
  `hour as ts, user_id, token_id, model_id, channel_id, group_name, surface, ${SUMMED.map((c) => (sign === 1 ? c : `-${c} as ${c}`)).join(', ')}`;
const ROLLUP_COLUMNS = rollupColumns(1);
const NEGATED_ROLLUP_COLUMNS = rollupColumns(-1);
const SUMMARY_COLUMNS = ROLLUP_COLUMNS.replace('hour as ts', 'period as ts');
// A block's time is its first day: blocks are read only when the query does not group by time.
const BLOCK_COLUMNS = `b.period as ts, b.user_id, b.token_id, null::varchar as model_id, null::int as channel_id, null::varchar as group_name,
  null::varchar as surface, b.requests, b.successful, b.prompt_tokens, b.completion_tokens, b.cost, b.upstream_cost`;
const DAY_MS = 24 * HOUR_MS;
/** Block sizes in days (Migration20261128122000_usage_summary_blocks), largest first. */
const BLOCK_SIZES = [256, 128, 64, 32, 16, 8, 4, 2];

/**
 * The blocks of days that may serve the whole UTC days inside [first, last): the fewest aligned
 * blocks covering them (largest first, aligned to 1970-01-01), and every smaller block inside
 * those, so a block that cannot be used (not built yet, or an hour of it marked) gives way to its
 * halves rather than to all its days.
 */
export function blockCandidates(first: Date, last: Date): Array<{ start: Date; days: number }> {
  const end = Math.floor(last.getTime() / DAY_MS);
  const out: Array<{ start: Date; days: number }> = [];
  const withHalves = (day: number, days: number) => {
    out.push({ start: new Date(day * DAY_MS), days });
    if (days > 2) {
      withHalves(day, days / 2);
      withHalves(day + days / 2, days / 2);
    }
  };
  for (let day = Math.ceil(first.getTime() / DAY_MS); day < end; ) {
    const days = BLOCK_SIZES.find((d) => day % d === 0 && day + d <= end);
    if (days) withHalves(day, days);
    day += days ?? 1;
  }
  return out;
}

/** The rollup rows of the hours `hours` (an array-valued SQL expression) with the query's filters, or (`negated`) those rows taken away. */
function rollupsOfHours(hours: Sql, q: UsageFilters, negated = false): Sql {
  const dims = dimensionFilters(q);
  return {
    sql: `select ${negated ? NEGATED_ROLLUP_COLUMNS : ROLLUP_COLUMNS} from usage_rollups where hour = any(${hours.sql}) ${dims.parts.map((p) => `and ${p} `).join('')}and requests <> 0`,
    params: [...hours.params, ...dims.params],
  };
}

/**
 * The summary rows usable over the whole hours [first, last), and the rollups of every other hour
 * there, in one statement so both see one snapshot of the dirty marks (see usage-summaries.ts for
 * why a summary without a mark is exact). An hourly summary is usable when its hour has no mark;
 * a block of days (grain `blocks`) when it was built and none of its hours has a mark; a daily one
 * when none of the hours it covers, [day, covered_until), has a mark and fewer of them lie outside
 * the window than inside. A day cut by the window's start or end is then its row less the rollups
 * of its hours outside the window, so it costs at most 12 hours of rollups instead of up to 23. In one
 * snapshot the row equals the sum of the rollups of the hours it covers (that is what no mark
 * means), so the difference is exactly the rollups of its hours inside.
 */
function summariesSource(plan: Extract<StatsPlan, { source: 'summaries' }>, first: Date, last: Date, q: UsageFilters): Sql {
  const dims = dimensionFilters(q);
  // The kind comes from a fixed list, never from the caller; as a literal it matches the partial indexes.
  const summaryWhere = `s.kind = '${plan.kind}' and s.period >= ? and s.period < ? ${dims.parts.map((p) => `and s.${p} `).join('')}`;
  if (plan.grain === 'hour') {
    const summaries = `select ${SUMMARY_COLUMNS} from usage_summaries s
      where ${summaryWhere} and not exists (select 1 from usage_summary_dirty m where m.hour = s.period)`;
    const rollups = rollupsOfHours({ sql: `array(select distinct hour from usage_summary_dirty where hour >= ? and hour < ?)`, params: [first, last] }, q);
    return { sql: `${summaries} union all ${rollups.sql}`, params: [first, last, ...dims.params, ...rollups.params] };
  }
  const blocks = plan.grain === 'blocks' ? blockCandidates(first, last) : [];
  // Blocks of days: those built with none of their hours marked, each unless a larger usable one holds it.
  const chosen = `cand(start, days) as (select * from unnest(string_to_array(?, ',')::timestamptz[], string_to_array(?, ',')::int[])),
    built as (
      select c.start, c.start + c.days * interval '1 day' as stop, c.days from cand c
       where exists (select 1 from usage_summary_blocks b where b.days = c.days and b.start = c.start)
         and not exists (select 1 from usage_summary_dirty m where m.hour >= c.start and m.hour < c.start + c.days * interval '1 day')),
    chosen as (select * from built b where not exists (select 1 from built o where o.days > b.days and o.start <= b.start and o.stop >= b.stop))`;
  // Daily rows of the days the window touches, each serving [start, stop): the part of its hours inside the window.
  const usable = `usable as (
      select d.day, d.covered_until, greatest(d.day, w.first) as start, least(d.covered_until, w.last) as stop
        from (select ?::timestamptz as first, ?::timestamptz as last) w
        join usage_summary_days d on d.day > w.first - interval '1 day' and d.day < w.last and d.covered_until > d.day
       where 2 * (greatest(w.first - d.day, interval '0') + greatest(d.covered_until - w.last, interval '0')) < d.covered_until - d.day
         and not exists (select 1 from usage_summary_dirty m where m.hour >= d.day and m.hour < d.covered_until)
         and not exists (select 1 from chosen c where d.day >= c.start and d.day < c.stop)),
    spans as (select start, stop from usable union all select start, stop from chosen)`;
  const blockWhere = `b.kind = '${plan.kind}' ${dims.parts.map((p) => `and b.${p} `).join('')}`;
  const blockRows = `select ${BLOCK_COLUMNS} from chosen c join usage_block_summaries b on b.days = c.days and b.period = c.start where ${blockWhere}`;
  const summaries = `select ${SUMMARY_COLUMNS} from usage_summaries s where ${summaryWhere} and s.period in (select day from usable)`;
  const otherHours = `array(select h from generate_series(?::timestamptz, ?::timestamptz, interval '1 hour') h
                              where not exists (select 1 from spans u where h >= u.start and h < u.stop))`;
  const rollups = rollupsOfHours({ sql: otherHours, params: [first, new Date(last.getTime() - HOUR_MS)] }, q);
  const outsideHours = `array(select h from usable u, generate_series(u.day, u.covered_until - interval '1 hour', interval '1 hour') h
                                where h < u.start or h >= u.stop)`;
  const outside = rollupsOfHours({ sql: outsideHours, params: [] }, q, true);
  return {
    sql: `with ${chosen}, ${usable} ${blockRows} union all ${summaries} union all ${rollups.sql} union all ${outside.sql}`,
    params: [
      blocks.map((b) => b.start.toISOString()).join(','), blocks.map((b) => b.days).join(','), first, last, ...dims.params,
      new Date(first.getTime() - DAY_MS), last, ...dims.params, ...rollups.params, ...outside.params,
    ],
  };
}

/**
 * The rows statistics are summed from: for the whole UTC hours inside [from, to), the plan's
 * summaries (with the rollups of hours they cannot answer yet) or the hourly rollups (kept exact by
 * triggers on usage_logs, see Migration20261127195500_usage_rollups); for the partial hours at either
 * end, their raw rows (or, for the open hour, its rollups less the raw rows after the window). Days
 * cut in a zone whose offset is not a whole number of hours (India, Nepal, parts of Australia) do
 * not fall on hour boundaries, so those statistics read the raw rows throughout.
 */
export function statsSource(q: UsageStatsQuery, plan: StatsPlan): Sql {
  const firstHour = new Date(Math.ceil(q.from.getTime() / HOUR_MS) * HOUR_MS);
  const lastHour = new Date(Math.floor(q.to.getTime() / HOUR_MS) * HOUR_MS);
  const raw = (from: Date, to: Date, sign: 1 | -1 = 1) => {
    const where = filtersOn('created_at', from, to, q);
    return { sql: `select ${rawColumns(sign)} from usage_logs where ${where.sql}`, params: where.params };
  };
  if (plan.source === 'raw' || firstHour >= lastHour) return raw(q.from, q.to);
  const rollups = filtersOn('hour', firstHour, lastHour, q);
  const parts: Sql[] = [
    plan.source === 'summaries'
      ? summariesSource(plan, firstHour, lastHour, q)
      : { sql: `select ${ROLLUP_COLUMNS} from usage_rollups where ${rollups.sql} and requests <> 0`, params: rollups.params },
  ];
  if (q.from < firstHour) parts.push(raw(q.from, firstHour));
  // The partial hour at the end: its raw rows inside the window or, while that hour is still open
  // and the part after the window's end is the shorter (no rows are written ahead of now), the
  // hour's rollups less the raw rows after the end. An hour's rollups change in the transaction
  // that changes its rows, so in one snapshot both give the same sum; a window ending now then
  // reads its hour's rollups instead of every row of the busiest hour. Only the open hour: of an
  // hour whose rows retention has removed (the rollups keep them), the second would count the
  // rows after the end too.
  if (lastHour < q.to) {
    const now = Date.now();
    const after = new Date(lastHour.getTime() + HOUR_MS);
    if (after.getTime() > now && Math.min(after.getTime(), now) - q.to.getTime() < q.to.getTime() - lastHour.getTime()) {
      parts.push(rollupsOfHours({ sql: `array[?::timestamptz]`, params: [lastHour] }, q), raw(q.to, after, -1));
    } else {
      parts.push(raw(lastHour, q.to));
    }
  }
  // Each part in parentheses: the summaries' part may begin with its own WITH.
  return { sql: parts.map((p) => `(${p.sql})`).join(' union all '), params: parts.flatMap((p) => p.params) };
}
