/**
 * How often the health probe tries again a key the vendor keeps refusing. A revoked key is
 * usually revoked for good, and a pool of 2,000 channels with 10 keys each can hold hundreds of
 * them: probing each one every round would send the vendor a steady stream of requests with dead
 * keys (which some vendors count against the account) and make every round as long as all of
 * them. So a key refused by n probes in a row waits 2^(n-1) - 1 rounds before the next, at most
 * `maxSkippedRounds` (63: about an hour at the default 60 s interval). The first retry is the
 * very next round, so a key blocked for a moment comes back as fast as before.
 *
 * Counted in rounds, not wall time: a round that ran late or was skipped delays nothing further,
 * and tests drive it round by round. Only the key's own refusals count; an upstream failing as a
 * whole (no answer, a 5xx) says nothing about the key. Kept per process, in memory: a restart or
 * another instance probes it once more, which is harmless. A key disabled again after it came
 * back (a new `disabledAt`) starts from the beginning.
 */
export interface ProbedKey {
  id: number;
  disabledAt?: Date | null;
}

interface KeyRecord {
  disabledAt: number;
  refusals: number;
  /** The round of its last refused probe. */
  round: number;
}

export class KeyProbeBackoff {
  private round = 0;
  private readonly keys = new Map<number, KeyRecord>();
  private seen = new Set<number>();

  constructor(private readonly maxSkippedRounds = 63) {}

  /** A new round of the prober: keys not met since the last one are no longer disabled, and are forgotten. */
  beginRound(): void {
    if (this.round > 0) {
      for (const id of this.keys.keys()) if (!this.seen.has(id)) this.keys.delete(id);
    }
    this.seen = new Set();
    this.round++;
  }

  /** Whether this round should probe the key. */
  due(key: ProbedKey): boolean {
    this.seen.add(key.id);
    const record = this.current(key);
    if (!record) return true;
    const skip = Math.min(2 ** (record.refusals - 1) - 1, this.maxSkippedRounds);
    return this.round - record.round > skip;
  }

  /** What its probe showed: `refused` by the vendor (counted), or answered / the upstream down (not counted). */
  probed(key: ProbedKey, outcome: 'answered' | 'refused' | 'upstream down'): void {
    if (outcome === 'answered') {
      this.keys.delete(key.id);
      return;
    }
    if (outcome === 'upstream down') return;
    const refusals = (this.current(key)?.refusals ?? 0) + 1;
    this.keys.set(key.id, { disabledAt: key.disabledAt?.getTime() ?? 0, refusals, round: this.round });
  }

  /** Keys with refusals on record (for tests and metrics). */
  get tracked(): number {
    return this.keys.size;
  }

  private current(key: ProbedKey): KeyRecord | undefined {
    const record = this.keys.get(key.id);
    if (record && record.disabledAt !== (key.disabledAt?.getTime() ?? 0)) {
      this.keys.delete(key.id);
      return undefined;
    }
    return record;
  }
}
