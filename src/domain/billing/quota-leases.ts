/**
 * Quota leases: a busy key's requests are admitted by this process without a database round
 * trip, out of a block of quota this process holds in the database for that key.
 *
 * Why: a reserve is a round trip to PostgreSQL before the first byte can be released, and under
 * load the busiest keys' reserves all queue on the same user and token rows. A lease is one
 * ordinary reservation (gw_reserve_spare, id `lease_...`), so it holds its quota on the bucket
 * and on the token's cap exactly like a request's hold: the balance can never be promised twice,
 * nothing is charged that the ledger does not show, and a crashed process's lease is an orphaned
 * hold that recovery releases. Each request then takes its own hold out of the lease in memory,
 * and is charged by gw_lease_charge (one ledger row, exactly once per request id); a release
 * costs nothing at all.
 *
 * What a lease costs the customer is visibility, never money: while a process holds one, that
 * much of the balance shows as reserved and other processes cannot spend it. The rules keep it
 * small and short:
 * - only keys with traffic get one (`minRate` requests within a second), and only while the
 *   bucket's spare covers `minCover` times the request, so a near-empty balance is always
 *   reserved request by request, exactly as before;
 * - a lease is a `1/share` of the spare the last reserve reported, so several processes each
 *   leave most of it to the others;
 * - it is given back after `idleMs` without use, after `maxAgeMs` in any case (once its
 *   requests are done), at shutdown, and at once when the control plane announces a change to
 *   the user's balance or subscriptions or to any token (the change bus), so an admin's change
 *   is not shadowed by an old lease;
 * - a refusal from the database gives the key's lease back, so the next request sees all of
 *   what the balance still holds;
 * - a lease drained while requests still run keeps only what they hold (gw_lease_shrink).
 *
 * A request's charge that fails is retried until it lands (failed-lease-charges.ts), since no
 * reservation row of its own is left for recovery to find; the lease, and so the request's hold,
 * stays until then, and the charge is also in the durable charge journal. While the database is
 * down, what leases admit is bounded by OUTAGE_ALLOWANCE_UNITS (outage-allowance.ts).
 *
 * Exactly once: gw_lease_charge writes the request's USAGE_CHARGE row under the ledger's unique
 * (request_id, kind), so a request id is charged at most once whatever path its charge takes.
 * A request id is held at most once within this process (`parts`); across processes that rests
 * on request ids being the gateway's own random ids (src/gateway/request-id.ts), which they are.
 */
import { randomUUID } from 'node:crypto';
import type { ChangeBus, ChangeEvent } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { billingKeyOf, staleBillingUsers } from './billing-key';
import type { Reservation, ReserveRequest, ReserveResult, SettleResult } from './billing.types';
import { FailedLeaseCharges } from './failed-lease-charges';
import { OutageAllowance } from './outage-allowance';

/** What the leases need from the database (QuotaBilling provides it). */
export interface LeaseDatabase {
  /** A reservation like any request's; the lease is its hold. */
  hold(request: ReserveRequest): Promise<ReserveResult>;
  /**
   * Charges one request admitted out of the lease `part.leaseId` (gw_lease_charge); with the lease
   * row gone, from what the bucket can spare (`leaseMissing`). Safe to repeat: once per request id.
   */
  charge(part: Reservation, cost: bigint): Promise<SettleResult & { leaseMissing: boolean }>;
  /** Releases all of the lease's hold but `keep` (what its running requests hold). */
  shrink(lease: Reservation, keep: bigint): Promise<unknown>;
  /** Releases what is left of the lease's hold. */
  giveBack(lease: Reservation): Promise<unknown>;
  /** When a subscription ends (epoch ms): a lease on it admits nothing after that. */
  subscriptionEndsAt(subscriptionId: number): Promise<number>;
}

