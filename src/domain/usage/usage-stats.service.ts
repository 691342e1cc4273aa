import type { EntityManager } from '@mikro-orm/postgresql';

/** What statistics may be grouped by; DAY_AND_MODEL is the older spelling of [DAY, MODEL]. */
export const USAGE_STATS_GROUPINGS = ['HOUR', 'DAY', 'MODEL', 'USER', 'TOKEN', 'CHANNEL', 'GROUP', 'SURFACE', 'DAY_AND_MODEL'] as const;
export type UsageStatsGrouping = (typeof USAGE_STATS_GROUPINGS)[number];
type Dimension = Exclude<UsageStatsGrouping, 'DAY_AND_MODEL'>;

/** Longest range one statistics query may cover; keeps the aggregate bounded. */
export const MAX_STATS_RANGE_DAYS = 400;

/** Row filters shared by statistics and exports; null/undefined: no filter. */
export interface UsageFilters {
  from: Date;
  to: Date;
  /** null: every user (admins only; the caller decides). */
  userId: number | null;
  tokenId?: number | null;
  modelId?: string | null;
  channelId?: number | null;
  group?: string | null;
  surface?: string | null;
}

export interface UsageStatsQuery extends UsageFilters {
  groupBy: readonly UsageStatsGrouping[];
  /** Calendar days are cut in this zone (hours are always UTC). */
  timezone: string;
}

export interface UsageStatsRow {
  hour: string | null;
  day: string | null;
  modelId: string | null;
  userId: number | null;
  tokenId: number | null;
  channelId: number | null;
  group: string | null;
  surface: string | null;
  requests: number;
  successfulRequests: number;
  promptTokens: bigint;
  completionTokens: bigint;
  cost: bigint;
  /** What the upstreams billed the operator for these requests (admins only; the caller decides). */
  upstreamCost: bigint;
}

export interface UsageStats {
  totals: UsageStatsRow;
  rows: UsageStatsRow[];
}

// Fixed fragments chosen by an enum: nothing from the caller is spliced into the SQL text.
// Every dimension has a column in the answer; an ungrouped one is null. `ts` is a raw row's time
// or a rollup row's hour (see statsSource).
const DIMENSIONS: Record<Dimension, { expr: string; alias: string; tz?: true }> = {
  HOUR: { expr: `to_char(date_trunc('hour', ts at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"')`, alias: 'hour' },
  DAY: { expr: `to_char((ts at time zone ?)::date, 'YYYY-MM-DD')`, alias: 'day', tz: true },
  MODEL: { expr: 'model_id', alias: 'model_id' },
  USER: { expr: 'user_id', alias: 'user_id' },
  TOKEN: { expr: 'token_id', alias: 'token_id' },
  CHANNEL: { expr: 'channel_id', alias: 'channel_id' },
  GROUP: { expr: 'group_name', alias: 'group_name' },
  SURFACE: { expr: 'surface', alias: 'surface' },
};
const ORDER: Dimension[] = ['HOUR', 'DAY', 'MODEL', 'USER', 'TOKEN', 'CHANNEL', 'GROUP', 'SURFACE'];

/** The where clause of `usage_logs` for these filters, with its parameters in order. */
export function usageWhere(f: UsageFilters): { sql: string; params: unknown[] } {
  return filtersOn('created_at', f.from, f.to, f);
}

/** The filters on the time column `time` over [from, to) and on every dimension asked for. */
function filtersOn(time: string, from: Date, to: Date, f: UsageFilters): { sql: string; params: unknown[] } {
  const parts = [`${time} >= ?`, `${time} < ?`];
  const params: unknown[] = [from, to];
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
  return { sql: parts.join(' and '), params };
}

type RawRow = {
  hour: string | null;
  day: string | null;
  model_id: string | null;
  user_id: number | string | null;
  token_id: number | string | null;
  channel_id: number | string | null;
  group_name: string | null;
  surface: string | null;
  requests: string;
  successful: string;
  prompt_tokens: string;
  completion_tokens: string;
  cost: string;
  upstream_cost: string;
};

const toId = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** The dimensions asked for, in a fixed order, without repeats. */
export function dimensionsOf(groupBy: readonly UsageStatsGrouping[]): Dimension[] {
  const wanted = new Set<Dimension>(groupBy.flatMap((g): Dimension[] => (g === 'DAY_AND_MODEL' ? ['DAY', 'MODEL'] : [g])));
  return ORDER.filter((d) => wanted.has(d));
}

const HOUR_MS = 3_600_000;
const RAW_COLUMNS = `created_at as ts, user_id, token_id, model_id, channel_id, group_name, surface, 1::bigint as requests,
  (outcome = 'SUCCESS')::int::bigint as successful, prompt_tokens::bigint as prompt_tokens,
  completion_tokens::bigint as completion_tokens, cost, upstream_cost`;
const ROLLUP_COLUMNS = `hour as ts, user_id, token_id, model_id, channel_id, group_name, surface, requests,
  successful, prompt_tokens, completion_tokens, cost, upstream_cost`;

