import { Migration } from '@mikro-orm/migrations';

/**
 * Less PostgreSQL work per lease charge, the statement every busy request waits for (docs/testing.md,
 * "What c=50 waits for"); what it charges, and when, is unchanged.
 *
 * - Key lookups only, planned as such. PL/pgSQL keeps a statement's plan for the life of the
 *   connection, and the plan is made from the table's statistics at its first calls. On a new
 *   database those say "empty" (the partitioning migration analyzed the key tables before any
 *   row), so the "already charged?" probe of ledger_request_keys was planned as a sequential scan
 *   and kept reading the whole table on every charge as the ledger grew, until the next ANALYZE
 *   of that table (never, with autovacuum off: bench/charge-sql.ts measured 0.33 ms of CPU per
 *   charge over the first 2,000 charges, 0.72 ms by the 10,000th, 0.22 ms throughout since).
 *   Every statement of these functions finds its rows by a primary or unique key, so each billing
 *   call turns sequential scans off for its own transaction (which is the call itself: the
 *   statement queue sends each in its own); gw_reserve, gw_settle and gw_lease_shrink are
 *   rewritten in place from their stored definitions to do the same.
 * - Every charge of a busy key updates the same three rows: its lease, its user (or subscription)
 *   and its token. Each update leaves a dead row version behind, and until PostgreSQL prunes them
 *   (it cannot while any older transaction is open: an export, a statistics query, the usage
 *   writer's batch) every lookup of the row by its key walks all of them. The function already
 *   locks each row first, so it now updates the version it locked, found by its ctid, instead of
 *   looking the row up again: four walks per charge instead of seven (the ledger row's foreign key
 *   check is the fourth). The locked version cannot move: no one else may update it, and this
 *   transaction has not yet.
 * - The body lives in gw_lease_charge_try, the twin the statement queue calls under load, instead
 *   of being a nested function call whose row is materialised and copied once more;
 *   gw_lease_charge (lone calls, the journal's replay) calls the twin and raises its error again
 *   with the same SQLSTATE, message and constraint name.
 * - The token budget trigger runs only when its function would do something (a budget is set and
 *   the key's spend grew): every charge used to enter PL/pgSQL for a key without a budget.
 *
 * Lock order as before: reservation row, bucket row, token row. No `?` anywhere in this file:
 * MikroORM/knex would read it as a bind placeholder.
 */

const LEASE_CHARGE_TRY = `
create or replace function gw_lease_charge_try(
  p_lease_id varchar, p_request_id varchar, p_user_id int, p_token_id int, p_bucket text, p_subscription_id int,
  p_cost bigint, p_hold bigint, p_fast_commit boolean
) returns table (r_charged bigint, r_already_settled boolean, r_lease_missing boolean, r_uncovered bigint, r_error_code text, r_error_message text, r_error_constraint text)
language plpgsql as $fn$
declare
  v_hold bigint := 0;
  v_used bigint;
  v_spare bigint;
  v_balance bigint;
  v_token_spare bigint;
  v_charged bigint := 0;
  v_previous bigint;
  v_lease_amount bigint;
  v_missing boolean;
  v_lease_row tid;
  v_bucket_row tid;
  v_token_row tid;
  v_code text;
  v_message text;
  v_constraint text;
begin
  begin
    perform set_config('enable_seqscan', 'off', true);
    if p_fast_commit then
      perform set_config('synchronous_commit', 'off', true);
    end if;
    if p_cost < 0 or p_hold < 0 then
      raise exception 'gw_lease_charge: negative cost % or hold %', p_cost, p_hold using errcode = '22023';
    end if;

    select -l.amount into v_previous from ledger_request_keys k join ledger_entries l on l.request_id = k.request_id and l.kind = k.kind
     where k.request_id = p_request_id and k.kind = 'USAGE_CHARGE';
    if found then
      return query select v_previous, true, false, 0::bigint, null::text, null::text, null::text;
      return;
    end if;

    select q.amount, q.ctid into v_lease_amount, v_lease_row from quota_reservations q where q.request_id = p_lease_id for no key update;
    v_missing := not found;
    if not v_missing then
      v_hold := least(p_hold, v_lease_amount);
    end if;

    if p_bucket = 'FREE' then
      select u.free_quota - u.free_reserved + v_hold, u.free_quota, u.ctid into v_spare, v_balance, v_bucket_row
        from users u where u.id = p_user_id for no key update;
    else
      select s.quota_total - s.quota_used - s.quota_reserved + v_hold, s.quota_total - s.quota_used, s.ctid into v_spare, v_balance, v_bucket_row
        from subscriptions s where s.id = p_subscription_id for no key update;
    end if;
    if not found then
      return query select 0::bigint, false, v_missing, p_cost, null::text, null::text, null::text;
      return;
    end if;
    select t.quota_cap - t.used_quota - t.reserved_quota + v_hold, t.ctid into v_token_spare, v_token_row
      from tokens t where t.id = p_token_id for no key update;
    v_charged := greatest(0::bigint, least(p_cost, v_spare, v_balance, v_token_spare));
    if v_charged = 0 then
      return query select 0::bigint, false, v_missing, p_cost, null::text, null::text, null::text;
      return;
    end if;
    v_used := least(v_charged, v_hold);

    if v_used > 0 then
      update quota_reservations q set amount = q.amount - v_used where q.ctid = v_lease_row;
    end if;
    if p_bucket = 'FREE' then
      update users u set free_reserved = u.free_reserved - v_used, free_quota = u.free_quota - v_charged
       where u.ctid = v_bucket_row returning u.free_quota into v_balance;
    else
      update subscriptions s set quota_reserved = s.quota_reserved - v_used, quota_used = s.quota_used + v_charged
       where s.ctid = v_bucket_row returning s.quota_total - s.quota_used into v_balance;
    end if;
    update tokens t set reserved_quota = t.reserved_quota - v_used, used_quota = t.used_quota + v_charged
     where t.ctid = v_token_row;

    insert into ledger_entries (user_id, bucket, subscription_id, amount, balance_after, kind, request_id, memo, created_at)
    values (p_user_id, p_bucket, p_subscription_id, -v_charged, v_balance, 'USAGE_CHARGE', p_request_id,
            case when v_charged < p_cost then format('cost %s, %s not covered by the balance or the key''s cap', p_cost, p_cost - v_charged) end, now());

    return query select v_charged, false, v_missing, p_cost - v_charged, null::text, null::text, null::text;
  exception when others then
    get stacked diagnostics v_code = returned_sqlstate, v_message = message_text, v_constraint = constraint_name;
    return query select null::bigint, null::boolean, null::boolean, null::bigint, v_code, v_message, nullif(v_constraint, '');
  end;
end
$fn$;`;

