import { Migration } from '@mikro-orm/migrations';

/**
 * The charge rule (README, "Billing"): a request is charged its whole cost, not at most its hold.
 *
 * gw_settle and gw_lease_charge already took a cost above the hold from what the bucket could
 * spare; the data plane capped the cost at the hold before calling them. That cap goes (the data
 * plane now caps only what the upstream cannot legitimately bill: completion tokens above the held
 * output cap, prompt tokens above the context length), so these functions become the one place
 * that decides what of a cost is covered:
 * - charged = min(cost, the request's hold + the bucket's unreserved balance, the balance,
 *   the hold + what is left of the token's quota cap). Other requests' holds are never eaten, no
 *   balance goes below zero, and a token's cap stays a spending limit: a prompt overrun past it is
 *   not charged (the operator set the cap, the caller relies on it);
 * - r_uncovered = cost - charged: what the request cost and nobody paid, returned so the gateway
 *   can count it, alert on it and record it on the usage row (usage_logs.uncovered_cost);
 * - the ledger row equals the charge, in the same transaction, as before.
 *
 * usage_logs.uncovered_cost: a usage row's `cost` is its ledger charge, always; the part of the
 * cost the upstream's report implies that could not be charged is kept here (0 when all was).
 *
 * Return types change, so the functions are dropped and created again (the `_try` twins first,
 * which select from them). Lock order as in Migration20261122031500_billing_core: reservation row,
 * bucket row, token row. No `?` anywhere in this file: MikroORM/knex would read it as a bind placeholder.
 */

function fastCommitPrelude(): string {
  return `
  if p_fast_commit then
    perform set_config('synchronous_commit', 'off', true);
  end if;`;
}

const SETTLE = `
create function gw_settle(p_request_id varchar, p_cost bigint, p_fast_commit boolean)
returns table (r_charged bigint, r_already_settled boolean, r_uncovered bigint)
language plpgsql as $fn$
declare
  r quota_reservations%rowtype;
  v_spare bigint;
  v_balance bigint;
  v_token_spare bigint;
  v_charged bigint := 0;
begin${fastCommitPrelude()}
  if p_cost < 0 then
    raise exception 'gw_settle: negative cost %', p_cost using errcode = '22023';
  end if;

  delete from quota_reservations q where q.request_id = p_request_id returning q.* into r;
  if not found then
    return query select coalesce(
      (select -l.amount from ledger_entries l where l.request_id = p_request_id and l.kind = 'USAGE_CHARGE'), 0::bigint), true, 0::bigint;
    return;
  end if;

  if r.bucket = 'FREE' then
    select u.free_quota - u.free_reserved + r.amount, u.free_quota into v_spare, v_balance
      from users u where u.id = r.user_id for no key update;
  else
    select s.quota_total - s.quota_used - s.quota_reserved + r.amount, s.quota_total - s.quota_used into v_spare, v_balance
      from subscriptions s where s.id = r.subscription_id for no key update;
  end if;
  if found then
    if r.token_id is not null then
      -- null without a cap; least() skips it
      select t.quota_cap - t.used_quota - t.reserved_quota + r.amount into v_token_spare
        from tokens t where t.id = r.token_id for no key update;
    end if;
    v_charged := greatest(0::bigint, least(p_cost, v_spare, v_balance, v_token_spare));
    if r.bucket = 'FREE' then
      update users u set free_reserved = u.free_reserved - r.amount, free_quota = u.free_quota - v_charged
       where u.id = r.user_id returning u.free_quota into v_balance;
    else
      update subscriptions s set quota_reserved = s.quota_reserved - r.amount, quota_used = s.quota_used + v_charged
       where s.id = r.subscription_id returning s.quota_total - s.quota_used into v_balance;
    end if;
  end if;

  if r.token_id is not null then
    update tokens t set reserved_quota = t.reserved_quota - r.amount, used_quota = t.used_quota + v_charged
     where t.id = r.token_id;
  end if;

  if v_charged > 0 then
    insert into ledger_entries (user_id, bucket, subscription_id, amount, balance_after, kind, request_id, memo, created_at)
    values (r.user_id, r.bucket, r.subscription_id, -v_charged, v_balance, 'USAGE_CHARGE', r.request_id,
            case when v_charged < p_cost then format('cost %s, %s not covered by the balance or the key''s cap', p_cost, p_cost - v_charged) end, now());
  end if;

  return query select v_charged, false, p_cost - v_charged;
end
$fn$;`;

const SETTLE_TRY = `
create function gw_settle_try(p_request_id varchar, p_cost bigint, p_fast_commit boolean)
returns table (r_charged bigint, r_already_settled boolean, r_uncovered bigint, r_error_code text, r_error_message text, r_error_constraint text)
language plpgsql as $fn$
declare
  v_charged bigint;
  v_already_settled boolean;
  v_uncovered bigint;
  v_code text;
  v_message text;
  v_constraint text;
begin
  begin
    select g.r_charged, g.r_already_settled, g.r_uncovered into v_charged, v_already_settled, v_uncovered
      from gw_settle(p_request_id, p_cost, p_fast_commit) g;
  exception when others then
    get stacked diagnostics v_code = returned_sqlstate, v_message = message_text, v_constraint = constraint_name;
    return query select null::bigint, null::boolean, null::bigint, v_code, v_message, nullif(v_constraint, '');
    return;
  end;
  return query select v_charged, v_already_settled, v_uncovered, null::text, null::text, null::text;
end
$fn$;`;