export interface QuotaLeaseOptions {
  enabled?: boolean;
  idleMs?: number;
  maxAgeMs?: number;
  /** Requests of one key within a second before it is worth a lease. */
  minRate?: number;
  /** The spare must cover this many requests like the current one. */
  minCover?: bigint;
  /** A lease takes this fraction (1/share) of the spare. */
  share?: bigint;
  /** How long shutdown waits for running requests to be charged before giving their leases back. */
  closeWaitMs?: number;
  now?: () => number;
  changeBus?: Pick<ChangeBus, 'subscribe'>;
  logger?: Logger;
  /** Whether the database answers; while it does not, admission is bounded by `outageAllowance`. */
  databaseReachable?: () => boolean;
  /** Quota units this process may admit out of leases without the database confirming their charges (OUTAGE_ALLOWANCE_UNITS). */
  outageAllowance?: bigint;
}

interface Lease {
  readonly key: string;
  readonly hold: Reservation;
  /** Not handed out to a request of this process. */
  available: bigint;
  /** Requests holding a part, or whose charge is still on the wire or waiting to be retried. */
  outstanding: number;
  /** What those requests hold: all a drained lease keeps. */
  outstandingHold: bigint;
  readonly acquiredAt: number;
  /** Wall-clock end of the subscription the lease holds quota on. */
  endsAt: number | undefined;
  lastUsedAt: number;
  draining: boolean;
  returned: boolean;
}

interface KeyState {
  lease: Lease | undefined;
  acquiring: boolean;
  windowStart: number;
  windowCount: number;
}

const RATE_WINDOW_MS = 1_000;

/** The lease can still hand out a part of `amount`. */
function covers(lease: Lease, amount: bigint): boolean {
  return !lease.draining && lease.available >= amount;
}

export class QuotaLeases {
  readonly enabled: boolean;
  private readonly idleMs: number;
  private readonly maxAgeMs: number;
  private readonly minRate: number;
  private readonly minCover: bigint;
  private readonly share: bigint;
  private readonly now: () => number;
  private readonly logger: Logger | undefined;
  private readonly keys = new Map<string, KeyState>();
  private readonly byId = new Map<string, Lease>();
  /** Request ids holding a part of a lease: a second hold of one is refused, as a reservation row's key would. */
  private readonly parts = new Set<string>();
  /** Database work in flight (acquiring, shrinking, giving back) that shutdown waits for. */
  private readonly pending = new Set<Promise<unknown>>();
  private readonly failedCharges: FailedLeaseCharges;
  private readonly closeWaitMs: number;
  private readonly unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Counts announced changes, so a lease acquired across one is given back at once. */
  private changes = 0;
  private closed = false;
  private readonly outage: OutageAllowance;

  constructor(private readonly database: LeaseDatabase, options: QuotaLeaseOptions = {}) {
    this.enabled = options.enabled ?? true;
    this.idleMs = options.idleMs ?? 2_000;
    this.maxAgeMs = options.maxAgeMs ?? 30_000;
    this.minRate = options.minRate ?? 4;
    this.minCover = options.minCover ?? 16n;
    this.share = options.share ?? 4n;
    this.closeWaitMs = options.closeWaitMs ?? 5_000;
    this.now = options.now ?? (() => performance.now());
    this.logger = options.logger;
    this.outage = new OutageAllowance(options.databaseReachable ?? (() => true), options.outageAllowance ?? 200_000n);
    this.failedCharges = new FailedLeaseCharges((part, cost) => this.sendCharge(part, cost), (work) => this.track(work), this.logger);
    if (!this.enabled) return;
    this.unsubscribe = options.changeBus?.subscribe((event) => this.onChange(event));
    this.timer = setInterval(() => this.sweep(), Math.min(this.idleMs, 1_000));
    this.timer.unref();
  }

  /** Leases held right now (for tests and diagnostics). */
  get held(): number {
    return this.byId.size;
  }

  /** The request's hold taken out of the key's lease, or undefined when it must be reserved in the database. */
  take(request: ReserveRequest): ReserveResult | undefined {
    if (!this.enabled || this.closed) return undefined;
    const key = billingKeyOf(request.userId, request.tokenId, request.tier);
    const state = this.countRequest(key);
    const lease = state.lease;
    if (!lease || !covers(lease, request.amount)) return undefined;
    if (lease.endsAt !== undefined && Date.now() >= lease.endsAt) {
      this.drain(lease);
      return undefined;
    }
    if (this.parts.has(request.requestId)) throw new Error(`request ${request.requestId} is already held`);
    // Served without the database: only as far as the operator's bound reaches (then 503).
    if (!this.outage.admit(request.requestId, request.amount)) return undefined;
    this.parts.add(request.requestId);
    lease.available -= request.amount;
    lease.outstanding++;
    lease.outstandingHold += request.amount;
    lease.lastUsedAt = this.now();
    const { bucket, subscriptionId, requestId: leaseId } = lease.hold;
    return {
      ok: true,
      spare: lease.available,
      reservation: { requestId: request.requestId, userId: request.userId, tokenId: request.tokenId, bucket, subscriptionId, amount: request.amount, leaseId },
    };
  }

