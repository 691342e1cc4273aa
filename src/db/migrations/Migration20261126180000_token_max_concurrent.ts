import { Migration } from '@mikro-orm/migrations';

/** Per-key concurrency limit (issue 12.7, src/domain/rate-limit). Null keeps the gateway default. */
export class Migration20261126180000_token_max_concurrent extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "tokens" add column "max_concurrent" int null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tokens" drop column "max_concurrent";`);
  }
}
