import { Migration } from '@mikro-orm/migrations';

/**
 * Price kinds of rerank and realtime voice: per search unit (Cohere-style rerank), and per 1M
 * audio tokens in and out beside the text token prices (realtime sessions, audio chat models).
 * Null audio prices fall back to the text prices, so existing versions price as before.
 */
export class Migration20261127200400_rerank_realtime_prices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "model_prices" add column "search_unit_price" bigint not null default 0, add column "audio_input_price" bigint null, add column "audio_output_price" bigint null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "model_prices" drop column "search_unit_price", drop column "audio_input_price", drop column "audio_output_price";`);
  }
}
