import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { SqlRunner } from '../../db/sql-runner';
import type { Logger } from '../../lib/logger';
import { processAlive } from '../../lib/process-alive';
import { correctUsageCost } from '../usage/usage-cost-correction';
import { UsageReconstruction } from '../usage/usage-reconstruction';
import type { ClusterJob, ClusterJobs } from '../cluster/cluster-jobs';
import { replayLeftBehindJournals } from './charge-journal-replay';
import { RefusedJournalEntries } from './refused-journal-entries';

/**
 * Crash recovery for quota reservations, safe with several gateway processes on one database.
 *
 * Choice: every process registers a gateway_instances row and refreshes its heartbeat_at
 * (database clock) every `heartbeatMs`. Each reservation records the instance that made it.
 * A reservation is orphaned when its instance row is missing or its heartbeat is older than
 * `staleAfterMs`; any instance may then finish it - at start and on every heartbeat - by
 * settling it to the cost in its usage-log row if the request had already been answered, or
 * else releasing it. A live process's in-flight reservations are never touched because its
 * heartbeat is fresh. Finishing goes through gw_settle, which is idempotent, so two sweepers
 * racing (or a sweeper racing a late settle) still charge at most once.
 *
 * Rejected alternatives: "release everything older than N minutes" (would release a long
 * stream's live hold), and PostgreSQL advisory locks per process (session-bound, which the
 * pooled connections and the embedded single-session PGlite do not give us).
 *
 * A process on this host whose pid is gone (or is our own pid, registered before this process
 * started: a container restarted) is dead for certain, so it is treated as stale at once instead of after
 * `staleAfterMs` (`expireDeadLocalPeers`): a gateway restarted after a `kill -9`, or its peer on
 * the same machine, recovers the dead one's journal and holds within a heartbeat.
 *
 * A request that had delivered output when its process died (a delivery marker in
 * delivered_holds, see delivery-markers.ts) is charged its hold instead, by whichever instance
 * recovers it: no instance's local disk is needed.
 *
 * A process that stalls past `staleAfterMs` may have its holds released by a peer; its later
 * settles then report alreadySettled and charge nothing: under-charging, never double-charging.
 *
 * Recovery also tells `onInstancesGone` listeners which instances it found dead, before their
 * rows go, and whether for certain (pid gone on this host) or only silent (stale heartbeat: it may
 * be alive but cut off from the database): the concurrency limiter then removes their Redis
 * slots. Instances found before any listener subscribed (the start-up recovery runs before the
 * services exist) are kept and handed to the first listener.
 *
 * A live process can also leave a hold behind: a settle that failed (database error) or that
 * the database lost (BILLING_COMMIT=fast and a PostgreSQL crash). Its heartbeat stays fresh, so
 * the orphan rule never fires; instead each process finishes its OWN holds older than
 * `reservationMaxAgeMs` that no request of it still owns (`openHolds`, kept by the billing store:
 * reserved and not yet settled). Holds of other live instances are theirs to finish, so a long
 * request elsewhere is never cut short by a clock bound.
 */
export interface GatewayInstanceOptions {
  heartbeatMs?: number;
  staleAfterMs?: number;
  /** Orphans finished per sweep; the rest wait for the next heartbeat. */
  sweepLimit?: number;
  /** This process's unowned holds older than this are finished by the periodic sweep. */
  reservationMaxAgeMs?: number;
  /** DATA_DIR: where stopped processes' charge journals are looked for. */
  journalDir?: string;
}

/** An instance recovery treats as dead; `certain` when its process is known gone (pid gone on this host), not just silent. */
export interface GoneInstance {
  id: string;
  certain: boolean;
}

export type GoneInstancesListener = (gone: readonly GoneInstance[]) => Promise<void>;

export interface RecoveryResult {
  released: number;
  settled: number;
  failed: number;
}

// Outcomes where the caller received output, so the usage row's cost is what was delivered.
const CHARGEABLE_OUTCOMES = `('SUCCESS', 'CLIENT_ABORTED', 'UPSTREAM_FAILED_MID_STREAM')`;

/**
 * Every hold with what its usage-log row says it cost the caller (0 without a chargeable row). A
 * hold with a row is one whose settle had no answer, so the row's cost is the request's price:
 * charged in full like any settle (the part above the hold from the unreserved balance).
 */
const HOLDS_WITH_LOGGED_COST = `select q.request_id,
              case when l.outcome in ${CHARGEABLE_OUTCOMES} then l.cost else 0 end as cost
         from quota_reservations q
         left join usage_logs l on l.request_id = q.request_id`;

