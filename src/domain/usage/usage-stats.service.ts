import type { EntityManager } from '@mikro-orm/postgresql';

export const USAGE_STATS_GROUPINGS = ['DAY', 'MODEL', 'DAY_AND_MODEL'] as const;
export type UsageStatsGrouping = (typeof USAGE_STATS_GROUPINGS)[number];

/** Longest range one statistics query may cover; keeps the aggregate bounded. */
export const MAX_STATS_RANGE_DAYS = 400;

export interface UsageStatsQuery {
  from: Date;
  to: Date;
  groupBy: UsageStatsGrouping;
  /** Calendar days are cut in this zone. */
  timezone: string;
  /** null: every user (admins only; the caller decides). */
  userId: number | null;
}

export interface UsageStatsRow {
  day: string | null;
  modelId: string | null;
  requests: number;
  successfulRequests: number;
  promptTokens: bigint;
  completionTokens: bigint;
  cost: bigint;
}

export interface UsageStats {
  totals: UsageStatsRow;
  rows: UsageStatsRow[];
}

// Fixed fragments chosen by an enum: nothing from the caller is spliced into the SQL text.
const GROUPINGS: Record<UsageStatsGrouping, { select: string; groupBy: string }> = {
  DAY: { select: `to_char((created_at at time zone ?)::date, 'YYYY-MM-DD') as day, null::text as model_id`, groupBy: 'group by 1 order by 1' },
  MODEL: { select: 'null::text as day, model_id', groupBy: 'group by 2 order by 2' },
  DAY_AND_MODEL: {
    select: `to_char((created_at at time zone ?)::date, 'YYYY-MM-DD') as day, model_id`,
    groupBy: 'group by 1, 2 order by 1, 2',
  },
};

type RawRow = {
  day: string | null;
  model_id: string | null;
  requests: string;
  successful: string;
  prompt_tokens: string;
  completion_tokens: string;
  cost: string;
};

/** Requests, tokens and cost over [from, to), by day and/or model, as SQL aggregates over usage_logs. */
export async function usageStats(em: EntityManager, q: UsageStatsQuery): Promise<UsageStats> {
  const grouping = GROUPINGS[q.groupBy];
  const params: unknown[] = [];
  if (q.groupBy !== 'MODEL') params.push(q.timezone);
  params.push(q.from, q.to);
  if (q.userId !== null) params.push(q.userId);
  const raw = await em.execute<RawRow[]>(
    `select ${grouping.select},
            count(*) as requests,
            count(*) filter (where outcome = 'SUCCESS') as successful,
            coalesce(sum(prompt_tokens), 0) as prompt_tokens,
            coalesce(sum(completion_tokens), 0) as completion_tokens,
            coalesce(sum(cost), 0) as cost
       from usage_logs
      where created_at >= ? and created_at < ? ${q.userId !== null ? 'and user_id = ?' : ''}
      ${grouping.groupBy}`,
    params,
  );
  const rows = raw.map(
    (r): UsageStatsRow => ({
      day: r.day,
      modelId: r.model_id,
      requests: Number(r.requests),
      successfulRequests: Number(r.successful),
      promptTokens: BigInt(r.prompt_tokens),
      completionTokens: BigInt(r.completion_tokens),
      cost: BigInt(r.cost),
    }),
  );
  const totals = rows.reduce<UsageStatsRow>(
    (t, r) => ({
      day: null,
      modelId: null,
      requests: t.requests + r.requests,
      successfulRequests: t.successfulRequests + r.successfulRequests,
      promptTokens: t.promptTokens + r.promptTokens,
      completionTokens: t.completionTokens + r.completionTokens,
      cost: t.cost + r.cost,
    }),
    { day: null, modelId: null, requests: 0, successfulRequests: 0, promptTokens: 0n, completionTokens: 0n, cost: 0n },
  );
  return { totals, rows };
}
