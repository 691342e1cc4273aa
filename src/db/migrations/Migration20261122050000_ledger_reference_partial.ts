import { Migration } from '@mikro-orm/migrations';

/**
 * `(kind, reference)` becomes a partial unique index over rows that have a reference.
 *
 * Why: gw_reserve asks "was this request already charged?" with
 * `request_id = $1 and kind = 'USAGE_CHARGE'`, and both unique indexes used to match that
 * predicate. On a young table (statistics from when it was empty) the planner rated them equal
 * and could pick (kind, reference), which walks every USAGE_CHARGE row: measured 0.24 ms per
 * reserve at 2 500 ledger rows, growing with the table, and kept for the whole session in
 * PL/pgSQL's cached plan. Usage charges have no reference, so the partial index no longer matches
 * that lookup at all (the request index is the only candidate), and charges stop paying for an
 * index entry they never use. Uniqueness is unchanged: NULL references never collided anyway,
 * and `kind = ... and reference = ...` still proves the predicate, so grant lookups keep the index.
 */
export class Migration20261122050000_ledger_reference_partial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "ledger_entries" drop constraint "ledger_entries_kind_reference_unique";`);
    this.addSql(
      `create unique index "ledger_entries_kind_reference_unique" on "ledger_entries" ("kind", "reference") where "reference" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "ledger_entries_kind_reference_unique";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_reference_unique" unique ("kind", "reference");`);
  }
}
