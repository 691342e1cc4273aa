import { Migration } from '@mikro-orm/migrations';

/** Per-key request limit (see src/domain/rate-limit). Null keeps the gateway default. */
export class Migration20261122035500_token_rate_limit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "tokens" add column "rate_limit_rpm" int null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tokens" drop column "rate_limit_rpm";`);
  }
}
