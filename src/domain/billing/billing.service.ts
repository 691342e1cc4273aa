import type { SqlScriptRunner } from '../../db/sql-runner';
import type { ActiveTiersCache } from './active-tiers-cache';
import type { BillingStatementQueueOptions } from './billing-statement-queue';
import { BillingStore, type HoldOwner } from './billing-store';
import type { ChargeJournal } from './charge-journal';
import type { DeliveryMarkers } from './delivery-markers';
import type { Billing, BillingCommitMode, Reservation, ReserveRequest, ReserveResult, SettleContext, SettleResult } from './billing.types';
import { ChargeAnomalies } from './charge-anomalies';
import { reserveOrJournal, settleOrJournal } from './journaled-calls';
import { QuotaLeases, type QuotaLeaseOptions } from './quota-leases';

const MAX_REQUEST_ID_LENGTH = 64; // quota_reservations.request_id varchar(64)

function checkRequestId(requestId: string): void {
  if (requestId.length === 0 || requestId.length > MAX_REQUEST_ID_LENGTH) {
    throw new RangeError(`request id must be 1-${MAX_REQUEST_ID_LENGTH} characters`);
  }
}

/**
 * Exactly-once quota billing on PostgreSQL. Every operation is ONE call of a PL/pgSQL function
 * (migration Migration20261122031500_billing_core), i.e. one atomic statement in its own
 * transaction; concurrent calls share round trips (BillingStatementQueue):
 *
 * - reserve: holds the amount on one bucket (free quota, or one subscription) and on the token's
 *   cap, and inserts the quota_reservations row. No ledger row: the balance does not change.
 *   Also reports what the bucket could still hold afterwards (gw_reserve_spare).
 * - settle: deletes the reservation row (the once-only gate), charges the whole cost as far as the
 *   hold, the bucket's unreserved balance and the key's cap cover it (the rest is returned as
 *   `uncovered`, migration Migration20261127170800_settle_full_cost), releases the rest of the hold,
 *   adds the charge to the token's used quota and writes the USAGE_CHARGE ledger row with balance_after. A second settle,
 *   a concurrent one, or one after release finds no row and changes nothing.
 * - release: settle with cost 0.
 * - a busy key's requests are admitted out of a quota lease instead (QuotaLeases): no round trip
 *   to reserve or release, and gw_lease_charge (the ledger row, once per request id) to settle.
 *
 * Expected refusals are values (ReserveResult); only programming errors and database failures throw.
 *
 * Calls go one way: this service composes the SQL store (billing-store.ts, the bottom), the
 * quota leases above it and the charge journal beside it; none of them calls back into it. A
 * call whose outcome is unknown goes to the journal (journaled-calls.ts), the one place failed
 * charges and releases wait until the database answers.
 *
 * `commit: 'fast'` (the default, BILLING_COMMIT) lets each statement's transaction commit without
 * waiting for the WAL flush; see the migration Migration20261122034500_billing_commit_mode.
 * Open holds are listed in the instance's `openHolds` from reserve until settle has run (the
 * store keeps the list), so the max-age sweep never finishes a hold a request of this process
 * still owns.
 */
export class QuotaBilling implements Billing {
  readonly commit: BillingCommitMode;
  private readonly store: BillingStore;
  readonly leases: QuotaLeases;
  readonly anomalies: ChargeAnomalies;
  private readonly journal: ChargeJournal;
  private readonly markers: DeliveryMarkers | undefined;

  constructor(
    script: SqlScriptRunner,
    instance: HoldOwner,
    private readonly tiers: ActiveTiersCache,
    options: { commit?: BillingCommitMode; leases?: QuotaLeaseOptions; journal: ChargeJournal; markers?: DeliveryMarkers } & BillingStatementQueueOptions,
  ) {
    this.commit = options.commit ?? 'fast';
    this.store = new BillingStore(script, instance, options);
    this.anomalies = new ChargeAnomalies(options.leases?.logger);
    this.journal = options.journal;
    this.markers = options.markers;
    this.leases = new QuotaLeases(this.store, this.journal, options.leases);
  }

  async reserve(request: ReserveRequest): Promise<ReserveResult> {
    checkRequestId(request.requestId);
    if (request.amount < 0n) throw new RangeError('reservation amount must not be negative');
    const leased = this.leases.take(request);
    if (leased) return leased;
    const result = await reserveOrJournal(this.store, this.journal, request);
    this.leases.reserved(request, result);
    return result;
  }

  async settle(reservation: Reservation, cost: bigint, context: SettleContext = {}): Promise<SettleResult> {
    checkRequestId(reservation.requestId);
    if (cost < 0n) throw new RangeError('cost must not be negative');
    try {
      // A charge whose outcome is unknown is kept in the journal by whichever path sent it, so
      // not even a crash before the database returns loses it.
      const result = await (reservation.leaseId === undefined
        ? settleOrJournal(this.store, this.journal, reservation, cost)
        : this.leases.charge(reservation, cost));
      if (result.uncovered > 0n && !result.alreadySettled) {
        this.anomalies.recordUncovered({ requestId: reservation.requestId, channelId: context.channelId ?? null, cost, charged: result.charged, uncovered: result.uncovered });
      }
      return result;
    } finally {
      // Settled, or journaled: either way its own charge (not the hold) is what lands.
      this.markers?.settled(reservation.requestId);
    }
  }

  /**
   * The request's first usable byte reached the caller. From now until its settle, a crash of
   * this process is charged by recovery at the hold (docs/production.md, "Crash charging"): the marker goes
   * to delivered_holds in PostgreSQL within 5 ms, where any surviving instance finds it.
   */
  markDelivered(reservation: Reservation): void {
    if (reservation.amount > 0n) this.markers?.mark(reservation);
  }

  async release(reservation: Reservation): Promise<void> {
    await this.settle(reservation, 0n);
  }

  activeTiers(userId: number): Promise<ReadonlySet<string>> {
    return this.tiers.get(userId);
  }

  /** Gives every quota lease back (shutdown). */
  close(): Promise<void> {
    return this.leases.close();
  }
}
