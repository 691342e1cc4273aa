/**
 * What this process last learnt about a key's room to spend: the spare a reserve reported
 * (bucket and token cap, after that hold), minus what requests started on the strength of it
 * have claimed since. The data plane asks it whether a request may go upstream while its own
 * reserve is still on the wire (OPTIMISTIC_ADMISSION).
 *
 * It is a hint, never a balance: the reserve alone decides who pays, so a wrong hint costs no
 * customer anything. What a wrong hint can cost the operator is an upstream call that is cut
 * off when its reserve comes back refused, and the rules keep that rare and bounded:
 * - no hint, no head start: a key's first request, and any after a refusal, wait for their
 *   reserve, so a burst on an empty balance never reaches the upstream;
 * - claims are counted until their reserve answers, so concurrent head starts together stay
 *   within the last spare seen;
 * - hints expire (`ttlMs`), so a balance spent through another instance is noticed soon;
 * - a change the control plane announces (a user's balance or subscriptions, any token) drops
 *   the hints it may have made wrong, in every instance (the change bus), and no reserve that was
 *   already on the wire may bring them back;
 * - an answer never overwrites what a reserve started after it reported (answers can arrive out
 *   of order when billing scripts overlap).
 * Hints are per key and tier while the money is per bucket, so a user's several keys can each
 * start ahead on the same spare: the bound is per key, not per user.
 */
import type { ChangeBus, ChangeEvent } from '../../lib/change-bus';
import { billingKeyOf, staleBillingUsers } from './billing-key';

/** One reserve on its way; tell it what the reserve answered. */
export interface PendingReserve {
  /** The request may go upstream before the reserve answers. */
  readonly headStart: boolean;
  /** The reserve answered: `spare` after its hold, or null when it was refused or failed. */
  answered(spare: bigint | null): void;
}

interface Hint {
  spare: bigint;
  claimed: bigint;
  seenAt: number;
  /** The reserve whose answer `spare` is (tickets grow in the order reserves start). */
  ticket: number;
}

export interface HeadroomHintsOptions {
  ttlMs?: number;
  /** Most keys remembered; the oldest are forgotten first. */
  maxKeys?: number;
  now?: () => number;
  changeBus?: Pick<ChangeBus, 'subscribe'>;
}

export class HeadroomHints {
  private readonly hints = new Map<string, Hint>();
  private readonly ttlMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  private tickets = 0;
  /** Reserves with a ticket up to this one started before the last announced change. */
  private changedAfter = 0;

  constructor(options: HeadroomHintsOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxKeys = options.maxKeys ?? 50_000;
    this.now = options.now ?? (() => performance.now());
    options.changeBus?.subscribe((event) => this.onChange(event));
  }

  static readonly keyOf = billingKeyOf;

  /**
   * A reserve of `amount` for `key` is starting. With `mayStartEarly`, it gets a head start when
   * the last spare seen, less what other head starts have claimed, covers it (the amount is then
   * claimed until the reserve answers).
   */
  begin(key: string, amount: bigint, mayStartEarly: boolean): PendingReserve {
    const ticket = ++this.tickets;
    const hint = mayStartEarly ? this.fresh(key) : undefined;
    const claimed = hint !== undefined && hint.spare - hint.claimed >= amount ? hint : undefined;
    if (claimed) claimed.claimed += amount;
    let open = true;
    return {
      headStart: claimed !== undefined,
      answered: (spare) => {
        if (!open) return;
        open = false;
        if (claimed) claimed.claimed -= amount;
        this.learn(key, spare, ticket);
      },
    };
  }

  get size(): number {
    return this.hints.size;
  }

  private fresh(key: string): Hint | undefined {
    const hint = this.hints.get(key);
    if (!hint) return undefined;
    if (this.now() - hint.seenAt <= this.ttlMs) return hint;
    if (hint.claimed === 0n) this.hints.delete(key);
    return undefined;
  }

  private learn(key: string, spare: bigint | null, ticket: number): void {
    const hint = this.hints.get(key);
    if (spare === null) {
      // Refused: no head starts until a reserve succeeds again. Claims still open keep their entry.
      if (hint) {
        if (hint.claimed === 0n) this.hints.delete(key);
        else hint.spare = 0n;
      }
      return;
    }
    // Started before an announced change, or before the answer already recorded: stale.
    if (ticket <= this.changedAfter || (hint && ticket < hint.ticket)) return;
    if (hint) {
      hint.spare = spare;
      hint.seenAt = this.now();
      hint.ticket = ticket;
      return;
    }
    if (this.hints.size >= this.maxKeys) {
      const oldest = this.hints.keys().next().value;
      if (oldest !== undefined) this.hints.delete(oldest);
    }
    this.hints.set(key, { spare, claimed: 0n, seenAt: this.now(), ticket });
  }

  private onChange(event: ChangeEvent): void {
    const stale = staleBillingUsers(event);
    if (stale === null) return;
    this.changedAfter = this.tickets;
    if (stale === 'all') {
      this.hints.clear();
      return;
    }
    const prefix = `${stale}:`;
    for (const key of this.hints.keys()) if (key.startsWith(prefix)) this.hints.delete(key);
  }
}
