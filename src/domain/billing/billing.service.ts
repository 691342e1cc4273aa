import { sqlLiteral, type SqlScriptRunner } from '../../db/sql-runner';
import type { ActiveTiersCache } from './active-tiers-cache';
import { BillingSqlError, BillingStatementQueue, type BillingStatementQueueOptions } from './billing-statement-queue';
import { journalEntryOf, journalEntryOfLostReserve, type ChargeJournal } from './charge-journal';
import type { DeliveryMarkers } from './delivery-markers';
import type { Billing, BillingCommitMode, Reservation, ReserveRequest, ReserveResult, SettleContext, SettleResult } from './billing.types';
import { ChargeAnomalies } from './charge-anomalies';
import type { GatewayInstanceRegistry } from './gateway-instance-registry';
import { QuotaLeases, type QuotaLeaseOptions } from './quota-leases';

interface ReserveRow {
  r_ok: boolean;
  r_reason: 'INSUFFICIENT_QUOTA' | 'TOKEN_QUOTA_EXCEEDED' | 'SUBSCRIPTION_REQUIRED' | 'BUDGET_EXCEEDED' | null;
  r_bucket: 'FREE' | 'SUBSCRIPTION' | null;
  r_subscription_id: number | null;
  r_spare: string | null;
  r_budget_scope: 'KEY' | 'USER' | null;
  r_budget_resets_at: string | Date | null;
}

function refusalOf(row: ReserveRow): Extract<ReserveResult, { ok: false }> {
  if (row.r_reason === 'BUDGET_EXCEEDED') {
    return { ok: false, reason: 'BUDGET_EXCEEDED', scope: row.r_budget_scope ?? 'KEY', resetsAt: new Date(row.r_budget_resets_at ?? Date.now()) };
  }
  return { ok: false, reason: row.r_reason ?? 'INSUFFICIENT_QUOTA' };
}

interface SettleRow {
  r_charged: string;
  r_already_settled: boolean;
  r_uncovered: string;
}

function settleResultOf(row: SettleRow): SettleResult {
  return { charged: BigInt(row.r_charged), alreadySettled: row.r_already_settled, uncovered: BigInt(row.r_uncovered) };
}

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
 * `commit: 'fast'` (the default, BILLING_COMMIT) lets each statement's transaction commit without
 * waiting for the WAL flush; see the migration Migration20261122034500_billing_commit_mode.
 * Open holds are listed in the instance's `openHolds` from reserve until settle has run, so the
 * max-age sweep never finishes a hold a request of this process still owns.
 */
export class QuotaBilling implements Billing {
  readonly commit: BillingCommitMode;
  private readonly fastCommit: string;
  private readonly instanceLiteral: string;
  private readonly statements: BillingStatementQueue;
  private readonly script: SqlScriptRunner;
  readonly leases: QuotaLeases;
  readonly anomalies: ChargeAnomalies;
  private readonly journal: ChargeJournal | undefined;
  private readonly markers: DeliveryMarkers | undefined;

  constructor(
    script: SqlScriptRunner,
    private readonly instance: Pick<GatewayInstanceRegistry, 'id' | 'openHolds'>,
    private readonly tiers: ActiveTiersCache,
    options: { commit?: BillingCommitMode; leases?: QuotaLeaseOptions; journal?: ChargeJournal; markers?: DeliveryMarkers } & BillingStatementQueueOptions = {},
  ) {
    this.commit = options.commit ?? 'fast';
    this.fastCommit = sqlLiteral(this.commit === 'fast');
    this.instanceLiteral = sqlLiteral(instance.id);
    this.statements = new BillingStatementQueue(script, options);
    this.script = script;
    this.anomalies = new ChargeAnomalies(options.leases?.logger);
    this.journal = options.journal;
    this.markers = options.markers;
    this.leases = new QuotaLeases(
      {
        hold: (request) => this.reserveRowOrJournal(request),
        charge: (part, cost) => this.chargeLeased(part, cost),
        shrink: (lease, keep) => this.statements.call('gw_lease_shrink', `${sqlLiteral(lease.requestId)}, ${sqlLiteral(keep)}, ${this.fastCommit}`),
        // A release like any request's: journaled when the database does not answer (settle).
        giveBack: (lease) => this.release(lease),
        subscriptionEndsAt: (id) => this.subscriptionEndsAt(id),
      },
      options.leases,
    );
  }

  async reserve(request: ReserveRequest): Promise<ReserveResult> {
    checkRequestId(request.requestId);
    if (request.amount < 0n) throw new RangeError('reservation amount must not be negative');
    const leased = this.leases.take(request);
    if (leased) return leased;
    const result = await this.reserveRowOrJournal(request);
    this.leases.reserved(request, result);
    return result;
  }

