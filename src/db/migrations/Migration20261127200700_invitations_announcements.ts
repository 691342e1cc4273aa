import { Migration } from '@mikro-orm/migrations';

const OLD_KINDS = `'SIGNUP_GRANT', 'CHECK_IN', 'REDEMPTION', 'PURCHASE', 'ADMIN_ADJUSTMENT', 'USAGE_CHARGE', 'REFUND'`;
const NEW_KINDS = `${OLD_KINDS}, 'INVITE_REWARD', 'INVITE_COMMISSION', 'INVITE_COMMISSION_REVERSAL'`;

/**
 * Invitations: each user's own code (given out lazily, so accounts from before this migration
 * get theirs the first time they look) and who invited whom; the ledger kinds of the rewards an
 * inviter earns. Announcements: notices admins publish for a time window.
 */
export class Migration20261127200700_invitations_announcements extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "invite_code" varchar(16) null, add column "invited_by_id" int null;`);
    this.addSql(`alter table "users" add constraint "users_invite_code_unique" unique ("invite_code");`);
    this.addSql(`alter table "users" add constraint "users_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "users_invited_by_id_index" on "users" ("invited_by_id");`);

    this.addSql(`alter table "ledger_entries" drop constraint if exists "ledger_entries_kind_check";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in (${NEW_KINDS}));`);

    this.addSql(`create table "announcements" ("id" serial primary key, "title" varchar(200) not null, "body" text not null, "starts_at" timestamptz not null, "expires_at" timestamptz null, "created_by_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "announcements_starts_at_expires_at_index" on "announcements" ("starts_at", "expires_at");`);
    this.addSql(`alter table "announcements" add constraint "announcements_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "announcements" cascade;`);
    this.addSql(`delete from "ledger_entries" where "kind" in ('INVITE_REWARD', 'INVITE_COMMISSION', 'INVITE_COMMISSION_REVERSAL');`);
    this.addSql(`alter table "ledger_entries" drop constraint if exists "ledger_entries_kind_check";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in (${OLD_KINDS}));`);
    this.addSql(`drop index if exists "users_invited_by_id_index";`);
    this.addSql(`alter table "users" drop constraint if exists "users_invited_by_id_foreign";`);
    this.addSql(`alter table "users" drop constraint if exists "users_invite_code_unique";`);
    this.addSql(`alter table "users" drop column "invite_code", drop column "invited_by_id";`);
  }
}
