import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in is throttled per address and per address+email on the rate limiter (issue 12.9); the
 * per-account lock it replaces let anyone lock any account, the admin's included.
 */
export class Migration20261125120100_drop_account_lock extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" drop column "failed_logins", drop column "login_locked_until";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" add column "failed_logins" int not null default 0, add column "login_locked_until" timestamptz null;`);
  }
}
