import { Migration } from '@mikro-orm/migrations';

/**
 * The billing core's atomic statements, as PL/pgSQL so reserve and settle are one round trip
 * each and never a read-then-write race (see src/domain/billing/billing.service.ts).
 *
 * Lock order is the same in every function (reservation row, then the bucket row, then the token
 * row) so concurrent reserves and settles cannot deadlock each other. Row locks are FOR NO KEY
 * UPDATE (what a plain UPDATE of non-key columns takes), never FOR UPDATE: the ledger insert takes
 * FOR KEY SHARE on the user and subscription rows through its foreign keys, which FOR UPDATE
 * would conflict with - a settle on a subscription (holding the token) and a settle on free quota
 * (holding the user) deadlocked exactly that way in the concurrency test.
 * No `?` anywhere in this file: MikroORM/knex would read it as a bind placeholder.
 */
export class Migration20261122031500_billing_core extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "gateway_instances" ("id" varchar(64) not null, "hostname" varchar(255) not null, "pid" int not null, "started_at" timestamptz not null, "heartbeat_at" timestamptz not null, constraint "gateway_instances_pkey" primary key ("id"));`);
    this.addSql(`alter table "quota_reservations" add column "instance_id" varchar(64) null;`);
    this.addSql(`create index "quota_reservations_instance_id_index" on "quota_reservations" ("instance_id");`);

    // Holds `p_amount` on ONE bucket and on the token's cap, and records the hold.
    // FREE tier: free quota first, then any active subscription (earliest end first).
    // Other tiers: only active subscriptions that unlock the tier.
    this.addSql(`
create or replace function gw_reserve(
  p_request_id varchar, p_user_id int, p_token_id int, p_tier text, p_amount bigint, p_instance_id varchar
) returns table (r_ok boolean, r_reason text, r_bucket text, r_subscription_id int)
language plpgsql as $fn$
declare
  v_bucket text;
  v_subscription_id int;
  v_candidate int;
  v_any_subscription boolean := false;
begin
  if p_amount < 0 then
    raise exception 'gw_reserve: negative amount %', p_amount using errcode = '22023';
  end if;
  -- A request id that was already charged must never be held (and charged) again.
  if exists (select 1 from ledger_entries l where l.request_id = p_request_id and l.kind = 'USAGE_CHARGE') then
    raise exception 'gw_reserve: request % was already charged', p_request_id using errcode = '23505';
  end if;

  if p_tier = 'FREE' then
    update users u set free_reserved = u.free_reserved + p_amount
     where u.id = p_user_id and u.free_quota - u.free_reserved >= p_amount;
    if found then
      v_bucket := 'FREE';
    end if;
  end if;

  if v_bucket is null then
    -- Try each candidate with a conditional update: a plain "pick then update" could pick a
    -- subscription that a concurrent request has just drained while another could still cover.
    for v_candidate in
      select s.id from subscriptions s
       where s.user_id = p_user_id and s.status = 'ACTIVE' and s.ends_at > now()
         and (p_tier = 'FREE' or p_tier = any (s.unlocks_tiers))
       order by s.ends_at, s.id
    loop
      v_any_subscription := true;
      update subscriptions s set quota_reserved = s.quota_reserved + p_amount
       where s.id = v_candidate and s.status = 'ACTIVE' and s.ends_at > now()
         and s.quota_total - s.quota_used - s.quota_reserved >= p_amount;
      if found then
        v_bucket := 'SUBSCRIPTION';
        v_subscription_id := v_candidate;
        exit;
      end if;
    end loop;
  end if;

  if v_bucket is null then
    return query select false,
      (case when p_tier <> 'FREE' and not v_any_subscription then 'SUBSCRIPTION_REQUIRED' else 'INSUFFICIENT_QUOTA' end)::text,
      null::text, null::int;
    return;
  end if;

  update tokens t set reserved_quota = t.reserved_quota + p_amount
   where t.id = p_token_id and (t.quota_cap is null or t.quota_cap - t.used_quota - t.reserved_quota >= p_amount);
  if not found then
    -- Same transaction and the bucket row is still locked by us: undoing the hold is exact.
    if v_bucket = 'FREE' then
      update users u set free_reserved = u.free_reserved - p_amount where u.id = p_user_id;
    else
      update subscriptions s set quota_reserved = s.quota_reserved - p_amount where s.id = v_subscription_id;
    end if;
    return query select false, 'TOKEN_QUOTA_EXCEEDED'::text, null::text, null::int;
    return;
  end if;

  -- The primary key makes a second concurrent hold for the same request id fail the whole call.
  insert into quota_reservations (request_id, user_id, token_id, bucket, subscription_id, amount, instance_id, created_at)
  values (p_request_id, p_user_id, p_token_id, v_bucket, v_subscription_id, p_amount, p_instance_id, now());

  return query select true, null::text, v_bucket, v_subscription_id;
end
$fn$;`);

    // Ends a hold: charges min(cost, what the bucket can give without touching other holds),
    // releases the rest, and writes the USAGE_CHARGE ledger row, all in this one call.
    // Deleting the reservation row is the once-only gate: a second (or concurrent) call finds
    // nothing to delete and reports the earlier charge. p_cost = 0 is a plain release.
    this.addSql(`
create or replace function gw_settle(p_request_id varchar, p_cost bigint)
returns table (r_charged bigint, r_already_settled boolean)
language plpgsql as $fn$
declare
  r quota_reservations%rowtype;
  v_spare bigint;
  v_balance bigint;
  v_charged bigint := 0;
begin
  if p_cost < 0 then
    raise exception 'gw_settle: negative cost %', p_cost using errcode = '22023';
  end if;

  delete from quota_reservations q where q.request_id = p_request_id returning q.* into r;
  if not found then
    return query select coalesce(
      (select -l.amount from ledger_entries l where l.request_id = p_request_id and l.kind = 'USAGE_CHARGE'), 0::bigint), true;
    return;
  end if;

  if r.bucket = 'FREE' then
    select u.free_quota - u.free_reserved + r.amount, u.free_quota into v_spare, v_balance
      from users u where u.id = r.user_id for no key update;
    if found then
      v_charged := greatest(0::bigint, least(p_cost, v_spare, v_balance));
      update users u set free_reserved = u.free_reserved - r.amount, free_quota = u.free_quota - v_charged
       where u.id = r.user_id returning u.free_quota into v_balance;
    end if;
  else
    select s.quota_total - s.quota_used - s.quota_reserved + r.amount, s.quota_total - s.quota_used into v_spare, v_balance
      from subscriptions s where s.id = r.subscription_id for no key update;
    if found then
      v_charged := greatest(0::bigint, least(p_cost, v_spare, v_balance));
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
            case when v_charged < p_cost then format('cost %s capped at what the bucket held', p_cost) end, now());
  end if;

  return query select v_charged, false;
end
$fn$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists gw_settle(varchar, bigint);`);
    this.addSql(`drop function if exists gw_reserve(varchar, int, int, text, bigint, varchar);`);
    this.addSql(`drop index if exists "quota_reservations_instance_id_index";`);
    this.addSql(`alter table "quota_reservations" drop column if exists "instance_id";`);
    this.addSql(`drop table if exists "gateway_instances";`);
  }
}
