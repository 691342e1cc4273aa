import { Migration } from '@mikro-orm/migrations';

/**
 * gw_lease_charge (and its `_try` twin for batched scripts): charges one request that a gateway
 * process admitted against a quota lease (src/domain/billing/quota-leases.ts).
 *
 * A lease is an ordinary quota_reservations row (request id `lease_...`) taken by gw_reserve_spare:
 * it holds its amount on one bucket and on the token's cap like any reservation, so the balance
 * can never be promised twice, and recovery treats a dead process's lease like any orphaned hold
 * (no usage-log row, so it is released). The process hands out parts of it (`p_hold`) to its own
 * requests without a round trip; this function settles one part:
 * - charged = min(cost, what the bucket can give counting this part's hold, the balance): the
 *   same rule as gw_settle, so a cost above the part's hold still never eats other holds;
 * - the lease row, the bucket's reserved figure and the token's reserved figure all shrink by
 *   the part of the hold that was used (min(charged, hold)); the unused part stays leased;
 * - the USAGE_CHARGE ledger row is written with balance_after, in the same transaction. The
 *   unique (request_id, kind) constraint makes a second charge of one request impossible: a
 *   repeat finds the first one and returns it (r_already_settled), a racing one fails whole.
 * A lease row that is gone (a peer released it because this process looked stalled, or its
 * reserve's fast commit was lost) charges the request from what the bucket can spare with no hold
 * of its own, named by the p_user_id..p_subscription_id arguments, and says so (r_lease_missing),
 * so the process stops admitting from that lease.
 *
 * gw_lease_shrink: a lease that is being given back while some of its requests are still running
 * keeps only what they hold (p_keep) and releases the rest at once, so a drained lease does not
 * sit on quota nobody can use.
 *
 * Lock order as in Migration20261122031500_billing_core: reservation row, bucket row, token row.
 * No `?` anywhere in this file: MikroORM/knex would read it as a bind placeholder.
 */
export class Migration20261122060000_quota_leases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create function gw_lease_charge(
  p_lease_id varchar, p_request_id varchar, p_user_id int, p_token_id int, p_bucket text, p_subscription_id int,
  p_cost bigint, p_hold bigint, p_fast_commit boolean
) returns table (r_charged bigint, r_already_settled boolean, r_lease_missing boolean)
language plpgsql as $fn$
declare
  v_hold bigint := 0;
  v_used bigint;
  v_spare bigint;
  v_balance bigint;
  v_charged bigint := 0;
  v_previous bigint;
  v_lease_amount bigint;
  v_missing boolean;
begin
  if p_fast_commit then
    perform set_config('synchronous_commit', 'off', true);
  end if;
  if p_cost < 0 or p_hold < 0 then
    raise exception 'gw_lease_charge: negative cost % or hold %', p_cost, p_hold using errcode = '22023';
  end if;

  select -l.amount into v_previous from ledger_entries l where l.request_id = p_request_id and l.kind = 'USAGE_CHARGE';
  if found then
    return query select v_previous, true, false;
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
    return query select 0::bigint, false, v_missing;
    return;
  end if;
  v_charged := greatest(0::bigint, least(p_cost, v_spare, v_balance));
  if v_charged = 0 then
    return query select 0::bigint, false, v_missing;
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
          case when v_charged < p_cost then format('cost %s capped at what the bucket held', p_cost) end, now());

  return query select v_charged, false, v_missing;
end
$fn$;`);

    this.addSql(`
create function gw_lease_charge_try(
  p_lease_id varchar, p_request_id varchar, p_user_id int, p_token_id int, p_bucket text, p_subscription_id int,
  p_cost bigint, p_hold bigint, p_fast_commit boolean
) returns table (r_charged bigint, r_already_settled boolean, r_lease_missing boolean, r_error_code text, r_error_message text, r_error_constraint text)
language plpgsql as $fn$
declare
  v_charged bigint;
  v_already_settled boolean;
  v_lease_missing boolean;
  v_code text;
  v_message text;
  v_constraint text;
begin
  begin
    select g.r_charged, g.r_already_settled, g.r_lease_missing into v_charged, v_already_settled, v_lease_missing
      from gw_lease_charge(p_lease_id, p_request_id, p_user_id, p_token_id, p_bucket, p_subscription_id, p_cost, p_hold, p_fast_commit) g;
  exception when others then
    get stacked diagnostics v_code = returned_sqlstate, v_message = message_text, v_constraint = constraint_name;
    return query select null::bigint, null::boolean, null::boolean, v_code, v_message, nullif(v_constraint, '');
    return;
  end;
  return query select v_charged, v_already_settled, v_lease_missing, null::text, null::text, null::text;
end
$fn$;`);

    this.addSql(`
create function gw_lease_shrink(p_lease_id varchar, p_keep bigint, p_fast_commit boolean)
returns table (r_released bigint)
language plpgsql as $fn$
declare
  r quota_reservations%rowtype;
  v_release bigint;
begin
  if p_fast_commit then
    perform set_config('synchronous_commit', 'off', true);
  end if;
  if p_keep < 0 then
    raise exception 'gw_lease_shrink: negative keep %', p_keep using errcode = '22023';
  end if;
  select * into r from quota_reservations q where q.request_id = p_lease_id for no key update;
  if not found or r.amount <= p_keep then
    return query select 0::bigint;
    return;
  end if;
  v_release := r.amount - p_keep;
  update quota_reservations q set amount = p_keep where q.request_id = p_lease_id;
  if r.bucket = 'FREE' then
    update users u set free_reserved = u.free_reserved - v_release where u.id = r.user_id;
  else
    update subscriptions s set quota_reserved = s.quota_reserved - v_release where s.id = r.subscription_id;
  end if;
  if r.token_id is not null then
    update tokens t set reserved_quota = t.reserved_quota - v_release where t.id = r.token_id;
  end if;
  return query select v_release;
end
$fn$;`);

    this.addSql(`
create function gw_lease_shrink_try(p_lease_id varchar, p_keep bigint, p_fast_commit boolean)
returns table (r_released bigint, r_error_code text, r_error_message text, r_error_constraint text)
language plpgsql as $fn$
declare
  v_released bigint;
  v_code text;
  v_message text;
  v_constraint text;
begin
  begin
    select g.r_released into v_released from gw_lease_shrink(p_lease_id, p_keep, p_fast_commit) g;
  exception when others then
    get stacked diagnostics v_code = returned_sqlstate, v_message = message_text, v_constraint = constraint_name;
    return query select null::bigint, v_code, v_message, nullif(v_constraint, '');
    return;
  end;
  return query select v_released, null::text, null::text, null::text;
end
$fn$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists gw_lease_shrink_try(varchar, bigint, boolean);`);
    this.addSql(`drop function if exists gw_lease_shrink(varchar, bigint, boolean);`);
    this.addSql(`drop function if exists gw_lease_charge_try(varchar, varchar, int, int, text, int, bigint, bigint, boolean);`);
    this.addSql(`drop function if exists gw_lease_charge(varchar, varchar, int, int, text, int, bigint, bigint, boolean);`);
  }
}