const LEASE_CHARGE = `
create or replace function gw_lease_charge(
  p_lease_id varchar, p_request_id varchar, p_user_id int, p_token_id int, p_bucket text, p_subscription_id int,
  p_cost bigint, p_hold bigint, p_fast_commit boolean
) returns table (r_charged bigint, r_already_settled boolean, r_lease_missing boolean, r_uncovered bigint)
language plpgsql as $fn$
declare
  g record;
begin
  select * into g from gw_lease_charge_try(p_lease_id, p_request_id, p_user_id, p_token_id, p_bucket, p_subscription_id, p_cost, p_hold, p_fast_commit);
  if g.r_error_code is not null then
    if g.r_error_constraint is null then
      raise exception using errcode = g.r_error_code, message = g.r_error_message;
    end if;
    raise exception using errcode = g.r_error_code, message = g.r_error_message, constraint = g.r_error_constraint;
  end if;
  return query select g.r_charged, g.r_already_settled, g.r_lease_missing, g.r_uncovered;
end
$fn$;`;

const FAST_COMMIT_PRELUDE = `
  if p_fast_commit then
    perform set_config('synchronous_commit', 'off', true);
  end if;`;

/** The other billing functions, rewritten from their stored text; fails rather than do nothing. */
const KEY_PLANS_REWRITE = `do $rewrite$
declare
  f regprocedure;
  old_def text;
  new_def text;
  rewritten int := 0;
begin
  for f in select p.oid::regprocedure from pg_proc p where p.proname in ('gw_reserve', 'gw_settle', 'gw_lease_shrink') loop
    old_def := pg_get_functiondef(f);
    new_def := replace(old_def, $prelude$${FAST_COMMIT_PRELUDE}$prelude$,
      $prelude$
  perform set_config('enable_seqscan', 'off', true);${FAST_COMMIT_PRELUDE}$prelude$);
    if new_def <> old_def then
      execute new_def;
      rewritten := rewritten + 1;
    end if;
  end loop;
  if rewritten < 3 then
    raise exception 'key plans: expected to rewrite gw_reserve, gw_settle and gw_lease_shrink, rewrote %', rewritten;
  end if;
end
$rewrite$;`;

const TOKEN_SPEND_TRIGGER_WHEN = `create trigger tokens_budget_spend before update of used_quota on tokens for each row
  when (new.budget_period is not null and new.used_quota > old.used_quota) execute function gw_token_budget_spend();`;

export class Migration20261128120000_lease_charge_row_versions extends Migration {
  override async up(): Promise<void> {
    this.addSql(LEASE_CHARGE_TRY);
    this.addSql(LEASE_CHARGE);
    this.addSql(KEY_PLANS_REWRITE);
    this.addSql(`drop trigger tokens_budget_spend on tokens;`);
    this.addSql(TOKEN_SPEND_TRIGGER_WHEN);
  }

  override async down(): Promise<void> {
    // The functions compute exactly what their predecessors did, on the same tables, and their
    // plans are their predecessors' plans on an analyzed table: they stay.
    this.addSql(`drop trigger tokens_budget_spend on tokens;`);
    this.addSql(`create trigger tokens_budget_spend before update of used_quota on tokens for each row execute function gw_token_budget_spend();`);
  }
}
