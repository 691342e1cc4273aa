import { Migration } from '@mikro-orm/migrations';

/**
 * Spend budgets: a cap in quota units per day, week or month (calendar windows in the user's time
 * zone, UTC without one), per key (columns on tokens) and per user (user_budgets), beside the
 * key's lifetime quota cap.
 *
 * What counts against a window: what was charged in it (budget_spent, reset when the window has
 * rolled over) plus every hold still open (a key's: tokens.reserved_quota; a user's: the free
 * quota's and the subscriptions' reserved amounts), quota leases included, since a lease is an
 * ordinary hold. So concurrent requests cannot overshoot a budget: each hold is checked against
 * the others in the same transaction as the hold itself (gw_reserve_spare, below).
 *
 * Where the spend is counted, in the same transaction as the charge:
 * - a key's: a BEFORE UPDATE trigger on tokens.used_quota (gw_settle and gw_lease_charge add each
 *   charge to it), so no other row is locked;
 * - a user's: an AFTER INSERT trigger on the USAGE_CHARGE ledger row, the last statement of both
 *   functions.
 * Lock order stays reservation, bucket, token, then user_budgets last, everywhere (gw_reserve_spare
 * locks user_budgets only after gw_reserve's holds), so no two billing statements wait on each other
 * in opposite orders.
 *
 * gw_reserve_spare's result gains r_budget_scope ('KEY' or 'USER') and r_budget_resets_at when a
 * budget refuses (r_reason 'BUDGET_EXCEEDED'; the hold is undone by gw_settle with cost 0), and its
 * r_spare is capped by what is left of the budgets (quota leases are sized from it).
 * No `?` anywhere in this file: MikroORM/knex would read it as a bind placeholder.
 */

const WINDOW_END = `
create function gw_budget_window_end(p_period text, p_tz text, p_at timestamptz) returns timestamptz
language sql stable as $fn$
  select (date_trunc(lower(p_period), p_at at time zone coalesce(p_tz, 'UTC')) + ('1 ' || lower(p_period))::interval) at time zone coalesce(p_tz, 'UTC')
$fn$;`;

const WINDOW_START = `
create function gw_budget_window_start(p_period text, p_tz text, p_at timestamptz) returns timestamptz
language sql stable as $fn$
  select date_trunc(lower(p_period), p_at at time zone coalesce(p_tz, 'UTC')) at time zone coalesce(p_tz, 'UTC')
$fn$;`;

const TOKEN_SPEND = `
create function gw_token_budget_spend() returns trigger
language plpgsql as $fn$
declare
  v_tz text;
begin
  if new.budget_period is null or new.used_quota <= old.used_quota then
    return new;
  end if;
  if new.budget_window_ends_at is null or new.budget_window_ends_at <= now() then
    select u.timezone into v_tz from users u where u.id = new.user_id;
    new.budget_spent := 0;
    new.budget_window_ends_at := gw_budget_window_end(new.budget_period, v_tz, now());
  end if;
  new.budget_spent := new.budget_spent + (new.used_quota - old.used_quota);
  return new;
end
$fn$;`;

const USER_SPEND = `
create function gw_user_budget_spend() returns trigger
language plpgsql as $fn$
declare
  v_tz text;
  v_period text;
  v_ends timestamptz;
begin
  select b.period, b.window_ends_at into v_period, v_ends from user_budgets b where b.user_id = new.user_id for update;
  if not found then
    return null;
  end if;
  if v_ends is null or v_ends <= now() then
    select u.timezone into v_tz from users u where u.id = new.user_id;
    update user_budgets b set spent = -new.amount, window_ends_at = gw_budget_window_end(v_period, v_tz, now()) where b.user_id = new.user_id;
  else
    update user_budgets b set spent = b.spent - new.amount where b.user_id = new.user_id;
  end if;
  return null;
end
$fn$;`;

