import { Migration } from '@mikro-orm/migrations';

/**
 * Brings channel_keys in line with its entity (what `schema:update` would generate): the foreign
 * key under MikroORM's name, no database default for created_at (the entity sets it), and no GIN
 * index on channels.tags (a tag filter over a few thousand channels does not need one).
 */
export class Migration20261125170000_channel_keys_align extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "channel_keys" drop constraint "channel_keys_channel_id_fkey";`);
    this.addSql(`alter table "channel_keys" add constraint "channel_keys_channel_id_foreign" foreign key ("channel_id") references "channels" ("id") on update cascade;`);
    this.addSql(`alter table "channel_keys" alter column "created_at" drop default;`);
    this.addSql(`drop index if exists "channels_tags_index";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "channel_keys" alter column "created_at" set default now();`);
    this.addSql(`alter table "channel_keys" drop constraint "channel_keys_channel_id_foreign";`);
    this.addSql(`alter table "channel_keys" add constraint "channel_keys_channel_id_fkey" foreign key ("channel_id") references "channels" ("id") on update cascade on delete cascade;`);
  }
}
