import type { EntityManager } from '@mikro-orm/postgresql';

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
 * and tests drive it round by round. The rounds are the cluster's (the probe job's run count in
 * `cluster_job_leases`) and the record is on the key's row, so whichever instance runs the next
 * round honours the backoff, and a restart forgets nothing. Only the key's own refusals count; an
 * upstream failing as a whole (no answer, a 5xx) says nothing about the key. A key disabled again
 * after it came back (a new `disabledAt`) starts from the beginning.
 */
export interface ProbedKey {
  id: number;
  disabledAt?: Date | null;
  probeRefusals?: number | null;
  /** The cluster round of its last refused probe (a bigint column: read as a string or number). */
  probeRound?: number | string | bigint | null;
  probeDisabledAt?: Date | null;
}

export type ProbeOutcome = 'answered' | 'refused' | 'upstream down';

export interface KeyProbeRecord {
  refusals: number;
  round: number | null;
  disabledAt: Date | null;
}

export class KeyProbeBackoff {
  constructor(private readonly maxSkippedRounds = 63) {}

  /** Whether round `round` should probe the key. */
  due(key: ProbedKey, round: number): boolean {
    const record = this.current(key);
    if (!record || record.round === null) return true;
    const skip = Math.min(2 ** (record.refusals - 1) - 1, this.maxSkippedRounds);
    return round - record.round > skip;
  }

  /** The key's record after a probe in round `round`; null when it is unchanged. */
  after(key: ProbedKey, outcome: ProbeOutcome, round: number): KeyProbeRecord | null {
    if (outcome === 'upstream down') return null;
    if (outcome === 'answered') return { refusals: 0, round: null, disabledAt: null };
    return { refusals: (this.current(key)?.refusals ?? 0) + 1, round, disabledAt: key.disabledAt ?? null };
  }

  /** Writes what the probe showed onto the key's row (one UPDATE; nothing when unchanged). */
  async record(em: EntityManager, key: ProbedKey, outcome: ProbeOutcome, round: number): Promise<void> {
    const next = this.after(key, outcome, round);
    if (!next) return;
    await em
      .getConnection()
      .execute(`update channel_keys set probe_refusals = ?, probe_round = ?, probe_disabled_at = ? where id = ?`, [next.refusals, next.round, next.disabledAt, key.id], 'run');
  }

  /** The refusals on record for the key's current disable, if any. */
  private current(key: ProbedKey): KeyProbeRecord | undefined {
    const refusals = key.probeRefusals ?? 0;
    if (refusals <= 0 || key.probeRound === null || key.probeRound === undefined) return undefined;
    if ((key.probeDisabledAt?.getTime() ?? 0) !== (key.disabledAt?.getTime() ?? 0)) return undefined;
    return { refusals, round: Number(key.probeRound), disabledAt: key.probeDisabledAt ?? null };
  }
}