/** Whether `timezone` is a whole number of hours from UTC on every day of [from, to) (so UTC hours make whole local days). */
export function wholeHourZone(timezone: string, from: Date, to: Date): boolean {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' });
  for (let t = from.getTime(); ; t = Math.min(t + 24 * HOUR_MS, to.getTime())) {
    const offset = format.formatToParts(new Date(t)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    if (/:(?!00)\d\d$/.test(offset)) return false;
    if (t >= to.getTime()) return true;
  }
}

/**
 * The rows statistics are summed from: the hourly rollups (kept exact by triggers on usage_logs,
 * see Migration20261127195500_usage_rollups) for the whole UTC hours inside [from, to), and raw
 * usage rows only for the partial hours at either end. Days cut in a zone whose offset is not a
 * whole number of hours (India, Nepal, parts of Australia) do not fall on hour boundaries, so
 * those statistics read the raw rows throughout.
 */
function statsSource(q: UsageStatsQuery, byDay: boolean, rawOnly: boolean): { sql: string; params: unknown[] } {
  const firstHour = new Date(Math.ceil(q.from.getTime() / HOUR_MS) * HOUR_MS);
  const lastHour = new Date(Math.floor(q.to.getTime() / HOUR_MS) * HOUR_MS);
  const raw = (from: Date, to: Date) => {
    const where = filtersOn('created_at', from, to, q);
    return { sql: `select ${RAW_COLUMNS} from usage_logs where ${where.sql}`, params: where.params };
  };
  if (rawOnly || firstHour >= lastHour || (byDay && !wholeHourZone(q.timezone, q.from, q.to))) return raw(q.from, q.to);
  const rollups = filtersOn('hour', firstHour, lastHour, q);
  const parts = [{ sql: `select ${ROLLUP_COLUMNS} from usage_rollups where ${rollups.sql} and requests <> 0`, params: rollups.params }];
  if (q.from < firstHour) parts.push(raw(q.from, firstHour));
  if (lastHour < q.to) parts.push(raw(lastHour, q.to));
  return { sql: parts.map((p) => p.sql).join(' union all '), params: parts.flatMap((p) => p.params) };
}

/**
 * Requests, tokens and cost over [from, to), grouped by any combination of dimensions, summed from
 * the hourly rollups and the raw rows at the edges. `source: 'raw'` reads the raw rows throughout
 * (the slow path: for checking the rollups against the rows they summarise).
 */
export async function usageStats(em: EntityManager, q: UsageStatsQuery, options: { source?: 'rollups' | 'raw' } = {}): Promise<UsageStats> {
  const dims = new Set(dimensionsOf(q.groupBy));
  const selectParams: unknown[] = [];
  const select = ORDER.map((d) => {
    const dim = DIMENSIONS[d];
    if (!dims.has(d)) return `null as ${dim.alias}`;
    if (dim.tz) selectParams.push(q.timezone);
    return `${dim.expr} as ${dim.alias}`;
  });
  // Grouping by output position keeps the DAY expression (and its parameter) written once.
  const positions = ORDER.flatMap((d, i) => (dims.has(d) ? [String(i + 1)] : []));
  const source = statsSource(q, dims.has('DAY'), options.source === 'raw');
  const raw = await em.execute<RawRow[]>(
    `select ${select.join(', ')},
            coalesce(sum(requests), 0) as requests,
            coalesce(sum(successful), 0) as successful,
            coalesce(sum(prompt_tokens), 0) as prompt_tokens,
            coalesce(sum(completion_tokens), 0) as completion_tokens,
            coalesce(sum(cost), 0) as cost,
            coalesce(sum(upstream_cost), 0) as upstream_cost
       from (${source.sql}) usage
      ${positions.length ? `group by ${positions.join(', ')} order by ${positions.join(', ')}` : ''}`,
    [...selectParams, ...source.params],
  );
  const rows = raw.map(
    (r): UsageStatsRow => ({
      hour: r.hour,
      day: r.day,
      modelId: r.model_id,
      userId: toId(r.user_id),
      tokenId: toId(r.token_id),
      channelId: toId(r.channel_id),
      group: r.group_name,
      surface: r.surface,
      requests: Number(r.requests),
      successfulRequests: Number(r.successful),
      promptTokens: BigInt(r.prompt_tokens),
      completionTokens: BigInt(r.completion_tokens),
      cost: BigInt(r.cost),
      upstreamCost: BigInt(r.upstream_cost),
    }),
  );
  const empty: UsageStatsRow = {
    hour: null, day: null, modelId: null, userId: null, tokenId: null, channelId: null, group: null, surface: null,
    requests: 0, successfulRequests: 0, promptTokens: 0n, completionTokens: 0n, cost: 0n, upstreamCost: 0n,
  };
  const totals = rows.reduce<UsageStatsRow>(
    (t, r) => ({
      ...t,
      requests: t.requests + r.requests,
      successfulRequests: t.successfulRequests + r.successfulRequests,
      promptTokens: t.promptTokens + r.promptTokens,
      completionTokens: t.completionTokens + r.completionTokens,
      cost: t.cost + r.cost,
      upstreamCost: t.upstreamCost + r.upstreamCost,
    }),
    empty,
  );
  // With no grouping at all the single aggregate row already is the total.
  return { totals, rows: positions.length ? rows : [] };
}
