import { Migration } from '@mikro-orm/migrations';

/**
 * gw_reserve and gw_settle gain a last parameter `p_fast_commit`: when true the function sets
 * `synchronous_commit = off` for its own transaction (set_config(..., true) is transaction-local,
 * so nothing leaks into the pooled session), and the commit returns without waiting for the WAL
 * flush. Balance change and ledger row still commit together or not at all; what fast mode risks
 * is the last few hundred ms of billing statements if the PostgreSQL server itself crashes
 * (see BILLING_COMMIT in src/config/env-billing.ts and the max-age sweep in gateway-instance-registry.ts).
 *
 * The bodies are otherwise those of Migration20261122031500_billing_core (its comments explain
 * the lock order). They are generated from one template here so down() restores the previous
 * signatures with exactly the previous bodies. Old signatures are dropped, not overloaded: a call
 * with the old arity must fail loudly rather than silently pick a different commit mode.
 * No `?` anywhere in this file: MikroORM/knex would read it as a bind placeholder.
 */

function fastCommitPrelude(withParam: boolean): string {
  return withParam
    ? `
  if p_fast_commit then
    perform set_config('synchronous_commit', 'off', true);
  end if;`
    : '';
}

function reserveFunction(withParam: boolean): string {
  return `
create function gw_reserve(
  p_request_id varchar, p_user_id int, p_token_id int, p_tier text, p_amount bigint, p_instance_id varchar${withParam ? ', p_fast_commit boolean' : ''}
) returns table (r_ok boolean, r_reason text, r_bucket text, r_subscription_id int)
language plpgsql as $fn$
declare
  v_bucket text;
  v_subscription_id int;
  v_candidate int;
  v_any_subscription boolean := false;
begin${fastCommitPrelude(withParam)}
  if p_amount < 0 then
    raise exception 'gw_reserve: negative amount %', p_amount using errcode = '22023';
  end if;
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
    if v_bucket = 'FREE' then
      update users u set free_reserved = u.free_reserved - p_amount where u.id = p_user_id;
    else
      update subscriptions s set quota_reserved = s.quota_reserved - p_amount where s.id = v_subscription_id;
    end if;
    return query select false, 'TOKEN_QUOTA_EXCEEDED'::text, null::text, null::int;
    return;
  end if;

  insert into quota_reservations (request_id, user_id, token_id, bucket, subscription_id, amount, instance_id, created_at)
  values (p_request_id, p_user_id, p_token_id, v_bucket, v_subscription_id, p_amount, p_instance_id, now());

  return query select true, null::text, v_bucket, v_subscription_id;
end
$fn$;`;
}

function settleFunction(withParam: boolean): string {
  return `
create function gw_settle(p_request_id varchar, p_cost bigint${withParam ? ', p_fast_commit boolean' : ''})
returns table (r_charged bigint, r_already_settled boolean)
language plpgsql as $fn$
declare
  r quota_reservations%rowtype;
  v_spare bigint;
  v_balance bigint;
  v_charged bigint := 0;
begin${fastCommitPrelude(withParam)}
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
$fn$;`;
}

export class Migration20261122034500_billing_commit_mode extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop function if exists gw_settle(varchar, bigint);`);
    this.addSql(`drop function if exists gw_reserve(varchar, int, int, text, bigint, varchar);`);
    this.addSql(reserveFunction(true));
    this.addSql(settleFunction(true));
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists gw_settle(varchar, bigint, boolean);`);
    this.addSql(`drop function if exists gw_reserve(varchar, int, int, text, bigint, varchar, boolean);`);
    this.addSql(reserveFunction(false));
    this.addSql(settleFunction(false));
  }
}
