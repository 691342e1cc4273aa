import { Migration } from '@mikro-orm/migrations';

/**
 * gw_lease_charge_many: several charges out of ONE quota lease in one call, each with exactly the
 * outcome gw_lease_charge_try would give it had they run one after another in that order.
 *
 * Why: under load the statement queue sent each charge of a busy key as its own transaction, and
 * each of them locked, updated and so rewrote the same three rows (the lease, the user or
 * subscription, the key) and paid a subtransaction, a transaction and a statement of its own.
 * PostgreSQL spent about 0.5 ms of CPU per charge that way on the 2-core development machine,
 * 0.12 ms when the queue's consecutive charges of one lease go as one call (a prototype of this
 * function, scripts of 16 and 32), and that time is what a JSON answer waits for (it carries the
 * charge). Per charge what remains is the "already charged?" probe and the ledger row (its key
 * and budget triggers run per row as before); the three rows are locked once, the running
 * balances kept in variables, and each row updated once at the end.
 *
 * Same rules per charge as gw_lease_charge_try (Migration20261128120000_lease_charge_row_versions):
 * a request id already charged answers its earlier charge; the charge is the cost capped by what
 * the bucket can spare (its unreserved balance plus the lease's hold for the request), its
 * balance, and the key's cap; nothing charged writes no ledger row; the ledger row's balance_after
 * is the bucket's balance after that charge. The token budget trigger sees one update with the
 * batch's total, which adds up to the same spend (the window's reset, if due, happens at the
 * first charge either way: one transaction, one now()).
 *
 * Anything unexpected (a ledger key taken meanwhile by another path, say) rolls the batch back to
 * its start and every charge is made again on its own through gw_lease_charge_try, so one bad
 * charge fails only itself, as before. Lock order as before: lease, bucket, token.
 * No `?` anywhere in this file: MikroORM/knex would read it as a bind placeholder.
 */

