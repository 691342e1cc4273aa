import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in with OAuth 2.0 / OpenID Connect providers:
 * - sign_in_providers: what the operator configured (environment seeds, admins edit); the client
 *   secret is sealed like channel keys, bound to the provider's row.
 * - user_identities: a user's account at a provider (provider + the provider's subject), one per
 *   provider and user.
 * - oauth_flows: the state, nonce and PKCE verifier of a sign-in in progress, single use and
 *   short-lived; after the callback the same row carries the one-time hand-off code the console
 *   exchanges for a session.
 * - users.password_hash becomes optional: an account created by a provider has no password.
 */
export class Migration20261127200500_sign_in_providers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "sign_in_providers" ("id" serial primary key, "slug" varchar(32) not null, "kind" text check ("kind" in ('OIDC', 'GITHUB', 'OAUTH2')) not null, "display_name" varchar(64) not null, "enabled" boolean not null default true, "client_id" varchar(255) not null, "client_secret_sealed" text null, "options" jsonb not null default '{}', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "sign_in_providers" add constraint "sign_in_providers_slug_unique" unique ("slug");`);

    this.addSql(`create table "user_identities" ("id" serial primary key, "user_id" int not null, "provider_id" int not null, "subject" varchar(255) not null, "email" varchar(320) null, "created_at" timestamptz not null, "last_used_at" timestamptz null, constraint "user_identities_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "user_identities_provider_id_foreign" foreign key ("provider_id") references "sign_in_providers" ("id") on update cascade);`);
    this.addSql(`alter table "user_identities" add constraint "user_identities_provider_id_subject_unique" unique ("provider_id", "subject");`);
    this.addSql(`alter table "user_identities" add constraint "user_identities_user_id_provider_id_unique" unique ("user_id", "provider_id");`);

    this.addSql(`create table "oauth_flows" ("id" serial primary key, "state_hash" char(64) not null, "provider_id" int not null, "purpose" text check ("purpose" in ('SIGN_IN', 'LINK')) not null, "user_id" int null, "browser_binding_hash" char(64) null, "nonce" varchar(128) not null, "code_verifier" varchar(128) not null, "handoff_hash" char(64) null, "result_user_id" int null, "expires_at" timestamptz not null, "created_at" timestamptz not null, constraint "oauth_flows_provider_id_foreign" foreign key ("provider_id") references "sign_in_providers" ("id") on update cascade on delete cascade);`);
    this.addSql(`alter table "oauth_flows" add constraint "oauth_flows_state_hash_unique" unique ("state_hash");`);
    this.addSql(`create unique index "oauth_flows_handoff_hash_unique" on "oauth_flows" ("handoff_hash") where "handoff_hash" is not null;`);
    this.addSql(`create index "oauth_flows_expires_at_index" on "oauth_flows" ("expires_at");`);

    this.addSql(`alter table "users" alter column "password_hash" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "oauth_flows";`);
    this.addSql(`drop table if exists "user_identities";`);
    this.addSql(`drop table if exists "sign_in_providers";`);
    this.addSql(`update "users" set "password_hash" = '!' where "password_hash" is null;`);
    this.addSql(`alter table "users" alter column "password_hash" set not null;`);
  }
}