interface HoldToFinish {
  request_id: string;
  cost: string;
}

export class GatewayInstanceRegistry {
  readonly heartbeatMs: number;
  readonly staleAfterMs: number;
  readonly reservationMaxAgeMs: number;
  /** Request ids this process holds quota for and has not finished settling: never swept. */
  readonly openHolds = new Set<string>();
  private readonly sweepLimit: number;
  private readonly journalDir: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private readonly goneListeners: GoneInstancesListener[] = [];
  /** Instances found dead while nobody listened yet, by id. */
  private readonly goneUnheard = new Map<string, GoneInstance>();
  /** Charges whose usage row a crash lost get one rebuilt (one charge, one usage row). */
  readonly usageReconstruction: UsageReconstruction;
  /** Journal entries the database refused for good, this process's and stopped processes' (moved aside, counted, alerted). */
  readonly refusedJournalEntries: RefusedJournalEntries;
  /**
   * The two parts of each heartbeat that finish other instances' leftovers in the shared tables:
   * with `jobs`, one instance runs each at a time and the cluster about once per heartbeat (both
   * are idempotent, so this saves N-1 scans per heartbeat rather than preventing double charges).
   * The rest of a heartbeat stays every instance's own: its row, its holds, the journals on its
   * host's disk, which no instance elsewhere can read.
   */
  readonly recoveryJobs: { holds: ClusterJob; usageRows: ClusterJob };

  private constructor(
    readonly id: string,
    private readonly sql: SqlRunner,
    private readonly logger: Logger,
    options: GatewayInstanceOptions,
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.staleAfterMs = options.staleAfterMs ?? 30_000;
    this.sweepLimit = options.sweepLimit ?? 5_000;
    this.reservationMaxAgeMs = options.reservationMaxAgeMs ?? 30 * 60_000;
    this.usageReconstruction = new UsageReconstruction(sql, logger);
    this.refusedJournalEntries = new RefusedJournalEntries(logger);
    this.journalDir = options.journalDir;
    this.recoveryJobs = {
      holds: { name: 'hold-recovery', intervalMs: this.heartbeatMs, run: () => this.recoverOrphans() },
      usageRows: { name: 'usage-reconstruction', intervalMs: this.heartbeatMs, run: () => this.usageReconstruction.run() },
    };
  }

  /** Registers this process; call before any reservation is made. */
  static async register(sql: SqlRunner, logger: Logger, options: GatewayInstanceOptions = {}): Promise<GatewayInstanceRegistry> {
    const registry = new GatewayInstanceRegistry(randomUUID(), sql, logger, options);
    await registry.insertRow();
    return registry;
  }

  private async insertRow(): Promise<void> {
    await this.sql(
      `insert into gateway_instances (id, hostname, pid, started_at, heartbeat_at) values (?, ?, ?, now(), now())
       on conflict (id) do update set heartbeat_at = now()`,
      [this.id, hostname().slice(0, 255), process.pid],
    );
  }

  async heartbeat(): Promise<void> {
    const rows = await this.sql(`update gateway_instances set heartbeat_at = now() where id = ? returning id`, [this.id]);
    if (rows.length === 0) {
      this.logger.warn('gateway instance row was gone (presumed dead by a peer after a stall); re-registering. Holds made before may have been released.', { instanceId: this.id });
      await this.insertRow();
    }
  }

  /** Expires the rows of instances on this host whose process is gone; returns how many. */
  async expireDeadLocalPeers(): Promise<number> {
    // Our own pid counts only for rows started before this process was (several registries may share one process, as in tests).
    const peers = await this.sql<{ id: string; pid: number; before_us: boolean }>(
      `select id, pid, started_at < now() - ?::float8 * interval '1 second' as before_us
         from gateway_instances where hostname = ? and id <> ? and heartbeat_at > '-infinity'`,
      [process.uptime(), hostname().slice(0, 255), this.id],
    );
    const dead = peers.filter((peer) => (peer.pid === process.pid ? peer.before_us : !processAlive(peer.pid))).map((peer) => peer.id);
    if (dead.length === 0) return 0;
    await this.sql(`update gateway_instances set heartbeat_at = '-infinity' where id in (${dead.map(() => '?').join(', ')})`, dead);
    this.logger.warn('gateway instances on this host whose process is gone: recovering them now', { instanceIds: dead });
    return dead.length;
  }

