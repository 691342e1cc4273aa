import { Migration } from '@mikro-orm/migrations';

/**
 * usage_logs.surface: which client-facing API a request came in on (chat completions, Anthropic
 * Messages, Responses, Gemini, embeddings, audio). Existing rows all came through chat completions.
 */
export class Migration20261125100000_usage_surface extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_logs" add column "surface" varchar(32) not null default 'chat';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "usage_logs" drop column "surface";`);
  }
}
