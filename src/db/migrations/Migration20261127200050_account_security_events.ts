import { Migration } from '@mikro-orm/migrations';

/**
 * account_security_events: every change of how someone signs in (a second factor, a passkey, a
 * linked provider), with the address it came from, shown to the account's owner
 * (src/domain/accounts/security-events.ts).
 */
export class Migration20261127200050_account_security_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "account_security_events" ("id" serial primary key, "user_id" int not null, "kind" text not null, "detail" jsonb not null, "ip" text null, "created_at" timestamptz not null);`);
    this.addSql(`create index "account_security_events_user_id_created_at_index" on "account_security_events" ("user_id", "created_at");`);
    this.addSql(`alter table "account_security_events" add constraint "account_security_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "account_security_events";`);
  }
}
