import type { SqlRunner } from '../../db/sql-runner';
import type { ActiveTiersCache } from './active-tiers-cache';
import type { Billing, Reservation, ReserveRequest, ReserveResult, SettleResult } from './billing.types';

interface ReserveRow {
  r_ok: boolean;
  r_reason: 'INSUFFICIENT_QUOTA' | 'TOKEN_QUOTA_EXCEEDED' | 'SUBSCRIPTION_REQUIRED' | null;
  r_bucket: 'FREE' | 'SUBSCRIPTION' | null;
  r_subscription_id: number | null;
}

interface SettleRow {
  r_charged: string;
  r_already_settled: boolean;
}

const MAX_REQUEST_ID_LENGTH = 64; // quota_reservations.request_id varchar(64)

function checkRequestId(requestId: string): void {
  if (requestId.length === 0 || requestId.length > MAX_REQUEST_ID_LENGTH) {
    throw new RangeError(`request id must be 1-${MAX_REQUEST_ID_LENGTH} characters`);
  }
}

/**
 * Exactly-once quota billing on PostgreSQL. Every operation is ONE call of a PL/pgSQL function
 * (migration Migration20261122031500_billing_core), i.e. one round trip and one atomic statement:
 *
 * - reserve: holds the amount on one bucket (free quota, or one subscription) and on the token's
 *   cap, and inserts the quota_reservations row. No ledger row: the balance does not change.
 * - settle: deletes the reservation row (the once-only gate), charges min(cost, what the bucket
 *   can give without eating other requests' holds), releases the rest, adds the charge to the
 *   token's used quota and writes the USAGE_CHARGE ledger row with balance_after. A second settle,
 *   a concurrent one, or one after release finds no row and changes nothing.
 * - release: settle with cost 0.
 *
 * Expected refusals are values (ReserveResult); only programming errors and database failures throw.
 */
export class QuotaBilling implements Billing {
  constructor(
    private readonly sql: SqlRunner,
    private readonly instanceId: string,
    private readonly tiers: ActiveTiersCache,
  ) {}

  async reserve(request: ReserveRequest): Promise<ReserveResult> {
    checkRequestId(request.requestId);
    if (request.amount < 0n) throw new RangeError('reservation amount must not be negative');
    const [row] = await this.sql<ReserveRow>(
      `select r_ok, r_reason, r_bucket, r_subscription_id from gw_reserve(?, ?, ?, ?, ?, ?)`,
      [request.requestId, request.userId, request.tokenId, request.tier, request.amount.toString(), this.instanceId],
    );
    if (!row) throw new Error('gw_reserve returned no row');
    if (!row.r_ok || row.r_bucket === null) return { ok: false, reason: row.r_reason ?? 'INSUFFICIENT_QUOTA' };
    return {
      ok: true,
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

  async settle(reservation: Reservation, cost: bigint): Promise<SettleResult> {
    checkRequestId(reservation.requestId);
    if (cost < 0n) throw new RangeError('cost must not be negative');
    const [row] = await this.sql<SettleRow>(`select r_charged, r_already_settled from gw_settle(?, ?)`, [
      reservation.requestId,
      cost.toString(),
    ]);
    if (!row) throw new Error('gw_settle returned no row');
    return { charged: BigInt(row.r_charged), alreadySettled: row.r_already_settled };
  }

  async release(reservation: Reservation): Promise<void> {
    await this.settle(reservation, 0n);
  }

  activeTiers(userId: number): Promise<ReadonlySet<string>> {
    return this.tiers.get(userId);
  }
}
