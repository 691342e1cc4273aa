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
// Every dimension has a column in the answer; an ungrouped one is null.
const DIMENSIONS: Record<Dimension, { expr: string; alias: string; tz?: true }> = {
  HOUR: { expr: `to_char(date_trunc('hour', created_at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"')`, alias: 'hour' },
  DAY: { expr: `to_char((created_at at time zone ?)::date, 'YYYY-MM-DD')`, alias: 'day', tz: true },
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
  const parts = ['created_at >= ?', 'created_at < ?'];
  const params: unknown[] = [f.from, f.to];
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

/** Requests, tokens and cost over [from, to), grouped by any combination of dimensions, as SQL aggregates over usage_logs. */
export async function usageStats(em: EntityManager, q: UsageStatsQuery): Promise<UsageStats> {
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
  const where = usageWhere(q);
  const raw = await em.execute<RawRow[]>(
    `select ${select.join(', ')},
            count(*) as requests,
            count(*) filter (where outcome = 'SUCCESS') as successful,
            coalesce(sum(prompt_tokens), 0) as prompt_tokens,
            coalesce(sum(completion_tokens), 0) as completion_tokens,
            coalesce(sum(cost), 0) as cost,
            coalesce(sum(upstream_cost), 0) as upstream_cost
       from usage_logs
      where ${where.sql}
      ${positions.length ? `group by ${positions.join(', ')} order by ${positions.join(', ')}` : ''}`,
    [...selectParams, ...where.params],
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
