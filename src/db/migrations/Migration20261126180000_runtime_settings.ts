import { Migration } from '@mikro-orm/migrations';

/**
 * Runtime settings (one row per key, seeded from the environment at start-up when missing) and
 * e-mail verification: hashed single-use links, and when a user proved their address. Accounts
 * from before this migration are left unverified: they already hold their sign-up grant, and
 * only need to verify if an admin turns verification on (see README, "E-mail verification").
 */
export class Migration20261126180000_runtime_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "settings" ("key" varchar(64) not null, "value" text not null, "updated_by" int null, "updated_at" timestamptz not null, constraint "settings_pkey" primary key ("key"));`);
    this.addSql(`create table "email_verifications" ("id" serial primary key, "user_id" int not null, "token_hash" char(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create index "email_verifications_user_id_index" on "email_verifications" ("user_id");`);
    this.addSql(`alter table "email_verifications" add constraint "email_verifications_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "email_verifications" add constraint "email_verifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "users" add column "email_verified_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "email_verified_at";`);
    this.addSql(`drop table if exists "email_verifications" cascade;`);
    this.addSql(`drop table if exists "settings" cascade;`);
  }
}
