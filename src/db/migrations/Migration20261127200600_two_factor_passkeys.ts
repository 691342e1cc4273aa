import { Migration } from '@mikro-orm/migrations';

/**
 * Second factors and passkeys: the authenticator-app secret (sealed), single-use backup codes
 * (hashed), WebAuthn credentials (public keys), and the short-lived single-use challenges of the
 * sign-in and passkey ceremonies (src/domain/accounts/two-factor, src/domain/accounts/passkeys).
 */
export class Migration20261127200600_two_factor_passkeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "user_totp" ("user_id" int not null, "secret_ciphertext" text not null, "enabled_at" timestamptz null, "last_used_step" bigint null, "created_at" timestamptz not null, constraint "user_totp_pkey" primary key ("user_id"));`);
    this.addSql(`alter table "user_totp" add constraint "user_totp_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "backup_codes" ("id" serial primary key, "user_id" int not null, "code_hash" char(64) not null, "used_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create index "backup_codes_user_id_index" on "backup_codes" ("user_id");`);
    this.addSql(`alter table "backup_codes" add constraint "backup_codes_code_hash_unique" unique ("code_hash");`);
    this.addSql(`alter table "backup_codes" add constraint "backup_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);

    this.addSql(`create table "passkeys" ("id" serial primary key, "user_id" int not null, "credential_id" varchar(1024) not null, "public_key" text not null, "sign_count" bigint not null default 0, "transports" jsonb not null, "name" varchar(64) not null, "backed_up" boolean not null default false, "last_used_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create index "passkeys_user_id_index" on "passkeys" ("user_id");`);
    this.addSql(`alter table "passkeys" add constraint "passkeys_credential_id_unique" unique ("credential_id");`);
    this.addSql(`alter table "passkeys" add constraint "passkeys_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);

    this.addSql(`create table "auth_challenges" ("id" serial primary key, "token_hash" char(64) not null, "kind" text check ("kind" in ('SECOND_FACTOR', 'PASSKEY_REGISTRATION', 'PASSKEY_SIGN_IN')) not null, "user_id" int null, "challenge" text null, "failures" int not null default 0, "expires_at" timestamptz not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "auth_challenges" add constraint "auth_challenges_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "auth_challenges_user_id_index" on "auth_challenges" ("user_id");`);
    this.addSql(`create index "auth_challenges_expires_at_index" on "auth_challenges" ("expires_at");`);
    this.addSql(`alter table "auth_challenges" add constraint "auth_challenges_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "auth_challenges";`);
    this.addSql(`drop table if exists "passkeys";`);
    this.addSql(`drop table if exists "backup_codes";`);
    this.addSql(`drop table if exists "user_totp";`);
  }
}
