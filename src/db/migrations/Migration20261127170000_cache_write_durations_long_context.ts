import { Migration } from '@mikro-orm/migrations';

/**
 * Price versions gain a 1-hour cache-write price (Anthropic prices it at 2x input, the 5-minute
 * write at 1.25x) and an optional long-context tier: a second price set applied to a whole request
 * whose prompt is above a threshold. A tier is all or nothing: with a threshold, its input and
 * output prices are set. Existing versions keep meaning what they meant (no 1-hour price, no tier).
 */
export class Migration20261127170000_cache_write_durations_long_context extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "model_prices" add column "cache_write_1h_price" bigint null, add column "long_context_threshold" int null, add column "long_input_price" bigint null, add column "long_output_price" bigint null, add column "long_cache_read_price" bigint null, add column "long_cache_write_price" bigint null, add column "long_cache_write_1h_price" bigint null;`);
    this.addSql(`alter table "model_prices" add constraint "model_prices_long_context_check" check ("long_context_threshold" is null or ("long_context_threshold" > 0 and "long_input_price" is not null and "long_output_price" is not null));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "model_prices" drop constraint "model_prices_long_context_check";`);
    this.addSql(`alter table "model_prices" drop column "cache_write_1h_price", drop column "long_context_threshold", drop column "long_input_price", drop column "long_output_price", drop column "long_cache_read_price", drop column "long_cache_write_price", drop column "long_cache_write_1h_price";`);
  }
}