  /** Lands the charge journals that stopped processes left in DATA_DIR (before their holds are recovered). */
  async replayLeftBehindJournals(staleAfterMs = this.staleAfterMs): Promise<number> {
    if (this.journalDir === undefined) return 0;
    return replayLeftBehindJournals(this.sql, this.journalDir, this.id, staleAfterMs, this.logger, this.refusedJournalEntries);
  }

  /**
   * Finishes reservations whose instance is gone or stale. `staleAfterMs` 0 treats every other
   * instance as dead: right for embedded mode, where the data-dir lock guarantees one process.
   */
  async recoverOrphans(staleAfterMs = this.staleAfterMs): Promise<RecoveryResult> {
    // '-infinity' is expireDeadLocalPeers's mark: the process is gone for certain.
    const gone = await this.sql<GoneInstance>(
      `select id, heartbeat_at = '-infinity' as certain from gateway_instances
        where id <> ? and heartbeat_at <= now() - ?::int * interval '1 millisecond'`,
      [this.id, staleAfterMs],
    );
    await this.tellGone(gone.map(({ id, certain }) => ({ id, certain })));
    // Delivered streams first: a leased one is charged out of its lease before the lease goes back.
    const delivered = await this.chargeDelivered(staleAfterMs);
    const orphans = await this.sql<HoldToFinish>(
      `${HOLDS_WITH_LOGGED_COST}
        where q.instance_id is distinct from ?
          and not exists (select 1 from gateway_instances g
                           where g.id = q.instance_id and g.heartbeat_at > now() - ?::int * interval '1 millisecond')
        order by q.request_id
        limit ?`,
      [this.id, staleAfterMs, this.sweepLimit],
    );
    const result = await this.finish(orphans);
    result.settled += delivered;
    await this.sql(
      `delete from gateway_instances g
        where g.id <> ? and g.heartbeat_at <= now() - ?::int * interval '1 millisecond'
          and not exists (select 1 from quota_reservations q where q.instance_id = g.id)`,
      [this.id, staleAfterMs],
    );
    if (result.released + result.settled + result.failed > 0) {
      // A crashed instance is an incident: say which requests it left behind (the first ones).
      this.logger.warn('recovered quota reservations left by crashed or stopped gateway instances', {
        ...result, requestIds: orphans.slice(0, 20).map((h) => h.request_id),
      });
    }
    return result;
  }

  /**
   * Charges the hold of every request a dead instance had started delivering and not settled
   * (its delivery markers, delivered_holds), then forgets the markers. A request settled after
   * all (its marker's removal was lost) is charged nothing more: gw_settle finds no hold, and
   * gw_lease_charge finds the request's charge. Returns how many were charged now.
   */
  private async chargeDelivered(staleAfterMs: number): Promise<number> {
    const markers = await this.sql<{
      request_id: string; lease_id: string | null; user_id: number; token_id: number | null; bucket: string; subscription_id: number | null; amount: string;
    }>(
      `select d.request_id, d.lease_id, d.user_id, d.token_id, d.bucket, d.subscription_id, d.amount from delivered_holds d
        where d.instance_id <> ?
          and not exists (select 1 from gateway_instances g where g.id = d.instance_id and g.heartbeat_at > now() - ?::int * interval '1 millisecond')
        order by d.request_id limit ?`,
      [this.id, staleAfterMs, this.sweepLimit],
    );
    let charged = 0;
    for (const m of markers) {
      try {
        const [row] = m.lease_id === null
          ? await this.sql<{ r_charged: string; r_already_settled: boolean }>(`select r_charged, r_already_settled from gw_settle(?, ?::bigint, false)`, [m.request_id, m.amount])
          : await this.sql<{ r_charged: string; r_already_settled: boolean }>(
            `select r_charged, r_already_settled from gw_lease_charge(?, ?, ?, ?, ?, ?, ?::bigint, ?::bigint, false)`,
            [m.lease_id, m.request_id, m.user_id, m.token_id, m.bucket, m.subscription_id, m.amount, m.amount],
          );
        if (row && !row.r_already_settled && BigInt(row.r_charged) > 0n) charged++;
        await this.sql(`delete from delivered_holds where request_id = ?`, [m.request_id]);
      } catch (err) {
        this.logger.error('could not charge a delivered request of a dead gateway instance', { requestId: m.request_id, error: err as Error });
      }
    }
    if (charged > 0) this.logger.warn('charged the holds of streams dead gateway instances had started delivering', { charged });
    return charged;
  }

