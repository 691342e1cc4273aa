import { Migration } from '@mikro-orm/migrations';

const DIMENSIONS = 'hour, user_id, token_id, model_id, channel_id, group_name, surface';
const MEASURES = 'requests, successful, prompt_tokens, completion_tokens, cached_tokens, audio_ms, cost, uncovered_cost';

/** The rows of one transition table as signed rollup deltas. */
const deltas = (table: string, sign: 1 | -1) => `
  select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour,
         user_id, token_id, model_id, channel_id, group_name, surface,
         ${sign}::bigint as requests, ${sign} * (outcome = 'SUCCESS')::int::bigint as successful,
         ${sign} * prompt_tokens::bigint as prompt_tokens, ${sign} * completion_tokens::bigint as completion_tokens,
         ${sign} * cached_tokens::bigint as cached_tokens, ${sign} * audio_ms::bigint as audio_ms,
         ${sign} * cost as cost, ${sign} * uncovered_cost as uncovered_cost
    from ${table}`;

/** Adds the summed deltas to their rollup rows, in key order (two writers never lock rows in opposite orders). */
const apply = (source: string) => `
  insert into usage_rollups as r (${DIMENSIONS}, ${MEASURES})
  select ${DIMENSIONS}, sum(requests), sum(successful), sum(prompt_tokens), sum(completion_tokens),
         sum(cached_tokens), sum(audio_ms), sum(cost), sum(uncovered_cost)
    from (${source}) d
   group by ${DIMENSIONS}
   order by ${DIMENSIONS}
  on conflict on constraint usage_rollups_key do update set
    requests = r.requests + excluded.requests, successful = r.successful + excluded.successful,
    prompt_tokens = r.prompt_tokens + excluded.prompt_tokens, completion_tokens = r.completion_tokens + excluded.completion_tokens,
    cached_tokens = r.cached_tokens + excluded.cached_tokens, audio_ms = r.audio_ms + excluded.audio_ms,
    cost = r.cost + excluded.cost, uncovered_cost = r.uncovered_cost + excluded.uncovered_cost;`;

/**
 * Hourly rollups of the usage log, kept exact by the database itself: statement-level triggers
 * on `usage_logs` add every inserted row, and subtract the old and add the new version of every
 * updated or deleted row, in the same transaction as the change. So a rollup can neither miss nor
 * double count a row whatever crashes or retries happen (there is no job whose progress could be
 * lost), the usage writer's batch costs one extra upsert per batch, and a row rebuilt after a crash
 * and later replaced by the request's own row moves from one rollup key to the other. Statistics
 * read the rollups for whole hours (usage-stats.service). Costs are summed as numeric: a sum can
 * never overflow and fail the usage rows' own insert, whatever amounts rows carry. Removing raw rows for retention must
 * skip the triggers (`set local gw.keep_rollups = 'on'`): the rollups keep the history.
 */
export class Migration20261127195500_usage_rollups extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "usage_rollups" (
      "hour" timestamptz not null,
      "user_id" int null, "token_id" int null, "model_id" varchar(128) null, "channel_id" int null,
      "group_name" varchar(64) null, "surface" varchar(32) not null,
      "requests" bigint not null default 0, "successful" bigint not null default 0,
      "prompt_tokens" bigint not null default 0, "completion_tokens" bigint not null default 0,
      "cached_tokens" bigint not null default 0, "audio_ms" bigint not null default 0,
      "cost" numeric(38, 0) not null default 0, "uncovered_cost" numeric(38, 0) not null default 0,
      constraint "usage_rollups_key" unique nulls not distinct ("hour", "user_id", "token_id", "model_id", "channel_id", "group_name", "surface"));`);
    this.addSql(`create index "usage_rollups_user_hour_index" on "usage_rollups" ("user_id", "hour");`);
    this.addSql(`create index "usage_rollups_hour_index" on "usage_rollups" ("hour");`);
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
    this.addSql(`create trigger "usage_rollups_insert" after insert on "usage_logs" referencing new table as new_rows for each statement execute function gw_usage_rollups_apply();`);
    this.addSql(`create trigger "usage_rollups_update" after update on "usage_logs" referencing old table as old_rows new table as new_rows for each statement execute function gw_usage_rollups_apply();`);
    this.addSql(`create trigger "usage_rollups_delete" after delete on "usage_logs" referencing old table as old_rows for each statement execute function gw_usage_rollups_apply();`);
    // The history so far, in the same transaction as the triggers (rows written meanwhile wait for the lock).
    this.addSql(`lock table "usage_logs" in share row exclusive mode;`);
    this.addSql(apply(deltas('usage_logs', 1)).trim());
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "usage_rollups_insert" on "usage_logs";`);
    this.addSql(`drop trigger if exists "usage_rollups_update" on "usage_logs";`);
    this.addSql(`drop trigger if exists "usage_rollups_delete" on "usage_logs";`);
    this.addSql(`drop function if exists gw_usage_rollups_apply();`);
    this.addSql(`drop table if exists "usage_rollups";`);
  }
}
