import { Migration } from '@mikro-orm/migrations';

const DIMENSIONS = 'hour, user_id, token_id, model_id, channel_id, group_name, surface';
const MEASURES = 'requests, successful, prompt_tokens, completion_tokens, cached_tokens, audio_ms, cost, uncovered_cost, upstream_cost';
const SUMS = `sum(requests), sum(successful), sum(prompt_tokens), sum(completion_tokens), sum(cached_tokens), sum(audio_ms),
              sum(cost), sum(uncovered_cost), sum(upstream_cost)`;

/** The rows of one transition table as signed rollup deltas (as Migration20261127210000_usage_rollups_upstream_cost). */
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
  select ${DIMENSIONS}, ${SUMS}
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
 * Marks the hours a statement touched as dirty: an insert that finds the mark already there does
 * nothing and takes no lock, so concurrent writers of one hour do not queue on a hot row. In hour
 * order, so two writers creating marks never wait on each other in opposite orders.
 */
const mark = (tables: string[]) => `
  insert into usage_summary_dirty (hour)
  select distinct date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour
    from (${tables.map((t) => `select created_at from ${t}`).join(' union all ')}) c
   order by 1
  on conflict do nothing;`;

/** The rollup trigger function, with the dirty marks or (down) without them. */
const rollupsApply = (marks: boolean) => `create or replace function gw_usage_rollups_apply() returns trigger language plpgsql as $$
begin
  if current_setting('gw.keep_rollups', true) = 'on' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    ${apply(deltas('new_rows', 1))}
    ${marks ? mark(['new_rows']) : ''}
  elsif tg_op = 'UPDATE' then
    ${apply(`${deltas('old_rows', -1)} union all ${deltas('new_rows', 1)}`)}
    ${marks ? mark(['old_rows', 'new_rows']) : ''}
  else
    ${apply(deltas('old_rows', -1))}
    ${marks ? mark(['old_rows']) : ''}
  end if;
  return null;
end $$;`;

const HOURLY_KINDS = `'total', 'model', 'channel', 'group', 'surface'`;
const DAILY_KINDS = `'user', 'token'`;

/**
 * Recomputes the summaries of the hours claimed by run `p_run` (gw_usage_summaries_claim), and of
 * their UTC days, from usage_rollups, then drops those claims: one transaction, so a reader sees
 * either the old summaries with the claim (and reads the rollups instead) or the new ones without.
 * A daily row covers its day's hours before the hour now open (`covered_until`): the open hour,
 * marked again by every insert, would otherwise keep today's rows unusable all day.
 */
const REFRESH_SQL = `create function gw_usage_summaries_refresh(p_run text) returns integer language plpgsql as $fn$
declare
  v_open timestamptz := date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC';
  v_hours timestamptz[];
  v_days timestamptz[];
begin
  perform pg_advisory_xact_lock(hashtext('gw_usage_summaries'));
  select coalesce(array_agg(hour order by hour), '{}') into v_hours from usage_summary_dirty where claimed and run = p_run;

  delete from usage_summaries where kind in (${HOURLY_KINDS}) and period = any(v_hours);
  insert into usage_summaries (kind, period, model_id, channel_id, group_name, surface, ${MEASURES})
  select case when grouping(model_id) = 0 then 'model' when grouping(channel_id) = 0 then 'channel'
              when grouping(group_name) = 0 then 'group' when grouping(surface) = 0 then 'surface' else 'total' end,
         hour, model_id, channel_id, group_name, surface, ${SUMS}
    from usage_rollups
   where hour = any(v_hours)
   group by grouping sets ((hour), (hour, model_id), (hour, channel_id), (hour, group_name), (hour, surface))
  having sum(requests) <> 0;

  -- Days to rebuild: those of claimed closed hours, and those with an hour their row does not cover yet.
  select coalesce(array_agg(distinct day order by day), '{}') into v_days from (
    select date_trunc('day', h at time zone 'UTC') at time zone 'UTC' as day from unnest(v_hours) h where h < v_open
    union all
    select date_trunc('day', s.period at time zone 'UTC') at time zone 'UTC'
      from usage_summaries s
      left join usage_summary_days d on d.day = date_trunc('day', s.period at time zone 'UTC') at time zone 'UTC'
     where s.kind = 'total' and s.period < v_open and (d.day is null or d.covered_until <= s.period)
  ) days;
  delete from usage_summaries where kind in (${DAILY_KINDS}) and period = any(v_days);
  insert into usage_summaries (kind, period, user_id, token_id, ${MEASURES})
  select case when grouping(user_id) = 0 then 'user' else 'token' end, d.day, user_id, token_id, ${SUMS}
    from unnest(v_days) d(day)
    join usage_rollups r on r.hour >= d.day and r.hour < least(d.day + interval '24 hours', v_open)
   group by grouping sets ((d.day, user_id), (d.day, token_id))
  having sum(requests) <> 0;
  insert into usage_summary_days (day, covered_until)
  select day, least(day + interval '24 hours', v_open) from unnest(v_days) day
  on conflict (day) do update set covered_until = excluded.covered_until;

  delete from usage_summary_dirty where claimed and run = p_run;
  return cardinality(v_hours);
end
$fn$;`;

