import { Migration } from '@mikro-orm/migrations';

export class Migration20261122020248 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "channels" ("id" serial primary key, "name" varchar(128) not null, "protocol" text check ("protocol" in ('OPENAI', 'ANTHROPIC', 'GEMINI')) not null default 'OPENAI', "base_url" varchar(512) not null, "secret_ciphertext" text null, "secret_last4" varchar(4) null, "models" text[] not null default '{}', "model_mapping" jsonb not null default '{}', "groups" text[] not null default '{}', "priority" int not null default 0, "weight" int not null default 1, "status" text check ("status" in ('ENABLED', 'DISABLED_MANUAL', 'DISABLED_AUTO')) not null default 'ENABLED', "status_reason" text null, "first_byte_timeout_ms" int not null default 30000, "total_timeout_ms" int not null default 300000, "last_test_at" timestamptz null, "last_test_ok" boolean null, "last_test_latency_ms" int null, "last_test_error" text null, "last_error_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint channels_weight_check check (weight >= 0));`);

    this.addSql(`create table "groups" ("id" serial primary key, "name" varchar(64) not null, "description" text not null default '', "open" boolean not null default false, "price_multiplier" numeric(10,4) not null default '1', "permits_all_models" boolean not null default true, "permitted_tiers" text[] not null default '{}', "permitted_vendors" text[] not null default '{}', "permitted_models" text[] not null default '{}', "auto_order" int not null default 100, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "groups" add constraint "groups_name_unique" unique ("name");`);

    this.addSql(`create table "packages" ("id" serial primary key, "name" varchar(128) not null, "description" text not null default '', "price_minor" int not null, "currency" char(3) not null default 'CNY', "duration_days" int not null, "quota_per_period" bigint not null, "unlocks_tiers" text[] not null default '{SVIP}', "status" text check ("status" in ('ACTIVE', 'ARCHIVED')) not null default 'ACTIVE', "sort_order" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint packages_price_minor_check check (price_minor >= 0));`);
    this.addSql(`alter table "packages" add constraint "packages_name_unique" unique ("name");`);

    this.addSql(`create table "quota_reservations" ("request_id" varchar(64) not null, "user_id" int not null, "token_id" int null, "bucket" text check ("bucket" in ('FREE', 'SUBSCRIPTION')) not null, "subscription_id" int null, "amount" bigint not null, "created_at" timestamptz not null, constraint "quota_reservations_pkey" primary key ("request_id"));`);
    this.addSql(`create index "quota_reservations_created_at_index" on "quota_reservations" ("created_at");`);

    this.addSql(`create table "usage_logs" ("id" bigserial primary key, "request_id" varchar(64) not null, "user_id" int null, "token_id" int null, "group_name" varchar(64) null, "model_id" varchar(128) null, "attempts" jsonb not null default '[]', "channel_id" int null, "stream" boolean not null default false, "prompt_tokens" int not null default 0, "completion_tokens" int not null default 0, "cached_tokens" int not null default 0, "audio_ms" int not null default 0, "cost" bigint not null default 0, "bucket" text check ("bucket" in ('FREE', 'SUBSCRIPTION')) null, "subscription_id" int null, "outcome" text check ("outcome" in ('SUCCESS', 'CLIENT_ABORTED', 'UPSTREAM_FAILED_MID_STREAM', 'REJECTED', 'UPSTREAM_ERROR', 'UPSTREAM_TIMEOUT', 'NO_CHANNEL')) not null, "http_status" int not null, "error_code" varchar(64) null, "latency_ms" int not null default 0, "ttft_ms" int null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "usage_logs" add constraint "usage_logs_request_id_unique" unique ("request_id");`);
    this.addSql(`create index "usage_logs_user_id_created_at_index" on "usage_logs" ("user_id", "created_at");`);
    this.addSql(`create index "usage_logs_token_id_created_at_index" on "usage_logs" ("token_id", "created_at");`);
    this.addSql(`create index "usage_logs_created_at_index" on "usage_logs" ("created_at");`);

    this.addSql(`create table "users" ("id" serial primary key, "email" varchar(320) not null, "password_hash" varchar(255) not null, "role" text check ("role" in ('USER', 'ADMIN')) not null default 'USER', "status" text check ("status" in ('ACTIVE', 'DISABLED')) not null default 'ACTIVE', "timezone" varchar(64) null, "free_quota" bigint not null default 0, "free_reserved" bigint not null default 0, "failed_logins" int not null default 0, "login_locked_until" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint users_free_quota_check check (free_quota >= 0), constraint users_free_reserved_check check (free_reserved >= 0));`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "tokens" ("id" serial primary key, "user_id" int not null, "group_id" int not null, "name" varchar(128) not null, "key_hash" char(64) not null, "display_prefix" varchar(24) not null, "status" text check ("status" in ('ACTIVE', 'DISABLED', 'REVOKED')) not null default 'ACTIVE', "expires_at" timestamptz null, "quota_cap" bigint null, "used_quota" bigint not null default 0, "reserved_quota" bigint not null default 0, "allowed_models" text[] null, "allowed_ips" text[] null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint tokens_reserved_quota_check check (reserved_quota >= 0));`);
    this.addSql(`create index "tokens_group_id_index" on "tokens" ("group_id");`);
    this.addSql(`alter table "tokens" add constraint "tokens_key_hash_unique" unique ("key_hash");`);
    this.addSql(`create index "tokens_user_id_created_at_index" on "tokens" ("user_id", "created_at");`);

    this.addSql(`create table "subscriptions" ("id" serial primary key, "user_id" int not null, "package_id" int not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, "quota_total" bigint not null default 0, "quota_used" bigint not null default 0, "quota_reserved" bigint not null default 0, "unlocks_tiers" text[] not null default '{SVIP}', "status" text check ("status" in ('ACTIVE', 'EXPIRED', 'CANCELLED')) not null default 'ACTIVE', "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint subscriptions_quota_reserved_check check (quota_reserved >= 0));`);
    this.addSql(`create index "subscriptions_user_id_ends_at_index" on "subscriptions" ("user_id", "ends_at");`);

    this.addSql(`create table "sessions" ("id" serial primary key, "token_hash" char(64) not null, "user_id" int not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, "last_used_at" timestamptz null);`);
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);

    this.addSql(`create table "redemption_codes" ("id" serial primary key, "code_hash" char(64) not null, "display_prefix" varchar(24) not null, "kind" text check ("kind" in ('QUOTA', 'PACKAGE')) not null, "quota_amount" bigint null, "package_id" int null, "max_uses" int not null default 1, "used_count" int not null default 0, "expires_at" timestamptz null, "status" text check ("status" in ('ACTIVE', 'DISABLED')) not null default 'ACTIVE', "memo" text not null default '', "created_by_id" int null, "created_at" timestamptz not null, constraint redemption_codes_max_uses_check check (max_uses >= 1), constraint redemption_codes_used_count_check check (used_count >= 0), constraint redemption_codes_uses_within_max check (used_count <= max_uses));`);
    this.addSql(`alter table "redemption_codes" add constraint "redemption_codes_code_hash_unique" unique ("code_hash");`);

    this.addSql(`create table "redemption_uses" ("id" serial primary key, "code_id" int not null, "user_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "redemption_uses_user_id_index" on "redemption_uses" ("user_id");`);
    this.addSql(`alter table "redemption_uses" add constraint "redemption_uses_code_id_user_id_unique" unique ("code_id", "user_id");`);

    this.addSql(`create table "orders" ("id" serial primary key, "user_id" int not null, "package_id" int not null, "amount_minor" int not null, "currency" char(3) not null, "status" text check ("status" in ('PENDING', 'PAID', 'CANCELLED', 'REFUNDED')) not null default 'PENDING', "provider" varchar(64) null, "provider_ref" varchar(255) null, "subscription_id" int null, "paid_at" timestamptz null, "cancelled_at" timestamptz null, "refunded_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "orders_user_id_created_at_index" on "orders" ("user_id", "created_at");`);
    this.addSql(`alter table "orders" add constraint "orders_provider_provider_ref_unique" unique ("provider", "provider_ref");`);

    this.addSql(`create table "payment_events" ("id" serial primary key, "provider" varchar(64) not null, "event_id" varchar(255) not null, "order_id" int null, "received_at" timestamptz not null);`);
    this.addSql(`alter table "payment_events" add constraint "payment_events_provider_event_id_unique" unique ("provider", "event_id");`);

    this.addSql(`create table "ledger_entries" ("id" bigserial primary key, "user_id" int not null, "bucket" text check ("bucket" in ('FREE', 'SUBSCRIPTION')) not null, "subscription_id" int null, "amount" bigint not null, "balance_after" bigint not null, "kind" text check ("kind" in ('SIGNUP_GRANT', 'CHECK_IN', 'REDEMPTION', 'PURCHASE', 'ADMIN_ADJUSTMENT', 'USAGE_CHARGE', 'REFUND')) not null, "request_id" varchar(64) null, "reference" varchar(128) null, "memo" text null, "actor_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "ledger_entries_user_id_created_at_index" on "ledger_entries" ("user_id", "created_at");`);
    this.addSql(`create index "ledger_entries_subscription_id_index" on "ledger_entries" ("subscription_id");`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_request_kind_unique" unique ("request_id", "kind");`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_reference_unique" unique ("kind", "reference");`);

    this.addSql(`create table "group_members" ("id" serial primary key, "group_id" int not null, "user_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "group_members_user_id_index" on "group_members" ("user_id");`);
    this.addSql(`alter table "group_members" add constraint "group_members_group_id_user_id_unique" unique ("group_id", "user_id");`);

    this.addSql(`create table "check_ins" ("id" serial primary key, "user_id" int not null, "day" date not null, "amount" bigint not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "check_ins" add constraint "check_ins_user_id_day_unique" unique ("user_id", "day");`);

    this.addSql(`create table "vendors" ("id" serial primary key, "name" varchar(64) not null, "slug" varchar(64) not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "vendors" add constraint "vendors_name_unique" unique ("name");`);
    this.addSql(`alter table "vendors" add constraint "vendors_slug_unique" unique ("slug");`);

    this.addSql(`create table "catalogue_models" ("id" serial primary key, "model_id" varchar(128) not null, "vendor_id" int not null, "series" varchar(64) not null, "type" text check ("type" in ('CHAT', 'REASONING', 'SPEECH_TO_TEXT')) not null, "tier" text check ("tier" in ('FREE', 'SVIP')) not null, "input_price" bigint not null default 0, "output_price" bigint not null default 0, "cache_read_price" bigint null, "cache_write_price" bigint null, "request_price" bigint not null default 0, "audio_minute_price" bigint not null default 0, "context_length" int not null default 0, "max_output_tokens" int not null default 4096, "status" text check ("status" in ('ACTIVE', 'DEPRECATED', 'HIDDEN')) not null default 'ACTIVE', "description" text not null default '', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "catalogue_models" add constraint "catalogue_models_model_id_unique" unique ("model_id");`);
    this.addSql(`create index "catalogue_models_vendor_id_index" on "catalogue_models" ("vendor_id");`);

    this.addSql(`alter table "tokens" add constraint "tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "tokens" add constraint "tokens_group_id_foreign" foreign key ("group_id") references "groups" ("id") on update cascade;`);

    this.addSql(`alter table "subscriptions" add constraint "subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "subscriptions" add constraint "subscriptions_package_id_foreign" foreign key ("package_id") references "packages" ("id") on update cascade;`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);

    this.addSql(`alter table "redemption_codes" add constraint "redemption_codes_package_id_foreign" foreign key ("package_id") references "packages" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "redemption_codes" add constraint "redemption_codes_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "redemption_uses" add constraint "redemption_uses_code_id_foreign" foreign key ("code_id") references "redemption_codes" ("id") on update cascade;`);
    this.addSql(`alter table "redemption_uses" add constraint "redemption_uses_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);

    this.addSql(`alter table "orders" add constraint "orders_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "orders" add constraint "orders_package_id_foreign" foreign key ("package_id") references "packages" ("id") on update cascade;`);
    this.addSql(`alter table "orders" add constraint "orders_subscription_id_foreign" foreign key ("subscription_id") references "subscriptions" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "payment_events" add constraint "payment_events_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_subscription_id_foreign" foreign key ("subscription_id") references "subscriptions" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "group_members" add constraint "group_members_group_id_foreign" foreign key ("group_id") references "groups" ("id") on update cascade;`);
    this.addSql(`alter table "group_members" add constraint "group_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);

    this.addSql(`alter table "check_ins" add constraint "check_ins_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);

    this.addSql(`alter table "catalogue_models" add constraint "catalogue_models_vendor_id_foreign" foreign key ("vendor_id") references "vendors" ("id") on update cascade;`);
  }

}
