import { Migration } from '@mikro-orm/migrations';

/**
 * `users.email` is unique among live accounts only: a partial unique index `where deleted_at is
 * null` replaces the plain unique constraint (same name), so a soft-deleted user's address can be
 * signed up with again, while the deleted row keeps its e-mail for the admin and the books.
 * Lookups by e-mail ask for `deleted_at is null` too, which this index serves.
 *
 * Outside a transaction, so the index is built CONCURRENTLY (sign-ups and sign-ins go on during
 * the build); every step may be re-run after an interruption (a failed concurrent build leaves an
 * invalid index, which is dropped first). As in Migration20261122050000_ledger_reference_partial.
 */
export class Migration20261126190500_users_email_live_unique extends Migration {
  override isTransactional(): boolean {
    return false;
  }

  override async up(): Promise<void> {
    this.addSql(`drop index if exists "users_email_live_unique";`);
    this.addSql(`create unique index concurrently "users_email_live_unique" on "users" ("email") where "deleted_at" is null;`);
    this.addSql(`alter table "users" drop constraint if exists "users_email_unique";`);
    this.addSql(`alter index "users_email_live_unique" rename to "users_email_unique";`);
  }

  /** Fails while a deleted and a live account share an address: which one keeps it is not the migration's to decide. */
  override async down(): Promise<void> {
    this.addSql(`drop index "users_email_unique";`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
  }
}