const LEASE_CHARGE = `
create function gw_lease_charge(
  p_lease_id varchar, p_request_id varchar, p_user_id int, p_token_id int, p_bucket text, p_subscription_id int,
  p_cost bigint, p_hold bigint, p_fast_commit boolean
) returns table (r_charged bigint, r_already_settled boolean, r_lease_missing boolean, r_uncovered bigint)
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
begin${fastCommitPrelude()}
  if p_cost < 0 or p_hold < 0 then
    raise exception 'gw_lease_charge: negative cost % or hold %', p_cost, p_hold using errcode = '22023';
  end if;

  select -l.amount into v_previous from ledger_entries l where l.request_id = p_request_id and l.kind = 'USAGE_CHARGE';
  if found then
    return query select v_previous, true, false, 0::bigint;
    return;
  end if;

  select q.amount into v_lease_amount from quota_reservations q where q.request_id = p_lease_id for no key update;
  v_missing := not found;
  if not v_missing then
    v_hold := least(p_hold, v_lease_amount);
  end if;

  if p_bucket = 'FREE' then
    select u.free_quota - u.free_reserved + v_hold, u.free_quota into v_spare, v_balance
      from users u where u.id = p_user_id for no key update;
  else
    select s.quota_total - s.quota_used - s.quota_reserved + v_hold, s.quota_total - s.quota_used into v_spare, v_balance
      from subscriptions s where s.id = p_subscription_id for no key update;
  end if;
  if not found then
    return query select 0::bigint, false, v_missing, p_cost;
    return;
  end if;
  select t.quota_cap - t.used_quota - t.reserved_quota + v_hold into v_token_spare from tokens t where t.id = p_token_id for no key update;
  v_charged := greatest(0::bigint, least(p_cost, v_spare, v_balance, v_token_spare));
  if v_charged = 0 then
    return query select 0::bigint, false, v_missing, p_cost;
    return;
  end if;
  v_used := least(v_charged, v_hold);

  if v_used > 0 then
    update quota_reservations q set amount = q.amount - v_used where q.request_id = p_lease_id;
  end if;
  if p_bucket = 'FREE' then
    update users u set free_reserved = u.free_reserved - v_used, free_quota = u.free_quota - v_charged
     where u.id = p_user_id returning u.free_quota into v_balance;
  else
    update subscriptions s set quota_reserved = s.quota_reserved - v_used, quota_used = s.quota_used + v_charged
     where s.id = p_subscription_id returning s.quota_total - s.quota_used into v_balance;
  end if;
  update tokens t set reserved_quota = t.reserved_quota - v_used, used_quota = t.used_quota + v_charged
   where t.id = p_token_id;

  insert into ledger_entries (user_id, bucket, subscription_id, amount, balance_after, kind, request_id, memo, created_at)
  values (p_user_id, p_bucket, p_subscription_id, -v_charged, v_balance, 'USAGE_CHARGE', p_request_id,
          case when v_charged < p_cost then format('cost %s, %s not covered by the balance or the key''s cap', p_cost, p_cost - v_charged) end, now());

  return query select v_charged, false, v_missing, p_cost - v_charged;
end
$fn$;`;

const LEASE_CHARGE_TRY = `
create function gw_lease_charge_try(
  p_lease_id varchar, p_request_id varchar, p_user_id int, p_token_id int, p_bucket text, p_subscription_id int,
  p_cost bigint, p_hold bigint, p_fast_commit boolean
) returns table (r_charged bigint, r_already_settled boolean, r_lease_missing boolean, r_uncovered bigint, r_error_code text, r_error_message text, r_error_constraint text)
language plpgsql as $fn$
declare
  v_charged bigint;
  v_already_settled boolean;
  v_lease_missing boolean;
  v_uncovered bigint;
  v_code text;
  v_message text;
  v_constraint text;
begin
  begin
    select g.r_charged, g.r_already_settled, g.r_lease_missing, g.r_uncovered into v_charged, v_already_settled, v_lease_missing, v_uncovered
      from gw_lease_charge(p_lease_id, p_request_id, p_user_id, p_token_id, p_bucket, p_subscription_id, p_cost, p_hold, p_fast_commit) g;
  exception when others then
    get stacked diagnostics v_code = returned_sqlstate, v_message = message_text, v_constraint = constraint_name;
    return query select null::bigint, null::boolean, null::boolean, null::bigint, v_code, v_message, nullif(v_constraint, '');
    return;
  end;
  return query select v_charged, v_already_settled, v_lease_missing, v_uncovered, null::text, null::text, null::text;
end
$fn$;`;

const DROP_ALL = [
  `drop function if exists gw_settle_try(varchar, bigint, boolean);`,
  `drop function if exists gw_settle(varchar, bigint, boolean);`,
  `drop function if exists gw_lease_charge_try(varchar, varchar, int, int, text, int, bigint, bigint, boolean);`,
  `drop function if exists gw_lease_charge(varchar, varchar, int, int, text, int, bigint, bigint, boolean);`,
];

export class Migration20261127170800_settle_full_cost extends Migration {
  override async up(): Promise<void> {
    for (const sql of DROP_ALL) this.addSql(sql);
    this.addSql(SETTLE);
    this.addSql(SETTLE_TRY);
    this.addSql(LEASE_CHARGE);
    this.addSql(LEASE_CHARGE_TRY);
    this.addSql(`alter table "usage_logs" add column "uncovered_cost" bigint not null default 0;`);
  }

  override async down(): Promise<void> {
    // The previous bodies live in their own migrations; going back means re-running those.
    throw new Error('Migration20261127170800_settle_full_cost cannot be undone: restore a backup taken before it');
  }
}
