import { Migration } from '@mikro-orm/migrations';

/**
 * account_security_events: every change of how a user signs in (a provider linked or unlinked, a
 * second factor or passkey added or removed), with who, what, when and from which address, so the
 * user can see it on the Account page (src/domain/accounts/security-events.ts).
 */
export class Migration20261127200050_account_security_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "account_security_events" ("id" serial primary key, "user_id" int not null, "kind" text not null, "detail" jsonb not null default '{}', "ip" text null, "created_at" timestamptz not null, constraint "account_security_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`);
    this.addSql(`create index if not exists "account_security_events_user_id_created_at_index" on "account_security_events" ("user_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "account_security_events";`);
  }
}
