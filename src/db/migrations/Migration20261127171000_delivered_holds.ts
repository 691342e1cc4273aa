import { Migration } from '@mikro-orm/migrations';

/**
 * delivered_holds: requests that have delivered output and not been settled yet, with their hold,
 * written in batches by the process serving them (src/domain/billing/delivery-markers.ts). They
 * replace the delivery markers of the instance-local charge journal, which no other instance
 * could read: a process killed and never restarted left its delivered streams to be released at 0.
 * Any surviving instance now charges a dead instance's markers at their hold.
 */
export class Migration20261127171000_delivered_holds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "delivered_holds" ("request_id" varchar(64) not null, "instance_id" varchar(64) not null, "lease_id" varchar(64) null, "user_id" int not null, "token_id" int null, "bucket" text check ("bucket" in ('FREE', 'SUBSCRIPTION')) not null, "subscription_id" int null, "amount" bigint not null, "created_at" timestamptz not null, constraint "delivered_holds_pkey" primary key ("request_id"));`);
    this.addSql(`create index "delivered_holds_instance_id_index" on "delivered_holds" ("instance_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "delivered_holds";`);
  }
}
