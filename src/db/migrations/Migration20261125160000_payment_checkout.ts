import { Migration } from '@mikro-orm/migrations';

/**
 * Real checkout (Stripe, epay): what an order needs to be paid at a provider and reconciled.
 * - payment_method: the provider's method (`alipay`, `wxpay`, `card`), shown to the user.
 * - payment_ref: the provider's id of the money movement (Stripe PaymentIntent, epay trade_no),
 *   set when paid; refunds and `charge.refunded` map back to the order through it.
 * - checkout_url / qr_code: where the user pays; kept so the console can show them again.
 * - expires_at: after it an unpaid order is CANCELLED with cancel_reason EXPIRED (orders made
 *   before this migration have none and never expire).
 * - cancel_reason: EXPIRED orders may still be paid by a late provider payment (the user paid);
 *   an order cancelled by an admin or by the provider may not.
 * payment_job_leases: a row per periodic job; whoever moves locked_until into the future runs it,
 * so the reconciliation runs on one instance at a time without holding a transaction open.
 */
export class Migration20261125160000_payment_checkout extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "payment_method" varchar(32) null, add column "payment_ref" varchar(255) null,
      add column "checkout_url" text null, add column "qr_code" text null, add column "expires_at" timestamptz null,
      add column "cancel_reason" text check ("cancel_reason" in ('EXPIRED', 'ADMIN', 'CHECKOUT_FAILED')) null;`);
    this.addSql(`create index "orders_payment_ref_index" on "orders" ("payment_ref");`);
    this.addSql(`create index "orders_status_created_at_index" on "orders" ("status", "created_at");`);
    this.addSql(`create table "payment_job_leases" ("name" varchar(64) primary key, "holder" varchar(64) not null, "locked_until" timestamptz not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "payment_job_leases";`);
    this.addSql(`drop index "orders_status_created_at_index";`);
    this.addSql(`drop index "orders_payment_ref_index";`);
    this.addSql(`alter table "orders" drop column "payment_method", drop column "payment_ref", drop column "checkout_url",
      drop column "qr_code", drop column "expires_at", drop column "cancel_reason";`);
  }
}
