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
 *   the hints it may have made wrong, in every instance (the change bus).
 */
import type { ChangeBus, ChangeEvent } from '../../lib/change-bus';

export interface HeadroomClaim {
  /** The reserve answered: `spare` after a hold, or null when it was refused or failed. */
  settle(spare: bigint | null): void;
}

interface Hint {
  spare: bigint;
  claimed: bigint;
  seenAt: number;
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

  constructor(options: HeadroomHintsOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxKeys = options.maxKeys ?? 50_000;
    this.now = options.now ?? (() => performance.now());
    options.changeBus?.subscribe((event) => this.onChange(event));
  }

  static keyOf(userId: number, tokenId: number, tier: string): string {
    return `${userId}:${tokenId}:${tier}`;
  }

  /**
   * A claim on `amount` when the last spare seen for `key`, less what is already claimed,
   * covers it; undefined when the request should wait for its reserve. Either way, call
   * `record` (or the claim's `settle`) with what the reserve answers.
   */
  claim(key: string, amount: bigint): HeadroomClaim | undefined {
    const hint = this.hints.get(key);
    if (!hint) return undefined;
    if (this.now() - hint.seenAt > this.ttlMs) {
      if (hint.claimed === 0n) this.hints.delete(key);
      return undefined;
    }
    if (hint.spare - hint.claimed < amount) return undefined;
    hint.claimed += amount;
    let open = true;
    return {
      settle: (spare) => {
        if (!open) return;
        open = false;
        hint.claimed -= amount;
        this.record(key, spare);
      },
    };
  }

  /** What a reserve answered for `key` (without a claim): the spare after its hold, or null when refused. */
  record(key: string, spare: bigint | null): void {
    const hint = this.hints.get(key);
    if (spare === null) {
      // Refused: no head starts until a reserve succeeds again. Claims still open keep their entry.
      if (hint) {
        if (hint.claimed === 0n) this.hints.delete(key);
        else hint.spare = 0n;
      }
      return;
    }
    if (hint) {
      hint.spare = spare;
      hint.seenAt = this.now();
      return;
    }
    if (this.hints.size >= this.maxKeys) {
      const oldest = this.hints.keys().next().value;
      if (oldest !== undefined) this.hints.delete(oldest);
    }
    this.hints.set(key, { spare, claimed: 0n, seenAt: this.now() });
  }

  get size(): number {
    return this.hints.size;
  }

  private onChange(event: ChangeEvent): void {
    const perUser = event.topic === 'user' || event.topic === 'subscription';
    if (!perUser && event.topic !== 'token' && event.topic !== 'all') return;
    // Token events name a key hash; caps change rarely, so every hint goes.
    if (!perUser || event.id === undefined) {
      this.hints.clear();
      return;
    }
    const prefix = `${event.id}:`;
    for (const key of this.hints.keys()) if (key.startsWith(prefix)) this.hints.delete(key);
  }
}