  /**
   * `listener` is told the instances recovery finds dead, on every sweep while their row is left
   * (so it must be idempotent); resolves once it has heard those found before it subscribed.
   */
  async onInstancesGone(listener: GoneInstancesListener): Promise<void> {
    this.goneListeners.push(listener);
    const unheard = [...this.goneUnheard.values()];
    this.goneUnheard.clear();
    if (unheard.length > 0) await this.notify(listener, unheard);
  }

  private async tellGone(gone: readonly GoneInstance[]): Promise<void> {
    if (gone.length === 0) return;
    if (this.goneListeners.length === 0) {
      for (const instance of gone) this.goneUnheard.set(instance.id, instance);
      return;
    }
    for (const listener of this.goneListeners) await this.notify(listener, gone);
  }

  private async notify(listener: GoneInstancesListener, gone: readonly GoneInstance[]): Promise<void> {
    try {
      await listener(gone);
    } catch (err) {
      this.logger.warn('could not pass on the gateway instances recovery found dead', { instanceIds: gone.map((g) => g.id), error: err as Error });
    }
  }

  /**
   * Finishes this process's holds older than `reservationMaxAgeMs` that no request owns any
   * more: their settle failed or was lost. Settled from the usage log like orphans.
   */
  async sweepExpiredHolds(maxAgeMs = this.reservationMaxAgeMs): Promise<RecoveryResult> {
    const expired = await this.sql<HoldToFinish>(
      `${HOLDS_WITH_LOGGED_COST}
        where q.instance_id = ? and q.created_at < now() - ?::int * interval '1 millisecond'
        order by q.created_at
        limit ?`,
      [this.id, maxAgeMs, this.sweepLimit],
    );
    const result = await this.finish(expired.filter((hold) => !this.openHolds.has(hold.request_id)));
    if (result.released + result.settled + result.failed > 0) {
      this.logger.warn('finished quota holds of this instance whose settlement failed or was lost', { ...result, maxAgeMs });
    }
    return result;
  }

  private async finish(holds: readonly HoldToFinish[]): Promise<RecoveryResult> {
    const result: RecoveryResult = { released: 0, settled: 0, failed: 0 };
    // One statement per hold, each its own transaction: finishing many in one transaction would
    // hold several bucket and token locks at once and could deadlock with live requests.
    // Durable commit whatever BILLING_COMMIT says: this is the recovery path, and rare.
    for (const hold of holds) {
      try {
        const [row] = await this.sql<{ r_charged: string; r_already_settled: boolean }>(
          `select r_charged, r_already_settled from gw_settle(?, ?, false)`,
          [hold.request_id, hold.cost],
        );
        if (row && !row.r_already_settled) {
          if (BigInt(hold.cost) > 0n) result.settled++;
          else result.released++;
        }
        if (row && BigInt(hold.cost) > 0n) await correctUsageCost(this.sql, hold.request_id, BigInt(row.r_charged));
      } catch (err) {
        result.failed++;
        this.logger.error('could not finish a quota reservation', { requestId: hold.request_id, error: err as Error });
      }
    }
    return result;
  }

  /**
   * Heartbeat and sweep on a timer until stop(); failures are logged and retried next tick. With
   * `jobs`, the recovery of other instances' leftovers is a cluster job (see recoveryJobs).
   */
  startTimers(jobs?: ClusterJobs): void {
    if (this.timer) return;
    const shared = (job: ClusterJob) => (jobs ? jobs.runIfDue(job) : job.run());
    this.timer = setInterval(() => {
      if (this.beating) return; // a slow database must not pile up ticks
      this.beating = this.heartbeat()
        .then(() => this.expireDeadLocalPeers())
        .then(() => this.replayLeftBehindJournals())
        .then(() => shared(this.recoveryJobs.holds))
        .then(() => this.sweepExpiredHolds())
        .then(() => shared(this.recoveryJobs.usageRows))
        .then(
          () => undefined,
          (err: unknown) => this.logger.warn('gateway heartbeat or reservation sweep failed', { error: err as Error }),
        )
        .finally(() => {
          this.beating = undefined;
        });
    }, this.heartbeatMs);
    this.timer.unref();
  }

  /**
   * Graceful stop: deregister, so peers (or the next start) finish anything still held at once
   * instead of waiting for the heartbeat to go stale.
   */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
    await this.sql(`delete from gateway_instances where id = ?`, [this.id]);
  }
}
