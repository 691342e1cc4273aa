import { Migration } from '@mikro-orm/migrations';

/** An admin's "disabled" wins over the owner's "enable" (issue 12.12). */
export class Migration20261125120000_token_disabled_by_admin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "tokens" add column "disabled_by_admin" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tokens" drop column "disabled_by_admin";`);
  }
}