const RESERVE_SPARE = `
create function gw_reserve_spare(
  p_request_id varchar, p_user_id int, p_token_id int, p_tier text, p_amount bigint, p_instance_id varchar, p_fast_commit boolean
) returns table (r_ok boolean, r_reason text, r_bucket text, r_subscription_id int, r_spare bigint, r_budget_scope text, r_budget_resets_at timestamptz)
language plpgsql as $fn$
declare
  v_ok boolean;
  v_reason text;
  v_bucket text;
  v_subscription_id int;
  v_spare bigint;
  v_token_spare bigint;
  v_budget bigint;
  v_period text;
  v_spent bigint;
  v_held bigint;
  v_ends timestamptz;
  v_tz text;
  v_scope text;
  v_resets timestamptz;
begin
  select g.r_ok, g.r_reason, g.r_bucket, g.r_subscription_id into v_ok, v_reason, v_bucket, v_subscription_id
    from gw_reserve(p_request_id, p_user_id, p_token_id, p_tier, p_amount, p_instance_id, p_fast_commit) g;
  if not v_ok then
    return query select v_ok, v_reason, v_bucket, v_subscription_id, null::bigint, null::text, null::timestamptz;
    return;
  end if;

  if v_bucket = 'FREE' then
    select u.free_quota - u.free_reserved into v_spare from users u where u.id = p_user_id;
  else
    select s.quota_total - s.quota_used - s.quota_reserved into v_spare from subscriptions s where s.id = v_subscription_id;
  end if;
  -- The key's budget: its row is locked by gw_reserve's hold, and reserved_quota includes this hold.
  select t.quota_cap - t.used_quota - t.reserved_quota, t.budget_amount, t.budget_period,
         case when t.budget_window_ends_at is null or t.budget_window_ends_at <= now() then 0 else t.budget_spent end,
         t.reserved_quota, t.budget_window_ends_at
    into v_token_spare, v_budget, v_period, v_spent, v_held, v_ends
    from tokens t where t.id = p_token_id;
  v_spare := least(v_spare, v_token_spare); -- least() skips the null of a token without a cap
  if v_budget is not null then
    if v_spent + v_held > v_budget then
      v_scope := 'KEY';
    else
      v_spare := least(v_spare, v_budget - v_spent - v_held);
    end if;
  end if;

  -- The user's budget, locked last: every hold of the user counts (this one included).
  if v_scope is null then
    select b.amount, b.period, case when b.window_ends_at is null or b.window_ends_at <= now() then 0 else b.spent end, b.window_ends_at
      into v_budget, v_period, v_spent, v_ends
      from user_budgets b where b.user_id = p_user_id for update;
    if found then
      select u.free_reserved + coalesce((select sum(s.quota_reserved) from subscriptions s where s.user_id = p_user_id), 0)
        into v_held from users u where u.id = p_user_id;
      if v_spent + v_held > v_budget then
        v_scope := 'USER';
      else
        v_spare := least(v_spare, v_budget - v_spent - v_held);
      end if;
    end if;
  end if;

  if v_scope is not null then
    perform gw_settle(p_request_id, 0, p_fast_commit);
    if v_ends is null or v_ends <= now() then
      select u.timezone into v_tz from users u where u.id = p_user_id;
      v_resets := gw_budget_window_end(v_period, v_tz, now());
    else
      v_resets := v_ends;
    end if;
    return query select false, 'BUDGET_EXCEEDED'::text, null::text, null::int, null::bigint, v_scope, v_resets;
    return;
  end if;
  return query select true, null::text, v_bucket, v_subscription_id, v_spare, null::text, null::timestamptz;
end
$fn$;`;

const RESERVE_SPARE_TRY = `
create function gw_reserve_spare_try(
  p_request_id varchar, p_user_id int, p_token_id int, p_tier text, p_amount bigint, p_instance_id varchar, p_fast_commit boolean
) returns table (
  r_ok boolean, r_reason text, r_bucket text, r_subscription_id int, r_spare bigint, r_budget_scope text, r_budget_resets_at timestamptz,
  r_error_code text, r_error_message text, r_error_constraint text
)
language plpgsql as $fn$
declare
  v_ok boolean;
  v_reason text;
  v_bucket text;
  v_subscription_id int;
  v_spare bigint;
  v_scope text;
  v_resets timestamptz;
  v_code text;
  v_message text;
  v_constraint text;
begin
  begin
    select g.r_ok, g.r_reason, g.r_bucket, g.r_subscription_id, g.r_spare, g.r_budget_scope, g.r_budget_resets_at
      into v_ok, v_reason, v_bucket, v_subscription_id, v_spare, v_scope, v_resets
      from gw_reserve_spare(p_request_id, p_user_id, p_token_id, p_tier, p_amount, p_instance_id, p_fast_commit) g;
  exception when others then
    get stacked diagnostics v_code = returned_sqlstate, v_message = message_text, v_constraint = constraint_name;
    return query select null::boolean, null::text, null::text, null::int, null::bigint, null::text, null::timestamptz, v_code, v_message, nullif(v_constraint, '');
    return;
  end;
  return query select v_ok, v_reason, v_bucket, v_subscription_id, v_spare, v_scope, v_resets, null::text, null::text, null::text;
end
$fn$;`;

export class Migration20261127200820_spend_budgets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "tokens" add column "budget_amount" bigint null, add column "budget_period" text check ("budget_period" in ('DAY', 'WEEK', 'MONTH')) null, add column "budget_spent" bigint not null default 0, add column "budget_window_ends_at" timestamptz null;`);
    this.addSql(`alter table "tokens" add constraint "tokens_budget_amount_check" check (budget_amount is null or budget_amount >= 0);`);
    this.addSql(`create table "user_budgets" ("user_id" int not null, "amount" bigint not null, "period" text check ("period" in ('DAY', 'WEEK', 'MONTH')) not null, "spent" bigint not null default 0, "window_ends_at" timestamptz null, "updated_at" timestamptz not null, constraint "user_budgets_pkey" primary key ("user_id"), constraint user_budgets_amount_check check (amount >= 0));`);
    this.addSql(`alter table "user_budgets" add constraint "user_budgets_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(WINDOW_END);
    this.addSql(WINDOW_START);
    this.addSql(TOKEN_SPEND);
    this.addSql(`create trigger tokens_budget_spend before update of used_quota on tokens for each row execute function gw_token_budget_spend();`);
    this.addSql(USER_SPEND);
    this.addSql(`create trigger ledger_user_budget_spend after insert on ledger_entries for each row when (new.kind = 'USAGE_CHARGE' and new.amount < 0) execute function gw_user_budget_spend();`);
    this.addSql(`drop function if exists gw_reserve_spare_try(varchar, int, int, text, bigint, varchar, boolean);`);
    this.addSql(`drop function if exists gw_reserve_spare(varchar, int, int, text, bigint, varchar, boolean);`);
    this.addSql(RESERVE_SPARE);
    this.addSql(RESERVE_SPARE_TRY);
  }

  override async down(): Promise<void> {
    throw new Error('Migration20261127200820_spend_budgets cannot be undone: restore a backup taken before it');
  }
}
