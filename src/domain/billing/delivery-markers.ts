import type { SqlRunner } from '../../db/sql-runner';
import type { Logger } from '../../lib/logger';
import type { Reservation } from './billing.types';

export interface DeliveryMarkerOptions {
  /** Longest a marker (or its removal) waits before its batch is written. */
  flushEveryMs?: number;
  /** Removals kept for a database that does not answer; past it the oldest are forgotten. */
  maxPendingRemovals?: number;
}

// Markers and removals travel as two jsonb/array parameters of one statement, whatever their
// number. A removal never meets its own marker in one statement: a marker still unwritten is
// simply dropped (settled()), so the removal only follows a marker already written.
const FLUSH_SQL = `
with added as (
  insert into delivered_holds (request_id, instance_id, lease_id, user_id, token_id, bucket, subscription_id, amount, created_at)
  select request_id, ?, lease_id, user_id, token_id, bucket, subscription_id, amount, now()
    from jsonb_to_recordset(?::jsonb) as x(request_id varchar, lease_id varchar, user_id int, token_id int, bucket text, subscription_id int, amount bigint)
  on conflict (request_id) do nothing
  returning 1),
removed as (
  delete from delivered_holds where request_id = any (string_to_array(?, ',')) returning 1)
select (select count(*) from added)::int as added, (select count(*) from removed)::int as removed`;

/**
 * "This request delivered output and holds N", kept where every instance can read it
 * (delivered_holds in PostgreSQL), so that if this process dies before the settle, whoever
 * recovers its holds charges the hold instead of releasing it (docs/production.md, "Crash charging"). Written
 * in batches every `flushEveryMs` (default 5 ms): a kill loses at most the markers of the last
 * batch, which at full load is well within the bound of 10 delivered-but-uncharged per kill.
 * A settled request's marker is removed in the next batch, or never written if it had not been.
 *
 * While the database does not answer, markers and removals wait in memory (the markers of
 * running requests are few; removals are bounded by `maxPendingRemovals`): a lingering marker of
 * a request that was settled is harmless, since its settle or charge already happened once.
 */
export class DeliveryMarkers {
  private readonly flushEveryMs: number;
  private readonly maxPendingRemovals: number;
  /** Requests marked and not settled yet, whether or not their marker is written. */
  private readonly open = new Set<string>();
  private marks = new Map<string, Reservation>();
  private removals = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly sql: SqlRunner, private readonly instanceId: string, private readonly logger: Logger, options: DeliveryMarkerOptions = {}) {
    this.flushEveryMs = options.flushEveryMs ?? 5;
    this.maxPendingRemovals = options.maxPendingRemovals ?? 100_000;
  }

  /** The request's first usable byte reached the caller. */
  mark(reservation: Reservation): void {
    if (this.open.has(reservation.requestId)) return;
    this.open.add(reservation.requestId);
    this.marks.set(reservation.requestId, reservation);
    this.schedule();
  }

  /** The request's settle ran (whatever it answered): its marker, if it has one, goes. */
  settled(requestId: string): void {
    if (!this.open.delete(requestId)) return;
    if (this.marks.delete(requestId)) return;
    this.removals.add(requestId);
    if (this.removals.size > this.maxPendingRemovals) {
      const oldest = this.removals.values().next().value;
      if (oldest !== undefined) this.removals.delete(oldest);
    }
    this.schedule();
  }

  /** Markers not written yet (tests, diagnostics). */
  get pending(): number {
    return this.marks.size;
  }

  /** Writes everything pending; resolves (never rejects) once tried. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  close(): Promise<void> {
    return this.flush();
  }

  private schedule(delayMs = this.flushEveryMs): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
    this.timer.unref();
  }

  private async write(): Promise<void> {
    if (this.marks.size === 0 && this.removals.size === 0) return;
    const marks = this.marks;
    const removals = this.removals;
    this.marks = new Map();
    this.removals = new Set();
    const records = [...marks.values()].map((r) => ({
      request_id: r.requestId, lease_id: r.leaseId ?? null, user_id: r.userId, token_id: r.tokenId, bucket: r.bucket,
      subscription_id: r.subscriptionId, amount: r.amount.toString(),
    }));
    try {
      await this.sql(FLUSH_SQL, [this.instanceId, JSON.stringify(records), [...removals].join(',')]);
    } catch (err) {
      // Kept for the next batch, unless settled meanwhile (then the marker is simply not needed).
      for (const [id, reservation] of marks) if (this.open.has(id) && !this.marks.has(id)) this.marks.set(id, reservation);
      for (const id of removals) if (!marks.has(id)) this.removals.add(id);
      this.logger.warn('delivery markers not written yet; retried', { markers: marks.size, removals: removals.size, error: err as Error });
      this.schedule(1_000);
    }
  }
}
