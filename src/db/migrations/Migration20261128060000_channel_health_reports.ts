import { Migration } from '@mikro-orm/migrations';

/**
 * The channel health view becomes the cluster's: each gateway instance writes what it has seen of
 * each channel (breaker, counts since it started) to a row of its own, and the view adds up the
 * rows of the live instances.
 */
export class Migration20261128060000_channel_health_reports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "channel_health_reports" ("instance_id" varchar(64) not null, "channel_id" int not null, "state" varchar(16) not null, "consecutive_failures" int not null, "successes" bigint not null, "failures" bigint not null, "recent_requests" int not null, "recent_failures" int not null, "last_error" text null, "last_error_at" timestamptz null, "open_until" timestamptz null, "reported_at" timestamptz not null, constraint "channel_health_reports_pkey" primary key ("instance_id", "channel_id"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "channel_health_reports" cascade;`);
  }
}
