import { Migration } from '@mikro-orm/migrations';

/**
 * The billing functions plan every statement as a key lookup (Migration20261128120000_lease_charge_row_versions)
 * by turning sequential scans off. They did it with `set_config(..., true)`, which lasts until the
 * end of the caller's transaction: a caller that ran another query after a billing call in the same
 * transaction had it planned without sequential scans too. A function's own SET clause applies
 * while the function runs and is undone when it returns, so the setting now stays inside the call.
 * Plans cached inside the function are made under the clause, so they stay key lookups.
 */

const BILLING_FUNCTIONS = `('gw_lease_charge_try', 'gw_reserve', 'gw_settle', 'gw_lease_shrink')`;

const SCOPE_TO_CALL = `do $scope$
declare
  f regprocedure;
  old_def text;
  new_def text;
  scoped int := 0;
begin
  for f in select p.oid::regprocedure from pg_proc p where p.proname in ${BILLING_FUNCTIONS} loop
    old_def := pg_get_functiondef(f);
    new_def := regexp_replace(old_def, '\\s*perform set_config\\(''enable_seqscan'', ''off'', true\\);', '', 'g');
    if new_def <> old_def then
      execute new_def;
      execute format('alter function %s set enable_seqscan = off', f);
      scoped := scoped + 1;
    end if;
  end loop;
  if scoped < 4 then
    raise exception 'billing seqscan scope: expected the four billing functions to turn sequential scans off, found %', scoped;
  end if;
end
$scope$;`;

export class Migration20261128124500_billing_seqscan_scope extends Migration {
  override async up(): Promise<void> {
    this.addSql(SCOPE_TO_CALL);
  }

  override async down(): Promise<void> {
    // Back to the planner's own choice inside the functions; their bodies are otherwise unchanged.
    this.addSql(`do $reset$
declare f regprocedure;
begin
  for f in select p.oid::regprocedure from pg_proc p where p.proname in ${BILLING_FUNCTIONS} loop
    execute format('alter function %s reset enable_seqscan', f);
  end loop;
end
$reset$;`);
  }
}
