import { Migration } from '@mikro-orm/migrations';

/**
 * What a request cost the operator upstream, beside what the user was charged:
 * - channels.cost_multiplier: the channel's cost basis as a factor of the catalogue price (a
 *   reseller's discount, e.g. 0.3); null: the catalogue price itself (factor 1);
 * - channel_prices: a channel's own price list per catalogue model, effective-dated like
 *   model_prices and with the same price kinds; a model listed here is priced by its list, not
 *   by the multiplier;
 * - usage_logs.upstream_cost: the upstream cost of the request (0 when no upstream billed it);
 * - groups.routing_policy: PRIORITY (as before), CHEAPEST or BALANCED (src/domain/routing).
 */
export class Migration20261127200800_channel_cost_basis extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "channels" add column "cost_multiplier" numeric(10,4) null;`);
    this.addSql(`alter table "channels" add constraint "channels_cost_multiplier_check" check (cost_multiplier is null or cost_multiplier >= 0);`);
    this.addSql(`create table "channel_prices" ("id" serial primary key, "channel_id" int not null, "model_id" varchar(128) not null, "effective_at" timestamptz not null, "input_price" bigint not null default 0, "output_price" bigint not null default 0, "cache_read_price" bigint null, "cache_write_price" bigint null, "cache_write_1h_price" bigint null, "request_price" bigint not null default 0, "audio_minute_price" bigint not null default 0, "long_context_threshold" int null, "long_input_price" bigint null, "long_output_price" bigint null, "long_cache_read_price" bigint null, "long_cache_write_price" bigint null, "long_cache_write_1h_price" bigint null, "memo" text not null default '', "created_by" int null, "created_at" timestamptz not null, constraint channel_prices_long_context_check check (long_context_threshold is null or (long_context_threshold > 0 and long_input_price is not null and long_output_price is not null)));`);
    this.addSql(`create index "channel_prices_channel_id_model_id_effective_at_index" on "channel_prices" ("channel_id", "model_id", "effective_at");`);
    this.addSql(`alter table "channel_prices" add constraint "channel_prices_channel_id_foreign" foreign key ("channel_id") references "channels" ("id") on update cascade;`);
    this.addSql(`alter table "usage_logs" add column "upstream_cost" bigint not null default 0;`);
    this.addSql(`alter table "groups" add column "routing_policy" text check ("routing_policy" in ('PRIORITY', 'CHEAPEST', 'BALANCED')) not null default 'PRIORITY';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "groups" drop column "routing_policy";`);
    this.addSql(`alter table "usage_logs" drop column "upstream_cost";`);
    this.addSql(`drop table if exists "channel_prices" cascade;`);
    this.addSql(`alter table "channels" drop constraint "channels_cost_multiplier_check";`);
    this.addSql(`alter table "channels" drop column "cost_multiplier";`);
  }
}
