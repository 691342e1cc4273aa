import { sqlLiteral, type SqlScriptRunner } from '../../db/sql-runner';
import { BillingStatementQueue, type BillingStatementQueueOptions } from './billing-statement-queue';
import type { BillingCommitMode, Reservation, ReserveRequest, ReserveResult, SettleResult } from './billing.types';

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

/** This process as the owner of holds: its id goes on every reservation row, its open holds are listed. */
export interface HoldOwner {
  readonly id: string;
  /** Request ids whose holds a request of this process still owns (the max-age sweep skips them). */
  readonly openHolds: Set<string>;
}

/**
 * The bottom of billing: each method is ONE call of a PL/pgSQL function (migration
 * Migration20261122031500_billing_core and its successors), one atomic statement in its own
 * transaction, sent through the statement queue that shares round trips between concurrent
 * calls. It knows nothing of leases, the journal or retries: a call either answers, is refused
 * by the function (BillingSqlError) or fails with its outcome unknown, and the caller decides.
 */
export class BillingStore {
  private readonly statements: BillingStatementQueue;
  private readonly fastCommit: string;
  private readonly instanceLiteral: string;

  constructor(
    private readonly script: SqlScriptRunner,
    private readonly owner: HoldOwner,
    options: { commit?: BillingCommitMode } & BillingStatementQueueOptions = {},
  ) {
    this.statements = new BillingStatementQueue(script, options);
    this.fastCommit = sqlLiteral((options.commit ?? 'fast') === 'fast');
    this.instanceLiteral = sqlLiteral(owner.id);
  }

  /**
   * gw_reserve_spare: a reservation row of its own (a request's, or a quota lease's), and what the
   * bucket could still hold afterwards. The hold is this process's open hold until it is settled.
   */
  async reserve(request: ReserveRequest): Promise<ReserveResult> {
    const row = await this.statements.call<ReserveRow>(
      'gw_reserve_spare',
      `${sqlLiteral(request.requestId)}, ${sqlLiteral(request.userId)}, ${sqlLiteral(request.tokenId)}, ` +
        `${sqlLiteral(request.tier)}, ${sqlLiteral(request.amount)}, ${this.instanceLiteral}, ${this.fastCommit}`,
    );
    if (!row.r_ok || row.r_bucket === null) return refusalOf(row);
    this.owner.openHolds.add(request.requestId);
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

  /** gw_settle: charges `cost` against a reservation row of its own and ends it (cost 0: a release). */
  async settle(reservation: Reservation, cost: bigint): Promise<SettleResult> {
    let row: SettleRow;
    try {
      row = await this.statements.call<SettleRow>('gw_settle', `${sqlLiteral(reservation.requestId)}, ${sqlLiteral(cost)}, ${this.fastCommit}`);
    } finally {
      // Settled, or failed and left in the table: either way no request owns the hold any more.
      this.disown(reservation.requestId);
    }
    return settleResultOf(row);
  }

  /**
   * No request of this process owns the hold any more (its release went to the charge journal):
   * from now on the max-age sweep may finish it.
   */
  disown(requestId: string): void {
    this.owner.openHolds.delete(requestId);
  }

  /**
   * gw_lease_charge: charges one request admitted out of the lease `part.leaseId`; with the lease
   * row gone, from what the bucket can spare (`leaseMissing`). Safe to repeat: once per request id.
   */
  async leaseCharge(part: Reservation, cost: bigint): Promise<SettleResult & { leaseMissing: boolean }> {
    const [lease, requestId, userId, tokenId, bucket, subscriptionId, costLiteral, hold] = [
      sqlLiteral(part.leaseId!), sqlLiteral(part.requestId), sqlLiteral(part.userId), sqlLiteral(part.tokenId),
      sqlLiteral(part.bucket), sqlLiteral(part.subscriptionId), sqlLiteral(cost), sqlLiteral(part.amount),
    ];
    const row = await this.statements.call<SettleRow & { r_lease_missing: boolean }>(
      'gw_lease_charge',
      `${lease}, ${requestId}, ${userId}, ${tokenId}, ${bucket}, ${subscriptionId}, ${costLiteral}, ${hold}, ${this.fastCommit}`,
      // A busy key's charges queued together go as one call: its lease, bucket and key rows locked
      // and rewritten once for all of them (Migration20261128133000_lease_charge_groups).
      {
        many: 'gw_lease_charge_many',
        shared: `${lease}, ${userId}, ${tokenId}, ${bucket}, ${subscriptionId}, ${this.fastCommit}`,
        items: [requestId, costLiteral, hold],
        itemTypes: ['varchar', 'bigint', 'bigint'],
      },
    );
    return { ...settleResultOf(row), leaseMissing: row.r_lease_missing };
  }

  /** gw_lease_shrink: releases all of a lease's hold but `keep` (what its running requests hold). */
  leaseShrink(lease: Reservation, keep: bigint): Promise<unknown> {
    return this.statements.call('gw_lease_shrink', `${sqlLiteral(lease.requestId)}, ${sqlLiteral(keep)}, ${this.fastCommit}`);
  }

  /** When a subscription ends (epoch ms): a lease on it admits nothing after that. */
  async subscriptionEndsAt(subscriptionId: number): Promise<number> {
    const [rows] = await this.script(`select (extract(epoch from ends_at) * 1000)::float8 as ends from subscriptions where id = ${sqlLiteral(subscriptionId)}`);
    const ends = rows?.[0]?.ends;
    if (typeof ends !== 'number') throw new Error(`subscription ${subscriptionId} not found`);
    return ends;
  }
}