  async settle(reservation: Reservation, cost: bigint, context: SettleContext = {}): Promise<SettleResult> {
    checkRequestId(reservation.requestId);
    if (cost < 0n) throw new RangeError('cost must not be negative');
    try {
      const result = await (reservation.leaseId === undefined ? this.settleRow(reservation, cost) : this.leases.charge(reservation, cost));
      if (result.uncovered > 0n && !result.alreadySettled) {
        this.anomalies.recordUncovered({ requestId: reservation.requestId, channelId: context.channelId ?? null, cost, charged: result.charged, uncovered: result.uncovered });
      }
      return result;
    } catch (err) {
      // Outcome unknown (the database is down, the round trip was lost): kept on disk until it
      // lands, so not even a crash before the database returns loses it. A release of a row of
      // its own (a request's, or a quota lease given back) is kept too, or its hold would outlive
      // the outage by RESERVATION_MAX_AGE_MS; a leased request's release is retried by the leases.
      // A refusal by the billing function itself would be refused again, so it is not kept.
      const unknown = !(err instanceof BillingSqlError);
      const keep = cost > 0n || reservation.leaseId === undefined;
      if (this.journal && unknown && keep) this.journal.append(journalEntryOf(reservation, cost));
      throw err;
    } finally {
      // Settled, or journaled: either way its own charge (not the hold) is what lands.
      this.markers?.settled(reservation.requestId);
    }
  }

  /**
   * The request's first usable byte reached the caller. From now until its settle, a crash of
   * this process is charged by recovery at the hold (README, "Crash charging"): the marker goes
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

  /**
   * The reserve may have committed with only its answer lost (connection cut): a release (cost 0)
   * is journaled, replayed when the database answers, so no hold outlives the outage.
   */
  private async reserveRowOrJournal(request: ReserveRequest): Promise<ReserveResult> {
    try {
      return await this.reserveRow(request);
    } catch (err) {
      if (this.journal && !(err instanceof BillingSqlError)) this.journal.append(journalEntryOfLostReserve(request));
      throw err;
    }
  }

  /** A reservation row of its own (a request's, or a lease's). */
  private async reserveRow(request: ReserveRequest): Promise<ReserveResult> {
    const row = await this.statements.call<ReserveRow>(
      'gw_reserve_spare',
      `${sqlLiteral(request.requestId)}, ${sqlLiteral(request.userId)}, ${sqlLiteral(request.tokenId)}, ` +
        `${sqlLiteral(request.tier)}, ${sqlLiteral(request.amount)}, ${this.instanceLiteral}, ${this.fastCommit}`,
    );
    if (!row.r_ok || row.r_bucket === null) return refusalOf(row);
    this.instance.openHolds.add(request.requestId);
    return {
      ok: true,
      spare: BigInt(row.r_spare ?? 0),
      reservation: {
        requestId: request.requestId,
        userId: request.userId,
        tokenId: request.tokenId,
        bucket: row.r_bucket,
        subscriptionId: row.r_subscription_id,
        amount: request.amount,
      },
    };
  }

  private async settleRow(reservation: Reservation, cost: bigint): Promise<SettleResult> {
    let row: SettleRow;
    try {
      row = await this.statements.call<SettleRow>('gw_settle', `${sqlLiteral(reservation.requestId)}, ${sqlLiteral(cost)}, ${this.fastCommit}`);
    } finally {
      // Settled, or failed and left in the table: either way no request owns the hold any more.
      this.instance.openHolds.delete(reservation.requestId);
    }
    return settleResultOf(row);
  }

  private async subscriptionEndsAt(subscriptionId: number): Promise<number> {
    const [rows] = await this.script(`select (extract(epoch from ends_at) * 1000)::float8 as ends from subscriptions where id = ${sqlLiteral(subscriptionId)}`);
    const ends = rows?.[0]?.ends;
    if (typeof ends !== 'number') throw new Error(`subscription ${subscriptionId} not found`);
    return ends;
  }

  private async chargeLeased(part: Reservation, cost: bigint): Promise<SettleResult & { leaseMissing: boolean }> {
    const row = await this.statements.call<SettleRow & { r_lease_missing: boolean }>(
      'gw_lease_charge',
      `${sqlLiteral(part.leaseId!)}, ${sqlLiteral(part.requestId)}, ${sqlLiteral(part.userId)}, ${sqlLiteral(part.tokenId)}, ` +
        `${sqlLiteral(part.bucket)}, ${sqlLiteral(part.subscriptionId)}, ${sqlLiteral(cost)}, ${sqlLiteral(part.amount)}, ${this.fastCommit}`,
    );
    return { ...settleResultOf(row), leaseMissing: row.r_lease_missing };
  }
}
