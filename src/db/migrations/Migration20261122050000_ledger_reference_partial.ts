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
 *
 * Outside a transaction, so the new index is built CONCURRENTLY: a long ledger is not locked
 * against billing for the whole build, only for the brief swap. Every step may be re-run after
 * an interruption (a failed concurrent build leaves an invalid index, which is dropped first).
 */
export class Migration20261122050000_ledger_reference_partial extends Migration {
  override isTransactional(): boolean {
    return false;
  }

  override async up(): Promise<void> {
    this.addSql(`drop index if exists "ledger_entries_kind_reference_partial";`);
    this.addSql(
      `create unique index concurrently "ledger_entries_kind_reference_partial" on "ledger_entries" ("kind", "reference") where "reference" is not null;`,
    );
    this.addSql(`alter table "ledger_entries" drop constraint if exists "ledger_entries_kind_reference_unique";`);
    this.addSql(`alter index "ledger_entries_kind_reference_partial" rename to "ledger_entries_kind_reference_unique";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "ledger_entries_kind_reference_unique";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_reference_unique" unique ("kind", "reference");`);
  }
}
