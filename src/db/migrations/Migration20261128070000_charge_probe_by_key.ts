import { Migration } from '@mikro-orm/migrations';

/**
 * The "already charged?" probe that gw_reserve runs on every reservation and gw_lease_charge on
 * every lease charge reads the ledger's key table (one primary-key probe) instead of the ledger
 * itself. Since the ledger is partitioned by month, the old probe read one index per month held,
 * a cost that grew with the ledger's age, and PL/pgSQL keeps that plan for the life of a pooled
 * connection. The key table holds exactly the (request id, kind) pairs of the ledger: the
 * ledger's insert trigger writes it in the same transaction and nothing else removes from it.
 *
 * The functions are rewritten in place from their stored definitions, so this migration states
 * only the change; it fails rather than do nothing if a probe it expects is not there.
 */
const REWRITE_SQL = `do $rewrite$
declare
  f regprocedure;
  old_def text;
  new_def text;
  rewritten int := 0;
begin
  for f in select p.oid::regprocedure from pg_proc p where p.proname in ('gw_reserve', 'gw_lease_charge') loop
    old_def := pg_get_functiondef(f);
    new_def := replace(old_def,
      'exists (select 1 from ledger_entries l where l.request_id = p_request_id and l.kind = ''USAGE_CHARGE'')',
      'exists (select 1 from ledger_request_keys k where k.request_id = p_request_id and k.kind = ''USAGE_CHARGE'')');
    -- The amount is still read from the ledger, but only once the key says the row is there: with
    -- no key (every request but a replay) the join reads nothing else.
    new_def := replace(new_def,
      'select -l.amount into v_previous from ledger_entries l where l.request_id = p_request_id and l.kind = ''USAGE_CHARGE'';',
      'select -l.amount into v_previous from ledger_request_keys k join ledger_entries l on l.request_id = k.request_id and l.kind = k.kind where k.request_id = p_request_id and k.kind = ''USAGE_CHARGE'';');
    if new_def <> old_def then
      execute new_def;
      rewritten := rewritten + 1;
    end if;
  end loop;
  if rewritten < 2 then
    raise exception 'charge probe: expected to rewrite gw_reserve and gw_lease_charge, rewrote %', rewritten;
  end if;
end
$rewrite$;`;

export class Migration20261128070000_charge_probe_by_key extends Migration {
  override async up(): Promise<void> {
    this.addSql(REWRITE_SQL);
  }

  override async down(): Promise<void> {
    // The old probe is correct too, only slower on a long ledger; nothing to undo for correctness.
  }
}