/**
 * Claims up to `p_limit` dirty hours, oldest first, for run `p_run` (and adopts claims a run that
 * died left behind): the marks move to claimed rows, which readers still treat as dirty, and new
 * writes mark their hours afresh. The job then waits for the transactions in progress to end
 * before refreshing (see usage-summaries.ts for why). The limit keeps each refresh transaction
 * short when many hours are dirty: after this migration every past hour is.
 */
const CLAIM_SQL = `create function gw_usage_summaries_claim(p_run text, p_limit integer) returns integer language plpgsql as $fn$
declare
  v_claimed integer;
begin
  perform pg_advisory_xact_lock(hashtext('gw_usage_summaries'));
  update usage_summary_dirty set run = p_run where claimed and run is distinct from p_run;
  with taken as (delete from usage_summary_dirty
                  where not claimed and hour in (select hour from usage_summary_dirty where not claimed order by hour limit p_limit)
                 returning hour)
  insert into usage_summary_dirty (hour, claimed, run) select hour, true, p_run from taken
  on conflict (hour, claimed) do update set run = excluded.run;
  select count(*) into v_claimed from usage_summary_dirty where claimed;
  return v_claimed;
end
$fn$;`;

/** Every hour of the rollups summarised from scratch (this migration, and the scale bench after its fill). */
const BACKFILL_SQL = `create function gw_usage_summaries_backfill() returns integer language plpgsql as $fn$
begin
  perform pg_advisory_xact_lock(hashtext('gw_usage_summaries'));
  delete from usage_summaries;
  delete from usage_summary_days;
  delete from usage_summary_dirty where claimed;
  insert into usage_summary_dirty (hour, claimed, run) select distinct hour, true, 'backfill' from usage_rollups;
  return gw_usage_summaries_refresh('backfill');
end
$fn$;`;

/**
 * Summaries of usage_rollups by one dimension each, so statistics over a month read thousands of
 * rows instead of millions (docs/data-at-scale.md has the arithmetic and the concurrency argument):
 * hourly in total and by model, channel, group and surface; per UTC day by user and by token.
 * The rollup triggers now also mark the hours they change dirty (no lock when the mark exists);
 * the `usage-summaries` cluster job recomputes dirty hours from the rollups; statistics read the
 * summaries only for hours and days with no mark, the rollups for the others, so they stay exact
 * whether the job ran a second ago or never. Retention skips the triggers (gw.keep_rollups) and
 * leaves these alone: like the rollups, the summaries keep the history.
 */
export class Migration20261128100000_usage_summaries extends Migration {
  override async up(): Promise<void> {
    // No usage row is written meanwhile (briefly: nothing below reads the rollups but their first
    // hour), so every hour a rollup can have is marked below, and no mark is missed.
    this.addSql(`lock table "usage_logs" in share row exclusive mode;`);
    this.addSql(`create table "usage_summaries" (
      "kind" varchar(16) not null check ("kind" in (${HOURLY_KINDS}, ${DAILY_KINDS})),
      "period" timestamptz not null,
      "user_id" int null, "token_id" int null, "model_id" varchar(128) null, "channel_id" int null,
      "group_name" varchar(64) null, "surface" varchar(32) null,
      "requests" bigint not null default 0, "successful" bigint not null default 0,
      "prompt_tokens" bigint not null default 0, "completion_tokens" bigint not null default 0,
      "cached_tokens" bigint not null default 0, "audio_ms" bigint not null default 0,
      "cost" numeric(38, 0) not null default 0, "uncovered_cost" numeric(38, 0) not null default 0,
      "upstream_cost" numeric(38, 0) not null default 0,
      constraint "usage_summaries_key" unique nulls not distinct ("kind", "period", "user_id", "token_id", "model_id", "channel_id", "group_name", "surface"));`);
    // One user's or one token's days without walking every user's.
    this.addSql(`create index "usage_summaries_user_index" on "usage_summaries" ("user_id", "period") where "kind" = 'user';`);
    this.addSql(`create index "usage_summaries_token_index" on "usage_summaries" ("token_id", "period") where "kind" = 'token';`);
    this.addSql(`create table "usage_summary_dirty" (
      "hour" timestamptz not null, "claimed" boolean not null default false, "run" varchar(64) null,
      constraint "usage_summary_dirty_pkey" primary key ("hour", "claimed"));`);
    this.addSql(`create table "usage_summary_days" (
      "day" timestamptz not null, "covered_until" timestamptz not null,
      constraint "usage_summary_days_pkey" primary key ("day"));`);
    this.addSql(REFRESH_SQL);
    this.addSql(CLAIM_SQL);
    this.addSql(BACKFILL_SQL);
    this.addSql(rollupsApply(true));
    // Every hour from the first rollup to the next hour is marked dirty rather than summarised here:
    // summarising 100 million rollup rows would hold the lock above (and every writer) for most of
    // an hour. Statistics read the rollups for marked hours, exact as before, and the job summarises
    // the marks in the background, a week of hours per transaction, oldest first.
    this.addSql(`insert into usage_summary_dirty (hour)
      select g from (select min(hour) as first from usage_rollups) r,
                    generate_series(r.first, date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC' + interval '1 hour', interval '1 hour') g
       where r.first is not null
      on conflict do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(rollupsApply(false));
    this.addSql(`drop function gw_usage_summaries_backfill();`);
    this.addSql(`drop function gw_usage_summaries_claim(text, integer);`);
    this.addSql(`drop function gw_usage_summaries_refresh(text);`);
    this.addSql(`drop table "usage_summary_days", "usage_summary_dirty", "usage_summaries";`);
  }
}
