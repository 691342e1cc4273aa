import { Migration } from '@mikro-orm/migrations';

/**
 * gw_reserve_try / gw_settle_try: the same calls, but an error comes back as a row
 * (r_error_code = SQLSTATE, r_error_message, r_error_constraint) instead of being raised.
 *
 * Why: the data plane sends many billing calls in ONE round trip, each in its own explicit
 * transaction (`begin; select ... ; commit;` repeated; see
 * src/domain/billing/billing-statement-queue.ts). A raised error would stop the rest of that
 * script; caught here, it costs only its own call. The inner block is a subtransaction, so a
 * failed call leaves nothing behind, exactly as the raising function would.
 * No `?` anywhere in this file: MikroORM/knex would read it as a bind placeholder.
 */
export class Migration20261122035000_billing_batch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create function gw_reserve_try(
  p_request_id varchar, p_user_id int, p_token_id int, p_tier text, p_amount bigint, p_instance_id varchar, p_fast_commit boolean
) returns table (r_ok boolean, r_reason text, r_bucket text, r_subscription_id int, r_error_code text, r_error_message text, r_error_constraint text)
language plpgsql as $fn$
declare
  v_ok boolean;
  v_reason text;
  v_bucket text;
  v_subscription_id int;
  v_code text;
  v_message text;
  v_constraint text;
begin
  begin
    select g.r_ok, g.r_reason, g.r_bucket, g.r_subscription_id into v_ok, v_reason, v_bucket, v_subscription_id
      from gw_reserve(p_request_id, p_user_id, p_token_id, p_tier, p_amount, p_instance_id, p_fast_commit) g;
  exception when others then
    get stacked diagnostics v_code = returned_sqlstate, v_message = message_text, v_constraint = constraint_name;
    return query select null::boolean, null::text, null::text, null::int, v_code, v_message, nullif(v_constraint, '');
    return;
  end;
  return query select v_ok, v_reason, v_bucket, v_subscription_id, null::text, null::text, null::text;
end
$fn$;`);

    this.addSql(`
create function gw_settle_try(p_request_id varchar, p_cost bigint, p_fast_commit boolean)
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
      from gw_settle(p_request_id, p_cost, p_fast_commit) g;
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
    this.addSql(`drop function if exists gw_settle_try(varchar, bigint, boolean);`);
    this.addSql(`drop function if exists gw_reserve_try(varchar, int, int, text, bigint, varchar, boolean);`);
  }
}
