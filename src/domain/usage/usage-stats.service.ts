import type { EntityManager } from '@mikro-orm/postgresql';
import { filtersOn, planStatsSource, statsSource, type Dimension, type StatsPlan } from './usage-stats-source';

/** What statistics may be grouped by; DAY_AND_MODEL is the older spelling of [DAY, MODEL]. */
export const USAGE_STATS_GROUPINGS = ['HOUR', 'DAY', 'MODEL', 'USER', 'TOKEN', 'CHANNEL', 'GROUP', 'SURFACE', 'DAY_AND_MODEL'] as const;
export type UsageStatsGrouping = (typeof USAGE_STATS_GROUPINGS)[number];

/** The statistics statement's work_mem (SET LOCAL): enough to hash every user's or token's group in memory. */
const STATS_WORK_MEM = '64MB';

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
// or a rollup or summary row's hour or day (see statsSource).
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

/**
 * Where usageStats sums `q` from (planStatsSource): `source` forces the raw rows throughout (the
 * slow path: for checking the rollups and summaries against the rows they summarise) or the
 * hourly rollups (never the summaries).
 */
export function usageStatsPlan(q: UsageStatsQuery, options: { source?: 'rollups' | 'raw' } = {}): StatsPlan {
  const plan = planStatsSource(q, new Set(dimensionsOf(q.groupBy)));
  if (options.source === 'raw') return { source: 'raw' };
  return options.source === 'rollups' && plan.source === 'summaries' ? { source: 'rollups' } : plan;
}

/**
 * Requests, tokens and cost over [from, to), grouped by any combination of dimensions, summed from
 * the smallest exact source (usageStatsPlan) and the raw rows at the edges.
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
  const source = statsSource(q, usageStatsPlan(q, options));
  // A group may be summed to nothing (an edge hour's rollups less the same rows outside the
  // window); every group that has rows has requests.
  const statement = (conn: Pick<EntityManager, 'execute'>) =>
    conn.execute<RawRow[]>(
      `select ${select.join(', ')},
              coalesce(sum(requests), 0) as requests,
              coalesce(sum(successful), 0) as successful,
              coalesce(sum(prompt_tokens), 0) as prompt_tokens,
              coalesce(sum(completion_tokens), 0) as completion_tokens,
              coalesce(sum(cost), 0) as cost,
              coalesce(sum(upstream_cost), 0) as upstream_cost
         from (${source.sql}) usage
        ${positions.length ? `group by ${positions.join(', ')} having sum(requests) <> 0 order by ${positions.join(', ')}` : ''}`,
      [...selectParams, ...source.params],
    );
  // The hash of 10,000 users' or 20,000 tokens' groups (or a year of hours) needs more than the
  // default work_mem and would spill to disk; the other groupings have a few hundred groups at
  // most and skip the transaction's round trips.
  const raw = dims.has('USER') || dims.has('TOKEN') || dims.has('HOUR')
    ? await em.transactional(async (tx) => {
      await tx.execute(`set local work_mem = '${STATS_WORK_MEM}'`);
      return statement(tx);
    })
    : await statement(em);
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
  // Added up in place: a new totals object per row (a spread) cost 40 to 100 ms over 20,000 tokens' rows.
  const totals: UsageStatsRow = {
    hour: null, day: null, modelId: null, userId: null, tokenId: null, channelId: null, group: null, surface: null,
    requests: 0, successfulRequests: 0, promptTokens: 0n, completionTokens: 0n, cost: 0n, upstreamCost: 0n,
  };
  for (const r of rows) {
    totals.requests += r.requests;
    totals.successfulRequests += r.successfulRequests;
    totals.promptTokens += r.promptTokens;
    totals.completionTokens += r.completionTokens;
    totals.cost += r.cost;
    totals.upstreamCost += r.upstreamCost;
  }
  // With no grouping at all the single aggregate row already is the total.
  return { totals, rows: positions.length ? rows : [] };
}