const LEASE_CHARGE_MANY = `
create function gw_lease_charge_many(
  p_lease_id varchar, p_user_id int, p_token_id int, p_bucket text, p_subscription_id int, p_fast_commit boolean,
  p_request_ids varchar[], p_costs bigint[], p_holds bigint[]
) returns table (r_charged bigint, r_already_settled boolean, r_lease_missing boolean, r_uncovered bigint, r_error_code text, r_error_message text, r_error_constraint text)
language plpgsql set enable_seqscan = off as $fn$
declare
  n int := coalesce(array_length(p_request_ids, 1), 0);
  i int;
  v_charged_out bigint[] := array_fill(0::bigint, array[n]);
  v_already_out boolean[] := array_fill(false, array[n]);
  v_lease_amount bigint;
  v_lease_row tid;
  v_missing boolean;
  -- The bucket: FREE keeps free_quota in v_quota; SUBSCRIPTION keeps quota_used in v_quota and quota_total in v_total.
  v_quota bigint;
  v_total bigint;
  v_reserved bigint;
  v_bucket_row tid;
  v_cap bigint;
  v_token_used bigint;
  v_token_reserved bigint;
  v_token_row tid;
  v_lease_used bigint := 0;
  v_any_charged boolean := false;
  v_hold bigint;
  v_spare bigint;
  v_balance bigint;
  v_token_spare bigint;
  v_charged bigint;
  v_used bigint;
  v_previous bigint;
begin
  if p_fast_commit then
    perform set_config('synchronous_commit', 'off', true);
  end if;
  if array_length(p_costs, 1) is distinct from n or array_length(p_holds, 1) is distinct from n then
    raise exception 'gw_lease_charge_many: % request ids, % costs, % holds', n, array_length(p_costs, 1), array_length(p_holds, 1) using errcode = '22023';
  end if;
  begin
    select q.amount, q.ctid into v_lease_amount, v_lease_row from quota_reservations q where q.request_id = p_lease_id for no key update;
    v_missing := not found;
    if p_bucket = 'FREE' then
      select u.free_quota, u.free_reserved, u.ctid into v_quota, v_reserved, v_bucket_row from users u where u.id = p_user_id for no key update;
    else
      select s.quota_used, s.quota_total, s.quota_reserved, s.ctid into v_quota, v_total, v_reserved, v_bucket_row
        from subscriptions s where s.id = p_subscription_id for no key update;
    end if;
    if not found then
      v_bucket_row := null;
    end if;
    select t.quota_cap, t.used_quota, t.reserved_quota, t.ctid into v_cap, v_token_used, v_token_reserved, v_token_row
      from tokens t where t.id = p_token_id for no key update;

    for i in 1..n loop
      if p_costs[i] < 0 or p_holds[i] < 0 then
        raise exception 'gw_lease_charge: negative cost % or hold %', p_costs[i], p_holds[i] using errcode = '22023';
      end if;
      select -l.amount into v_previous from ledger_request_keys k join ledger_entries l on l.request_id = k.request_id and l.kind = k.kind
       where k.request_id = p_request_ids[i] and k.kind = 'USAGE_CHARGE';
      if found then
        v_charged_out[i] := v_previous;
        v_already_out[i] := true;
        continue;
      end if;
      if v_bucket_row is null then
        continue; -- no bucket: nothing charged, all of the cost uncovered
      end if;
      v_hold := case when v_missing then 0 else least(p_holds[i], v_lease_amount - v_lease_used) end;
      if p_bucket = 'FREE' then
        v_spare := v_quota - v_reserved + v_hold;
        v_balance := v_quota;
      else
        v_spare := v_total - v_quota - v_reserved + v_hold;
        v_balance := v_total - v_quota;
      end if;
      v_token_spare := v_cap - v_token_used - v_token_reserved + v_hold;
      v_charged := greatest(0::bigint, least(p_costs[i], v_spare, v_balance, v_token_spare));
      if v_charged = 0 then
        continue;
      end if;
      v_used := least(v_charged, v_hold);
      v_lease_used := v_lease_used + v_used;
      v_reserved := v_reserved - v_used;
      if p_bucket = 'FREE' then
        v_quota := v_quota - v_charged;
        v_balance := v_quota;
      else
        v_quota := v_quota + v_charged;
        v_balance := v_total - v_quota;
      end if;
      v_token_reserved := v_token_reserved - v_used;
      v_token_used := v_token_used + v_charged;
      v_any_charged := true;
      insert into ledger_entries (user_id, bucket, subscription_id, amount, balance_after, kind, request_id, memo, created_at)
      values (p_user_id, p_bucket, p_subscription_id, -v_charged, v_balance, 'USAGE_CHARGE', p_request_ids[i],
              case when v_charged < p_costs[i] then format('cost %s, %s not covered by the balance or the key''s cap', p_costs[i], p_costs[i] - v_charged) end, now());
      v_charged_out[i] := v_charged;
    end loop;

    if v_any_charged then
      if v_lease_used > 0 then
        update quota_reservations q set amount = q.amount - v_lease_used where q.ctid = v_lease_row;
      end if;
      if p_bucket = 'FREE' then
        update users u set free_reserved = v_reserved, free_quota = v_quota where u.ctid = v_bucket_row;
      else
        update subscriptions s set quota_reserved = v_reserved, quota_used = v_quota where s.ctid = v_bucket_row;
      end if;
      update tokens t set reserved_quota = v_token_reserved, used_quota = v_token_used where t.ctid = v_token_row;
    end if;

    return query
      select v_charged_out[k], v_already_out[k], v_missing and not v_already_out[k], case when v_already_out[k] then 0::bigint else p_costs[k] - v_charged_out[k] end,
             null::text, null::text, null::text
        from generate_series(1, n) k order by k;
  exception when others then
    return query
      select g.* from generate_series(1, n) k
       cross join lateral gw_lease_charge_try(p_lease_id, p_request_ids[k], p_user_id, p_token_id, p_bucket, p_subscription_id, p_costs[k], p_holds[k], p_fast_commit) g
       order by k;
  end;
end
$fn$;`;

export class Migration20261128133000_lease_charge_groups extends Migration {
  override async up(): Promise<void> {
    this.addSql(LEASE_CHARGE_MANY);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists gw_lease_charge_many(varchar, int, int, text, int, boolean, varchar[], bigint[], bigint[]);`);
  }
}
