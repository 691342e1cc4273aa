import { Migration } from '@mikro-orm/migrations';

/**
 * Prices and usage units of images and speech synthesis: a per-model image table (per image by
 * size and quality, with each one's most output tokens), image input tokens and characters of
 * speech input on price versions; images delivered and characters spoken on usage rows.
 */
export class Migration20261127200300_media_prices_and_units extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "model_prices" add column "image_prices" jsonb not null default '[]', add column "image_input_price" bigint not null default 0, add column "character_price" bigint not null default 0;`);
    this.addSql(`alter table "usage_logs" add column "images" int not null default 0, add column "characters" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "usage_logs" drop column "images", drop column "characters";`);
    this.addSql(`alter table "model_prices" drop column "image_prices", drop column "image_input_price", drop column "character_price";`);
  }
}
