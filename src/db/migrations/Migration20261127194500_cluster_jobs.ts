import { Migration } from '@mikro-orm/migrations';

/**
 * Periodic jobs run once across the cluster, not once per instance: the payment reconciler's
 * lease table becomes every job's (`cluster_job_leases`), with when each job last finished (so N
 * instances' timers together run it once per interval) and how many runs it has had (the health
 * probe counts its rounds there). The key probe backoff moves from each process's memory onto the
 * key's row, so whichever instance runs the next round knows how long a refused key has waited.
 */
export class Migration20261127194500_cluster_jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payment_job_leases" rename to "cluster_job_leases";`);
    this.addSql(`alter table "cluster_job_leases" rename constraint "payment_job_leases_pkey" to "cluster_job_leases_pkey";`);
    this.addSql(`alter table "cluster_job_leases" add column "last_finished_at" timestamptz null, add column "runs" bigint not null default 0;`);
    this.addSql(`alter table "channel_keys" add column "probe_refusals" int not null default 0, add column "probe_round" bigint null, add column "probe_disabled_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "channel_keys" drop column "probe_refusals", drop column "probe_round", drop column "probe_disabled_at";`);
    this.addSql(`alter table "cluster_job_leases" drop column "last_finished_at", drop column "runs";`);
    this.addSql(`alter table "cluster_job_leases" rename constraint "cluster_job_leases_pkey" to "payment_job_leases_pkey";`);
    this.addSql(`alter table "cluster_job_leases" rename to "payment_job_leases";`);
  }
}
