import { Migration } from '@mikro-orm/migrations';

/**
 * Per-channel request overrides (body fields by JSON pointer, headers), and the audit of channel
 * changes: who changed which settings of a channel and when, with their values before and after.
 */
export class Migration20261127200900_channel_overrides extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "channels" add column if not exists "overrides" jsonb not null default '[]';`);
    this.addSql(`create table if not exists "channel_changes" ("id" bigserial primary key, "channel_id" int not null, "actor_id" int null, "fields" text[] not null, "before" jsonb not null default '{}', "after" jsonb not null default '{}', "created_at" timestamptz not null);`);
    this.addSql(`create index if not exists "channel_changes_channel_id_created_at_index" on "channel_changes" ("channel_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "channel_changes";`);
    this.addSql(`alter table "channels" drop column "overrides";`);
  }
}
