import { Migration } from '@mikro-orm/migrations';

const DIMENSIONS = 'hour, user_id, token_id, model_id, channel_id, group_name, surface';
const MEASURES = 'requests, successful, prompt_tokens, completion_tokens, cached_tokens, audio_ms, cost, uncovered_cost, upstream_cost';

/** The rows of one transition table as signed rollup deltas. */
const deltas = (table: string, sign: 1 | -1) => `
  select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour,
         user_id, token_id, model_id, channel_id, group_name, surface,
         ${sign}::bigint as requests, ${sign} * (outcome = 'SUCCESS')::int::bigint as successful,
         ${sign} * prompt_tokens::bigint as prompt_tokens, ${sign} * completion_tokens::bigint as completion_tokens,
         ${sign} * cached_tokens::bigint as cached_tokens, ${sign} * audio_ms::bigint as audio_ms,
         ${sign} * cost as cost, ${sign} * uncovered_cost as uncovered_cost, ${sign} * upstream_cost as upstream_cost
    from ${table}`;

/** Adds the summed deltas to their rollup rows, in key order (two writers never lock rows in opposite orders). */
const apply = (source: string) => `
  insert into usage_rollups as r (${DIMENSIONS}, ${MEASURES})
  select ${DIMENSIONS}, sum(requests), sum(successful), sum(prompt_tokens), sum(completion_tokens),
         sum(cached_tokens), sum(audio_ms), sum(cost), sum(uncovered_cost), sum(upstream_cost)
    from (${source}) d
   group by ${DIMENSIONS}
   order by ${DIMENSIONS}
  on conflict on constraint usage_rollups_key do update set
    requests = r.requests + excluded.requests, successful = r.successful + excluded.successful,
    prompt_tokens = r.prompt_tokens + excluded.prompt_tokens, completion_tokens = r.completion_tokens + excluded.completion_tokens,
    cached_tokens = r.cached_tokens + excluded.cached_tokens, audio_ms = r.audio_ms + excluded.audio_ms,
    cost = r.cost + excluded.cost, uncovered_cost = r.uncovered_cost + excluded.uncovered_cost,
    upstream_cost = r.upstream_cost + excluded.upstream_cost;`;

/**
 * The rollups gain the upstream cost usage rows now record (what the upstream billed the operator),
 * so margin statistics read them like every other measure. The trigger function is replaced with
 * one that sums it too, and the column is filled from the raw rows (older rows carry 0).
 */
export class Migration20261127210000_usage_rollups_upstream_cost extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_rollups" add column "upstream_cost" numeric(38, 0) not null default 0;`);
    this.addSql(`create or replace function gw_usage_rollups_apply() returns trigger language plpgsql as $$
begin
  if current_setting('gw.keep_rollups', true) = 'on' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    ${apply(deltas('new_rows', 1))}
  elsif tg_op = 'UPDATE' then
    ${apply(`${deltas('old_rows', -1)} union all ${deltas('new_rows', 1)}`)}
  else
    ${apply(deltas('old_rows', -1))}
  end if;
  return null;
end $$;`);
    this.addSql(`lock table "usage_logs" in share row exclusive mode;`);
    this.addSql(`update usage_rollups r set upstream_cost = s.upstream_cost
      from (select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, user_id, token_id, model_id, channel_id,
                   group_name, surface, sum(upstream_cost) as upstream_cost
              from usage_logs where upstream_cost <> 0 group by 1, 2, 3, 4, 5, 6, 7) s
     where r.hour = s.hour and r.user_id is not distinct from s.user_id and r.token_id is not distinct from s.token_id
       and r.model_id is not distinct from s.model_id and r.channel_id is not distinct from s.channel_id
       and r.group_name is not distinct from s.group_name and r.surface = s.surface;`);
  }

  override async down(): Promise<void> {
    throw new Error('Migration20261127210000_usage_rollups_upstream_cost cannot be undone: roll back to a backup');
  }
}
