import { Migration } from '@mikro-orm/migrations';

/**
 * Channels with many upstream keys (issue 17), tags for bulk edits, and soft deletion.
 * Every channel that had a sealed secret gets it as its single key, so routing is unchanged;
 * the two secret columns on `channels` go away (one place holds keys). A channel with no key
 * at all stays keyless (a local upstream that needs none).
 */
export class Migration20261125170000_channel_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "channel_keys" (
      "id" serial primary key,
      "channel_id" int not null references "channels" ("id") on update cascade on delete cascade,
      "secret_ciphertext" text not null,
      "last4" varchar(4) not null,
      "status" text check ("status" in ('ENABLED', 'DISABLED_AUTO', 'DISABLED_MANUAL')) not null default 'ENABLED',
      "disabled_reason" text null,
      "disabled_at" timestamptz null,
      "last_error" text null,
      "last_error_at" timestamptz null,
      "used_count" bigint not null default 0,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "channel_keys_channel_id_index" on "channel_keys" ("channel_id");`);
    this.addSql(`insert into "channel_keys" ("channel_id", "secret_ciphertext", "last4", "created_at")
                 select "id", "secret_ciphertext", coalesce("secret_last4", ''), "created_at" from "channels" where "secret_ciphertext" is not null;`);
    this.addSql(`alter table "channels" drop column "secret_ciphertext", drop column "secret_last4";`);
    this.addSql(`alter table "channels" add column "tags" text[] not null default '{}', add column "deleted_at" timestamptz null;`);
    this.addSql(`create index "channels_tags_index" on "channels" using gin ("tags");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "channels" add column "secret_ciphertext" text null, add column "secret_last4" varchar(4) null;`);
    this.addSql(`update "channels" c set "secret_ciphertext" = k."secret_ciphertext", "secret_last4" = k."last4"
                   from (select distinct on ("channel_id") * from "channel_keys" order by "channel_id", "id") k where k."channel_id" = c."id";`);
    this.addSql(`drop table "channel_keys";`);
    this.addSql(`drop index "channels_tags_index";`);
    this.addSql(`alter table "channels" drop column "tags", drop column "deleted_at";`);
  }
}