  /** What a database reserve of the key answered: may start a lease, or give one back after a refusal. */
  reserved(request: ReserveRequest, result: ReserveResult): void {
    if (!this.enabled || this.closed) return;
    const state = this.keys.get(billingKeyOf(request.userId, request.tokenId, request.tier));
    if (!state) return;
    if (!result.ok) {
      if (state.lease) this.drain(state.lease);
      return;
    }
    const usable = state.lease !== undefined && covers(state.lease, request.amount);
    if (usable || state.acquiring || state.windowCount < this.minRate) return;
    if (request.amount === 0n || result.spare < request.amount * this.minCover) return;
    this.acquire(state, request, result.spare / this.share);
  }

  /**
   * Charges a request admitted out of a lease (cost 0: a release, which needs no round trip);
   * its unused part goes back to the lease at once. A charge that fails is retried by the sweep
   * (the lease, and with it the request's hold, is kept until it lands), because unlike a
   * reservation row of its own nothing else would ever charge it.
   */
  async charge(part: Reservation, cost: bigint): Promise<SettleResult> {
    if (!this.parts.delete(part.requestId)) {
      // Charged or released before: the database answers (once per request id); the lease's books are already closed.
      return cost === 0n ? { charged: 0n, alreadySettled: true, uncovered: 0n } : this.database.charge(part, cost).then(({ leaseMissing: _, ...result }) => result);
    }
    const lease = this.byId.get(part.leaseId!);
    if (lease) {
      if (!lease.draining) lease.available += part.amount - (cost < part.amount ? cost : part.amount);
      lease.lastUsedAt = this.now();
    }
    if (cost === 0n) {
      this.outage.confirm(part.requestId);
      if (lease) this.partDone(lease, part);
      return { charged: 0n, alreadySettled: false, uncovered: 0n };
    }
    try {
      return await this.sendCharge(part, cost);
    } catch (err) {
      this.failedCharges.add(part, cost);
      this.outage.owe(part.requestId, cost < part.amount ? cost : part.amount);
      throw err;
    }
  }

  /** Quota admitted or owed without the database's confirmation (for tests and metrics). */
  get unconfirmed(): bigint {
    return this.outage.unconfirmed;
  }

