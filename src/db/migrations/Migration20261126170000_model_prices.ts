import { Migration } from '@mikro-orm/migrations';

/**
 * Model prices become versions with an effective time (`model_prices`), so a price change never
 * rewrites what past requests were charged at (usage rows and ledger rows keep the amount) and a
 * change can be scheduled. Each model's current prices become its first version, effective from
 * the model's creation; the price columns leave `catalogue_models` (one source of truth).
 */
export class Migration20261126170000_model_prices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "model_prices" ("id" serial primary key, "model_id" int not null, "effective_at" timestamptz not null, "input_price" bigint not null default 0, "output_price" bigint not null default 0, "cache_read_price" bigint null, "cache_write_price" bigint null, "request_price" bigint not null default 0, "audio_minute_price" bigint not null default 0, "kind" text check ("kind" in ('INITIAL', 'SET', 'VENDOR_DISCOUNT')) not null, "memo" text not null default '', "created_by" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "model_prices_model_id_effective_at_index" on "model_prices" ("model_id", "effective_at");`);
    this.addSql(`alter table "model_prices" add constraint "model_prices_model_id_foreign" foreign key ("model_id") references "catalogue_models" ("id") on update cascade;`);
    this.addSql(`insert into "model_prices" ("model_id", "effective_at", "input_price", "output_price", "cache_read_price", "cache_write_price", "request_price", "audio_minute_price", "kind", "memo", "created_at")
                 select "id", "created_at", "input_price", "output_price", "cache_read_price", "cache_write_price", "request_price", "audio_minute_price", 'INITIAL', 'price before price history', now()
                   from "catalogue_models";`);
    this.addSql(`alter table "catalogue_models" drop column "input_price", drop column "output_price", drop column "cache_read_price", drop column "cache_write_price", drop column "request_price", drop column "audio_minute_price";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalogue_models" add column "input_price" bigint not null default 0, add column "output_price" bigint not null default 0, add column "cache_read_price" bigint null, add column "cache_write_price" bigint null, add column "request_price" bigint not null default 0, add column "audio_minute_price" bigint not null default 0;`);
    this.addSql(`update "catalogue_models" m set "input_price" = p."input_price", "output_price" = p."output_price", "cache_read_price" = p."cache_read_price",
                        "cache_write_price" = p."cache_write_price", "request_price" = p."request_price", "audio_minute_price" = p."audio_minute_price"
                   from (select distinct on ("model_id") * from "model_prices" where "effective_at" <= now() order by "model_id", "effective_at" desc, "id" desc) p
                  where p."model_id" = m."id";`);
    this.addSql(`drop table if exists "model_prices" cascade;`);
  }
}
