import { Migration } from '@mikro-orm/migrations';

/**
 * A channel's own price list takes every price kind the catalogue has, so images, speech,
 * rerank and realtime usage can be costed by it: per image by size and quality, image input
 * tokens, characters of speech input, search units, and audio tokens in and out.
 */
export class Migration20261128030000_channel_media_prices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "channel_prices" add column "search_unit_price" bigint not null default 0, add column "audio_input_price" bigint null, add column "audio_output_price" bigint null, add column "image_prices" jsonb not null default '[]', add column "image_input_price" bigint not null default 0, add column "character_price" bigint not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "channel_prices" drop column "search_unit_price", drop column "audio_input_price", drop column "audio_output_price", drop column "image_prices", drop column "image_input_price", drop column "character_price";`);
  }
}
