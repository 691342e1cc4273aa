import { Migration } from '@mikro-orm/migrations';

/**
 * gw_reserve_spare (and its `_try` twin for batched scripts, see Migration20261122035000_billing_batch):
 * gw_reserve, plus what the paying bucket could still hold right after this reservation, capped
 * by the token's own remaining cap (r_spare; null when refused). Same transaction, rows already
 * locked by the reserve, so the figure is exact at commit time.
 *
 * Why: written for head-start hints (going upstream while a reserve was on the wire), since
 * removed; today quota leases read the figure to decide whether a key may take a lease and how
 * large (src/domain/billing/quota-leases.ts). It only informs that decision; the reserve itself
 * still decides who pays.
 * No `?` anywhere in this file: MikroORM/knex would read it as a bind placeholder.
 */
export class Migration20261122051000_reserve_spare extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create function gw_reserve_spare(
  p_request_id varchar, p_user_id int, p_token_id int, p_tier text, p_amount bigint, p_instance_id varchar, p_fast_commit boolean
) returns table (r_ok boolean, r_reason text, r_bucket text, r_subscription_id int, r_spare bigint)
language plpgsql as $fn$
declare
  v_ok boolean;
  v_reason text;
  v_bucket text;
  v_subscription_id int;
  v_spare bigint;
  v_token_spare bigint;
begin
  select g.r_ok, g.r_reason, g.r_bucket, g.r_subscription_id into v_ok, v_reason, v_bucket, v_subscription_id
    from gw_reserve(p_request_id, p_user_id, p_token_id, p_tier, p_amount, p_instance_id, p_fast_commit) g;
  if v_ok then
    if v_bucket = 'FREE' then
      select u.free_quota - u.free_reserved into v_spare from users u where u.id = p_user_id;
    else
      select s.quota_total - s.quota_used - s.quota_reserved into v_spare from subscriptions s where s.id = v_subscription_id;
    end if;
    select t.quota_cap - t.used_quota - t.reserved_quota into v_token_spare from tokens t where t.id = p_token_id;
    v_spare := least(v_spare, v_token_spare); -- least() skips the null of a token without a cap
  end if;
  return query select v_ok, v_reason, v_bucket, v_subscription_id, v_spare;
end
$fn$;`);

    this.addSql(`
create function gw_reserve_spare_try(
  p_request_id varchar, p_user_id int, p_token_id int, p_tier text, p_amount bigint, p_instance_id varchar, p_fast_commit boolean
) returns table (r_ok boolean, r_reason text, r_bucket text, r_subscription_id int, r_spare bigint, r_error_code text, r_error_message text, r_error_constraint text)
language plpgsql as $fn$
declare
  v_ok boolean;
  v_reason text;
  v_bucket text;
  v_subscription_id int;
  v_spare bigint;
  v_code text;
  v_message text;
  v_constraint text;
begin
  begin
    select g.r_ok, g.r_reason, g.r_bucket, g.r_subscription_id, g.r_spare into v_ok, v_reason, v_bucket, v_subscription_id, v_spare
      from gw_reserve_spare(p_request_id, p_user_id, p_token_id, p_tier, p_amount, p_instance_id, p_fast_commit) g;
  exception when others then
    get stacked diagnostics v_code = returned_sqlstate, v_message = message_text, v_constraint = constraint_name;
    return query select null::boolean, null::text, null::text, null::int, null::bigint, v_code, v_message, nullif(v_constraint, '');
    return;
  end;
  return query select v_ok, v_reason, v_bucket, v_subscription_id, v_spare, null::text, null::text, null::text;
end
$fn$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists gw_reserve_spare_try(varchar, int, int, text, bigint, varchar, boolean);`);
    this.addSql(`drop function if exists gw_reserve_spare(varchar, int, int, text, bigint, varchar, boolean);`);
  }
}
