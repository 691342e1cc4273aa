import { Migration } from '@mikro-orm/migrations';

const MEASURES = 'requests, successful, prompt_tokens, completion_tokens, cached_tokens, audio_ms, cost, uncovered_cost, upstream_cost';
const SUMS = `sum(requests), sum(successful), sum(prompt_tokens), sum(completion_tokens), sum(cached_tokens), sum(audio_ms),
              sum(cost), sum(uncovered_cost), sum(upstream_cost)`;

/** Block sizes in UTC days, smallest first: each block is the sum of its two halves (2 days: of its two daily rows). */
const SIZES = [2, 4, 8, 16, 32, 64, 128, 256];

/**
 * A block is only as good as the daily rows it was summed from: when a day's row is rebuilt (the
 * job's refresh, the backfill) or removed, every block holding that day goes, in the same
 * transaction, so no reader ever sees a rebuilt day beside a block still holding its old figures.
 */
const INVALIDATE_SQL = `create function gw_usage_summary_blocks_invalidate() returns trigger language plpgsql as $fn$
declare
  v_days timestamptz[] := case tg_op when 'INSERT' then array[new.day] when 'DELETE' then array[old.day] else array[old.day, new.day] end;
begin
  with gone as (delete from usage_summary_blocks b
                 where exists (select 1 from unnest(v_days) d where d >= b.start and d < b.start + b.days * interval '1 day')
                returning b.days, b.start)
  delete from usage_block_summaries s using gone g where s.days = g.days and s.period = g.start;
  return null;
end
$fn$;`;

/**
 * Builds up to `p_limit` missing blocks, smallest size first and newest first within a size (a
 * block needs its halves), and returns how many it built. A block is built only once its days are
 * all over (UTC), and, for 2 days, only when both daily rows are complete: no hourly total past a
 * day's covered_until (nor a day with hourly totals and no row). Readers still refuse a block any
 * of whose hours is marked dirty, exactly as they refuse a daily row, so a block is exact whether
 * the job rebuilt it a second ago or not. The summaries' advisory lock keeps a refresh from
 * changing daily rows while a block is summed from them.
 */
const BUILD_SQL = `create function gw_usage_summary_blocks_build(p_limit integer) returns integer language plpgsql as $fn$
declare
  v_today timestamptz := date_trunc('day', now() at time zone 'UTC') at time zone 'UTC';
  v_first timestamptz;
  v_size integer;
  v_start timestamptz;
  v_built integer := 0;
begin
  perform pg_advisory_xact_lock(hashtext('gw_usage_summaries'));
  select min(day) into v_first from usage_summary_days;
  if v_first is null then
    return 0;
  end if;
  foreach v_size in array array[${SIZES.join(', ')}] loop
    for v_start in
      select s from generate_series(
               timestamptz 'epoch' + floor(extract(epoch from v_first) / (86400 * v_size)) * v_size * interval '1 day',
               v_today - v_size * interval '1 day', v_size * interval '1 day') s
       where not exists (select 1 from usage_summary_blocks b where b.days = v_size and b.start = s)
         and case when v_size = 2 then
               not exists (select 1 from usage_summaries t
                             left join usage_summary_days d on d.day = date_trunc('day', t.period at time zone 'UTC') at time zone 'UTC'
                            where t.kind = 'total' and t.period >= s and t.period < s + interval '2 days'
                              and (d.day is null or t.period >= d.covered_until))
             else
               (select count(*) from usage_summary_blocks h
                 where h.days = v_size / 2 and h.start in (s, s + (v_size / 2) * interval '1 day')) = 2
             end
       order by s desc
    loop
      if v_built >= p_limit then
        return v_built;
      end if;
      if v_size = 2 then
        insert into usage_block_summaries (kind, days, period, user_id, token_id, ${MEASURES})
        select kind, v_size, v_start, user_id, token_id, ${SUMS}
          from usage_summaries
         where kind in ('user', 'token') and period >= v_start and period < v_start + interval '2 days'
         group by kind, user_id, token_id
        having sum(requests) <> 0;
      else
        insert into usage_block_summaries (kind, days, period, user_id, token_id, ${MEASURES})
        select kind, v_size, v_start, user_id, token_id, ${SUMS}
          from usage_block_summaries
         where days = v_size / 2 and period in (v_start, v_start + (v_size / 2) * interval '1 day')
         group by kind, user_id, token_id
        having sum(requests) <> 0;
      end if;
      insert into usage_summary_blocks (days, start) values (v_size, v_start);
      v_built := v_built + 1;
    end loop;
  end loop;
  return v_built;
end
$fn$;`;

/**
 * Blocks of 2, 4, ... 256 UTC days (aligned to 1970-01-01) summing the daily summaries by user and
 * by token, so a 30-day statistic by user reads at most about eight rows per user instead of
 * thirty (docs/data-at-scale.md). Kept by the `usage-summaries` job beside the daily rows, under
 * the same dirty marks; nothing on the usage write path changes. No block is built here: the job
 * builds them in the background (statistics read the daily rows meanwhile, exact as before).
 */
export class Migration20261128122000_usage_summary_blocks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "usage_summary_blocks" (
      "days" int not null check ("days" in (${SIZES.join(', ')})), "start" timestamptz not null,
      constraint "usage_summary_blocks_pkey" primary key ("days", "start"));`);
    this.addSql(`create table "usage_block_summaries" (
      "kind" varchar(16) not null check ("kind" in ('user', 'token')),
      "days" int not null, "period" timestamptz not null, "user_id" int null, "token_id" int null,
      "requests" bigint not null default 0, "successful" bigint not null default 0,
      "prompt_tokens" bigint not null default 0, "completion_tokens" bigint not null default 0,
      "cached_tokens" bigint not null default 0, "audio_ms" bigint not null default 0,
      "cost" numeric(38, 0) not null default 0, "uncovered_cost" numeric(38, 0) not null default 0,
      "upstream_cost" numeric(38, 0) not null default 0,
      constraint "usage_block_summaries_key" unique nulls not distinct ("days", "period", "kind", "user_id", "token_id"));`);
    // One user's block is a probe of the key; one token's would walk a block's every token without this.
    this.addSql(`create index "usage_block_summaries_token_index" on "usage_block_summaries" ("token_id", "days", "period") where "kind" = 'token';`);
    this.addSql(INVALIDATE_SQL);
    this.addSql(`create trigger "usage_summary_days_blocks" after insert or update or delete on "usage_summary_days"
      for each row execute function gw_usage_summary_blocks_invalidate();`);
    this.addSql(BUILD_SQL);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "usage_summary_days_blocks" on "usage_summary_days";`);
    this.addSql(`drop function gw_usage_summary_blocks_build(integer);`);
    this.addSql(`drop function gw_usage_summary_blocks_invalidate();`);
    this.addSql(`drop table "usage_block_summaries", "usage_summary_blocks";`);
  }
}
