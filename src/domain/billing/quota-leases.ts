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
 * A request's charge whose outcome is unknown (the database is down, the round trip was lost)
 * goes to the durable charge journal, the one place failed charges wait, replayed in order when
 * the database answers. No reservation row of its own is left for recovery to find, so the lease,
 * and with it the request's hold, stays until the journal has landed the charge; a lease given
 * back before that (shutdown) is released through the journal too, behind the charges it covers.
 * While the database is down, what leases admit is bounded by OUTAGE_ALLOWANCE_UNITS
 * (outage-allowance.ts).
 *
 * Calls go one way: the leases call the SQL store (billing-store.ts) and the journal; QuotaBilling
 * composes them and nothing below calls back up into it.
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
import type { BillingStore } from './billing-store';
import type { Reservation, ReserveRequest, ReserveResult, SettleResult } from './billing.types';
import { journalEntryOf, type ChargeJournal } from './charge-journal';
import { leaseChargeOrJournal, outcomeUnknown, reserveOrJournal, settleOrJournal } from './journaled-calls';
import { LeaseChargesInJournal } from './lease-charges-in-journal';
import { OutageAllowance, type DatabaseReachability } from './outage-allowance';

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
  databaseHealth?: DatabaseReachability;
  /** Quota units this process may admit out of leases without the database confirming their charges (OUTAGE_ALLOWANCE_UNITS). */
  outageAllowance?: bigint;
}

interface Lease {
  readonly key: string;
  readonly hold: Reservation;
  /** Not handed out to a request of this process. */
  available: bigint;
  /** Requests holding a part, or whose charge is still on the wire or waiting in the charge journal. */
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
  private readonly inJournal: LeaseChargesInJournal;
  private readonly closeWaitMs: number;
  private readonly unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Counts announced changes, so a lease acquired across one is given back at once. */
  private changes = 0;
  private closed = false;
  private readonly outage: OutageAllowance;

  constructor(
    private readonly store: BillingStore,
    private readonly journal: ChargeJournal,
    options: QuotaLeaseOptions = {},
  ) {
    this.enabled = options.enabled ?? true;
    this.idleMs = options.idleMs ?? 2_000;
    this.maxAgeMs = options.maxAgeMs ?? 30_000;
    this.minRate = options.minRate ?? 4;
    this.minCover = options.minCover ?? 16n;
    this.share = options.share ?? 4n;
    this.closeWaitMs = options.closeWaitMs ?? 5_000;
    this.now = options.now ?? (() => performance.now());
    this.logger = options.logger;
    this.inJournal = new LeaseChargesInJournal(journal);
    this.outage = new OutageAllowance(options.databaseHealth ?? { reachable: true }, options.outageAllowance ?? 200_000n);
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
   * its unused part goes back to the lease at once. A charge whose outcome is unknown goes to the
   * charge journal, and the lease (with the request's hold) is kept until the journal lands it,
   * because unlike a reservation row of its own nothing else would ever charge it. A charge the
   * billing function refused would be refused again: it is not kept.
   */
  async charge(part: Reservation, cost: bigint): Promise<SettleResult> {
    if (!this.parts.delete(part.requestId)) {
      // Charged or released before: the database answers (once per request id); the lease's books are already closed.
      if (cost === 0n) return { charged: 0n, alreadySettled: true, uncovered: 0n };
      const { leaseMissing: _, ...result } = await leaseChargeOrJournal(this.store, this.journal, part, cost);
      return result;
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
      const { leaseMissing, ...result } = await leaseChargeOrJournal(this.store, this.journal, part, cost);
      this.partLanded(part);
      if (lease && leaseMissing) this.drain(lease); // its row is gone: admit nothing more from it
      return result;
    } catch (err) {
      if (outcomeUnknown(err)) {
        this.inJournal.add(part);
        this.outage.owe(part.requestId, cost < part.amount ? cost : part.amount);
      } else {
        this.partLanded(part);
      }
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
      this.noteJournalLanded();
      // Never only the pending work: with none, that would spin on microtasks and starve the requests it waits for.
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 50)), ...this.pending]);
    }
    for (const lease of [...this.byId.values()]) this.giveBack(lease);
    await Promise.allSettled([...this.pending]);
  }

  /** The part's charge is done with (landed, or refused for good): it no longer holds its lease. */
  private partLanded(part: Reservation): void {
    this.outage.confirm(part.requestId);
    const lease = this.byId.get(part.leaseId!);
    if (lease) this.partDone(lease, part);
  }

  /** Leased requests whose journaled charges have landed since: their parts are done. */
  private noteJournalLanded(): void {
    for (const part of this.inJournal.takeLanded()) this.partLanded(part);
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
      const result = await reserveOrJournal(this.store, this.journal, hold);
      if (!result.ok) return;
      const now = this.now();
      const lease: Lease = {
        key: billingKeyOf(hold.userId, hold.tokenId, hold.tier), hold: result.reservation, available: amount, outstanding: 0, outstandingHold: 0n,
        acquiredAt: now, endsAt: undefined, lastUsedAt: now, draining: false, returned: false,
      };
      const subscriptionId = lease.hold.subscriptionId;
      try {
        if (subscriptionId !== null) lease.endsAt = await this.store.subscriptionEndsAt(subscriptionId);
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
      this.store
        .leaseShrink(lease.hold, lease.outstandingHold)
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
    if (this.inJournal.waitFor(lease.hold.requestId)) {
      // Shutdown, with charges of its requests still in the journal: released behind them, in
      // the journal's order, so each lands on the lease's hold before the hold goes back.
      this.journal.append(journalEntryOf(lease.hold, 0n));
      this.store.disown(lease.hold.requestId);
      return;
    }
    this.track(
      settleOrJournal(this.store, this.journal, lease.hold, 0n)
        .catch((err: unknown) => this.logger?.error('quota lease not given back yet; the charge journal (or else the max-age sweep) releases it', { requestId: lease.hold.requestId, error: err as Error })),
    );
  }

  private sweep(): void {
    this.noteJournalLanded();
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
