import { Migration } from '@mikro-orm/migrations';

/**
 * usage_logs.surface: which client-facing API a request came in on (chat.completions, messages,
 * responses, gemini, embeddings, audio). Existing rows all came through chat completions.
 * `if not exists`: Migration20261125170000_usage_surface (the statistics side) adds the same
 * column the same way, so databases that ran that one first keep theirs.
 */
export class Migration20261125100000_usage_surface extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_logs" add column if not exists "surface" varchar(32) not null default 'chat.completions';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "usage_logs" drop column if exists "surface";`);
  }
}
