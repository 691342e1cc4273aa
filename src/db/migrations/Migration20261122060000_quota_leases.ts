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
 * A lease row that is gone (a peer released it because this process looked dead) charges
 * nothing: under-charging, never double-charging, as gw_settle after a release.
 *
 * Lock order as in Migration20261122031500_billing_core: reservation row, bucket row, token row.
 * No `?` anywhere in this file: MikroORM/knex would read it as a bind placeholder.
 */
export class Migration20261122060000_quota_leases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create function gw_lease_charge(p_lease_id varchar, p_request_id varchar, p_cost bigint, p_hold bigint, p_fast_commit boolean)
returns table (r_charged bigint, r_already_settled boolean)
language plpgsql as $fn$
declare
  r quota_reservations%rowtype;
  v_hold bigint;
  v_used bigint;
  v_spare bigint;
  v_balance bigint;
  v_charged bigint := 0;
  v_previous bigint;
begin
  if p_fast_commit then
    perform set_config('synchronous_commit', 'off', true);
  end if;
  if p_cost < 0 or p_hold < 0 then
    raise exception 'gw_lease_charge: negative cost % or hold %', p_cost, p_hold using errcode = '22023';
  end if;

  select -l.amount into v_previous from ledger_entries l where l.request_id = p_request_id and l.kind = 'USAGE_CHARGE';
  if found then
    return query select v_previous, true;
    return;
  end if;

  select * into r from quota_reservations q where q.request_id = p_lease_id for no key update;
  if not found then
    return query select 0::bigint, true;
    return;
  end if;
  v_hold := least(p_hold, r.amount);

  if r.bucket = 'FREE' then
    select u.free_quota - u.free_reserved + v_hold, u.free_quota into v_spare, v_balance
      from users u where u.id = r.user_id for no key update;
  else
    select s.quota_total - s.quota_used - s.quota_reserved + v_hold, s.quota_total - s.quota_used into v_spare, v_balance
      from subscriptions s where s.id = r.subscription_id for no key update;
  end if;
  if not found then
    return query select 0::bigint, false;
    return;
  end if;
  v_charged := greatest(0::bigint, least(p_cost, v_spare, v_balance));
  if v_charged = 0 then
    return query select 0::bigint, false;
    return;
  end if;
  v_used := least(v_charged, v_hold);

  update quota_reservations q set amount = q.amount - v_used where q.request_id = p_lease_id;
  if r.bucket = 'FREE' then
    update users u set free_reserved = u.free_reserved - v_used, free_quota = u.free_quota - v_charged
     where u.id = r.user_id returning u.free_quota into v_balance;
  else
    update subscriptions s set quota_reserved = s.quota_reserved - v_used, quota_used = s.quota_used + v_charged
     where s.id = r.subscription_id returning s.quota_total - s.quota_used into v_balance;
  end if;
  if r.token_id is not null then
    update tokens t set reserved_quota = t.reserved_quota - v_used, used_quota = t.used_quota + v_charged
     where t.id = r.token_id;
  end if;

  insert into ledger_entries (user_id, bucket, subscription_id, amount, balance_after, kind, request_id, memo, created_at)
  values (r.user_id, r.bucket, r.subscription_id, -v_charged, v_balance, 'USAGE_CHARGE', p_request_id,
          case when v_charged < p_cost then format('cost %s capped at what the bucket held', p_cost) end, now());

  return query select v_charged, false;
end
$fn$;`);

    this.addSql(`
create function gw_lease_charge_try(p_lease_id varchar, p_request_id varchar, p_cost bigint, p_hold bigint, p_fast_commit boolean)
returns table (r_charged bigint, r_already_settled boolean, r_error_code text, r_error_message text, r_error_constraint text)
language plpgsql as $fn$
declare
  v_charged bigint;
  v_already_settled boolean;
  v_code text;
  v_message text;
  v_constraint text;
begin
  begin
    select g.r_charged, g.r_already_settled into v_charged, v_already_settled
      from gw_lease_charge(p_lease_id, p_request_id, p_cost, p_hold, p_fast_commit) g;
  exception when others then
    get stacked diagnostics v_code = returned_sqlstate, v_message = message_text, v_constraint = constraint_name;
    return query select null::bigint, null::boolean, v_code, v_message, nullif(v_constraint, '');
    return;
  end;
  return query select v_charged, v_already_settled, null::text, null::text, null::text;
end
$fn$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists gw_lease_charge_try(varchar, varchar, bigint, bigint, boolean);`);
    this.addSql(`drop function if exists gw_lease_charge(varchar, varchar, bigint, bigint, boolean);`);
  }
}