  /** Gives every lease back, once running requests are charged (at most `closeWaitMs`). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    for (const lease of [...this.byId.values()]) this.drain(lease);
    const deadline = this.now() + this.closeWaitMs;
    while ((this.byId.size > 0 || this.pending.size > 0) && this.now() < deadline) {
      this.failedCharges.retry();
      // Never only the pending work: with none, that would spin on microtasks and starve the requests it waits for.
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 50)), ...this.pending]);
    }
    for (const lease of [...this.byId.values()]) this.giveBack(lease);
    await Promise.allSettled([...this.pending]);
  }

  private async sendCharge(part: Reservation, cost: bigint): Promise<SettleResult> {
    const { leaseMissing, ...result } = await this.database.charge(part, cost);
    this.outage.confirm(part.requestId);
    const lease = this.byId.get(part.leaseId!);
    if (lease) {
      this.partDone(lease, part);
      if (leaseMissing) this.drain(lease); // its row is gone: admit nothing more from it
    }
    return result;
  }

  private track(work: Promise<unknown>): void {
    const done = work.finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  private countRequest(key: string): KeyState {
    const now = this.now();
    let state = this.keys.get(key);
    if (!state) {
      state = { lease: undefined, acquiring: false, windowStart: now, windowCount: 0 };
      this.keys.set(key, state);
    } else if (now - state.windowStart >= RATE_WINDOW_MS) {
      state.windowStart = now;
      state.windowCount = 0;
    }
    state.windowCount++;
    return state;
  }

  private acquire(state: KeyState, request: ReserveRequest, amount: bigint): void {
    state.acquiring = true;
    const changesBefore = this.changes;
    const hold: ReserveRequest = { requestId: `lease_${randomUUID().replaceAll('-', '')}`, userId: request.userId, tokenId: request.tokenId, tier: request.tier, amount };
    const acquiring = async (): Promise<void> => {
      const result = await this.database.hold(hold);
      if (!result.ok) return;
      const now = this.now();
      const lease: Lease = {
        key: billingKeyOf(hold.userId, hold.tokenId, hold.tier), hold: result.reservation, available: amount, outstanding: 0, outstandingHold: 0n,
        acquiredAt: now, endsAt: undefined, lastUsedAt: now, draining: false, returned: false,
      };
      const subscriptionId = lease.hold.subscriptionId;
      try {
        if (subscriptionId !== null) lease.endsAt = await this.database.subscriptionEndsAt(subscriptionId);
      } catch (err) {
        this.giveBack(lease);
        throw err;
      }
      this.byId.set(lease.hold.requestId, lease);
      if (this.closed || this.changes !== changesBefore) this.giveBack(lease);
      else this.install(state, lease);
    };
    this.track(
      acquiring().then(
        () => {
          state.acquiring = false;
        },
        (err: unknown) => {
          state.acquiring = false;
          this.logger?.warn('quota lease not acquired; requests reserve one by one', { error: err as Error });
        },
      ),
    );
  }

  private install(state: KeyState, lease: Lease): void {
    const previous = state.lease;
    state.lease = lease;
    this.keys.set(lease.key, state); // the sweep may have dropped the entry meanwhile
    if (previous) this.drain(previous);
  }

  private partDone(lease: Lease, part: Reservation): void {
    lease.outstanding--;
    lease.outstandingHold -= part.amount;
    if (lease.draining && lease.outstanding === 0) this.giveBack(lease);
  }

  /**
   * Nothing more handed out. Given back at once when idle; otherwise it keeps only what its
   * running requests hold (gw_lease_shrink) and goes back when the last of them is charged.
   */
  private drain(lease: Lease): void {
    const state = this.keys.get(lease.key);
    if (state?.lease === lease) state.lease = undefined;
    if (lease.outstanding === 0) {
      this.giveBack(lease);
      return;
    }
    if (lease.draining) return;
    lease.draining = true;
    lease.available = 0n;
    this.track(
      this.database
        .shrink(lease.hold, lease.outstandingHold)
        .catch((err: unknown) => this.logger?.warn('drained quota lease not shrunk; it goes back whole later', { requestId: lease.hold.requestId, error: err as Error })),
    );
  }

  private giveBack(lease: Lease): void {
    if (lease.returned) return;
    lease.returned = true;
    lease.draining = true;
    this.byId.delete(lease.hold.requestId);
    const state = this.keys.get(lease.key);
    if (state?.lease === lease) state.lease = undefined;
    this.track(
      this.database
        .giveBack(lease.hold)
        .catch((err: unknown) => this.logger?.error('quota lease not given back yet; the charge journal (or else the max-age sweep) releases it', { requestId: lease.hold.requestId, error: err as Error })),
    );
  }

  private sweep(): void {
    this.failedCharges.retry();
    const now = this.now();
    for (const [key, state] of this.keys) {
      const lease = state.lease;
      if (lease && lease.outstanding === 0 && now - lease.lastUsedAt >= this.idleMs) this.giveBack(lease);
      else if (lease && now - lease.acquiredAt >= this.maxAgeMs) this.drain(lease);
      if (!state.lease && !state.acquiring && now - state.windowStart >= RATE_WINDOW_MS) this.keys.delete(key);
    }
  }

  private onChange(event: ChangeEvent): void {
    const stale = staleBillingUsers(event);
    if (stale === null) return;
    this.changes++;
    for (const lease of [...this.byId.values()]) {
      if (stale === 'all' || String(lease.hold.userId) === stale) this.drain(lease);
    }
  }
}
