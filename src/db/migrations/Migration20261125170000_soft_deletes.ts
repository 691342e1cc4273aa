import { Migration } from '@mikro-orm/migrations';

/**
 * Soft deletion of users and API keys: ledger and usage rows point at them, so they stay, out of
 * sign-in, the data plane and lists. (Channels got theirs in Migration20261125170000_channel_keys.)
 */
export class Migration20261125170000_soft_deletes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column if not exists "deleted_at" timestamptz null;`);
    this.addSql(`alter table "tokens" add column if not exists "deleted_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tokens" drop column "deleted_at";`);
    this.addSql(`alter table "users" drop column "deleted_at";`);
  }
}
