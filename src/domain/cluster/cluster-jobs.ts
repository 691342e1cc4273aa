import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../lib/logger';

/** A periodic job the cluster runs once per interval, wherever it runs. */
export interface ClusterJob {
  /** Its row in `cluster_job_leases` (64 characters at most). */
  name: string;
  /** How often the cluster as a whole runs it; 0 or less: never (by the timer). */
  intervalMs: number;
  run(): Promise<unknown>;
}

export interface ClusterJobsDeps {
  orm: MikroORM;
  /** Who holds a lease: this instance, as its logs and `gateway_instances` name it. */
  holder: string;
  logger: Logger;
  /**
   * The shortest lease (default 30 s): how long a job whose holder died mid-run waits before
   * another instance takes it. A live holder renews it every third of it, however long it runs.
   */
  minLeaseMs?: number;
}

const DEFAULT_MIN_LEASE_MS = 30_000;

/**
 * Periodic jobs run by one instance at a time, once per interval across the cluster.
 *
 * Coordination lives in PostgreSQL, which every deployment has (Redis is optional), so there is
 * one mechanism whatever is configured: a row per job in `cluster_job_leases`. An instance runs a
 * job when one conditional upsert moves the row's `lockedUntil` into the future, which it can only
 * do when no live instance holds it and the job last finished at least an interval ago; so N
 * instances neither run it at once nor N times per interval, and the vendors see the probes of one
 * cluster, not N. The lease is renewed while the job runs and dropped when it ends; a holder that
 * dies stops renewing, and the next instance whose timer ticks after the lease ran out picks the
 * job up (at most the lease, CLUSTER_JOB_LEASE_MS or twice the interval, plus a quarter interval later). A lease
 * row, not a session advisory lock: nothing holds a connection or a transaction open across a
 * job's calls to vendors or payment providers.
 */
export class ClusterJobs {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly runs = new Map<string, number>();

  constructor(private readonly deps: ClusterJobsDeps) {}

  /** How many times this instance has run the job (another instance's runs are not counted here). */
  ranHere(name: string): number {
    return this.runs.get(name) ?? 0;
  }

  /**
   * Runs the job here if it is free and due: true when it ran. `ignoreInterval` runs it even if
   * it finished less than an interval ago (an admin's "run now", tests); a live holder still wins.
   */
  async runIfDue(job: ClusterJob, options: { ignoreInterval?: boolean } = {}): Promise<boolean> {
    const leaseMs = Math.max(this.deps.minLeaseMs ?? DEFAULT_MIN_LEASE_MS, 2 * Math.max(0, job.intervalMs));
    if (!(await this.acquire(job, leaseMs, options.ignoreInterval === true))) return false;
    this.runs.set(job.name, this.ranHere(job.name) + 1);
    const renew = setInterval(() => void this.extend(job.name, leaseMs), Math.floor(leaseMs / 3));
    renew.unref();
    try {
      await job.run();
    } finally {
      clearInterval(renew);
      await this.release(job.name);
    }
    return true;
  }

  /**
   * Ticks every quarter interval (at least every second) and runs the job when it is due: one
   * cheap statement per tick per instance, and the cluster runs the job within a quarter interval
   * of its due time wherever the timers' phases fall.
   */
  schedule(job: ClusterJob): void {
    if (job.intervalMs <= 0 || this.timers.has(job.name)) return;
    // A job new to the cluster first runs an interval after the first instance scheduled it (as a
    // timer would), not at once: a fresh start does not probe vendors or providers straight away.
    void this.deps.orm.em
      .getConnection()
      .execute(`insert into cluster_job_leases (name, holder, locked_until, last_finished_at) values (?, '', now(), now()) on conflict (name) do nothing`, [job.name])
      .catch((error: unknown) => this.deps.logger.warn('could not record a periodic job', { job: job.name, error }));
    const timer = setInterval(() => {
      if (this.running.has(job.name)) return;
      const run = this.runIfDue(job)
        .catch((error: unknown) => this.deps.logger.error('periodic job failed', { job: job.name, error }))
        .finally(() => this.running.delete(job.name));
      this.running.set(job.name, run);
    }, Math.max(1_000, Math.floor(job.intervalMs / 4)));
    timer.unref();
    this.timers.set(job.name, timer);
  }

  /** Stops the timers and waits for the runs in progress (their leases are dropped as they end). */
  async stop(): Promise<void> {
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Counts a run of `name` across the cluster and answers its number (1, 2, ...): the health
   * probe's rounds, which a key's backoff is measured in whichever instance ran them.
   */
  async nextRun(name: string): Promise<number> {
    const rows = await this.deps.orm.em.getConnection().execute<{ runs: string | number }[]>(
      `insert into cluster_job_leases (name, holder, locked_until, runs) values (?, '', now(), 1)
       on conflict (name) do update set runs = cluster_job_leases.runs + 1
       returning runs`,
      [name],
    );
    return Number(rows[0]!.runs);
  }

  private async acquire(job: ClusterJob, leaseMs: number, ignoreInterval: boolean): Promise<boolean> {
    const rows = await this.deps.orm.em.getConnection().execute<{ name: string }[]>(
      `insert into cluster_job_leases (name, holder, locked_until) values (?, ?, now() + make_interval(secs => ?))
       on conflict (name) do update set holder = excluded.holder, locked_until = excluded.locked_until
        where cluster_job_leases.locked_until < now()
          and (? or cluster_job_leases.last_finished_at is null
               or cluster_job_leases.last_finished_at <= now() - make_interval(secs => ?))
       returning name`,
      [job.name, this.deps.holder, leaseMs / 1000, ignoreInterval, Math.max(0, job.intervalMs) / 1000],
    );
    return rows.length > 0;
  }

  private async extend(name: string, leaseMs: number): Promise<void> {
    await this.deps.orm.em
      .getConnection()
      .execute(`update cluster_job_leases set locked_until = now() + make_interval(secs => ?) where name = ? and holder = ?`, [leaseMs / 1000, name, this.deps.holder])
      .catch((error: unknown) => this.deps.logger.warn('could not renew a periodic job lease', { job: name, error }));
  }

  private async release(name: string): Promise<void> {
    await this.deps.orm.em
      .getConnection()
      .execute(`update cluster_job_leases set locked_until = now(), last_finished_at = now() where name = ? and holder = ?`, [name, this.deps.holder])
      .catch((error: unknown) => this.deps.logger.warn('could not release a periodic job lease', { job: name, error }));
  }
}
