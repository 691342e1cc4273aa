import { KeyProbeBackoff, type ProbedKey, type ProbeOutcome } from '../../../src/domain/channels/key-probe-backoff';

/** A key's row as the probe reads and writes it. */
function keyRow(disabledAt: Date): ProbedKey & { id: number } {
  return { id: 7, disabledAt, probeRefusals: 0, probeRound: null, probeDisabledAt: null };
}

function probe(backoff: KeyProbeBackoff, key: ProbedKey, outcome: ProbeOutcome, round: number): void {
  const next = backoff.after(key, outcome, round);
  if (next) Object.assign(key, { probeRefusals: next.refusals, probeRound: next.round, probeDisabledAt: next.disabledAt });
}

/** Runs rounds `from`..`to` in which the key is met and, when due, gets `outcome`; answers the rounds it was probed in. */
function probedRounds(backoff: KeyProbeBackoff, key: ProbedKey, from: number, to: number, outcome: ProbeOutcome = 'refused'): number[] {
  const probed: number[] = [];
  for (let round = from; round <= to; round++) {
    if (backoff.due(key, round)) {
      probed.push(round);
      probe(backoff, key, outcome, round);
    }
  }
  return probed;
}

describe('key probe backoff', () => {
  const disabledAt = new Date('2026-11-26T10:00:00Z');

  it('a key refused again and again is probed in rounds 1, 2, 4, 8, 16, ...', () => {
    expect(probedRounds(new KeyProbeBackoff(), keyRow(disabledAt), 1, 40)).toEqual([1, 2, 4, 8, 16, 32]);
  });

  it('never waits more than maxSkippedRounds between two probes', () => {
    const probed = probedRounds(new KeyProbeBackoff(63), keyRow(disabledAt), 1, 400);
    const gaps = probed.slice(1).map((round, i) => round - probed[i]!);
    expect(Math.max(...gaps)).toBe(64);
    expect(gaps.slice(-3)).toEqual([64, 64, 64]);
  });

  it('an upstream down as a whole does not count against the key (and writes nothing)', () => {
    const backoff = new KeyProbeBackoff();
    expect(probedRounds(backoff, keyRow(disabledAt), 1, 5, 'upstream down')).toEqual([1, 2, 3, 4, 5]);
    expect(backoff.after(keyRow(disabledAt), 'upstream down', 1)).toBeNull();
  });

  it('an answer or a new disable starts it from the beginning', () => {
    const backoff = new KeyProbeBackoff();
    const key = keyRow(disabledAt);
    probedRounds(backoff, key, 1, 8); // 4 refusals: next probe 8 rounds later
    expect(backoff.due(key, 9)).toBe(false);
    // Disabled again (it came back in between): due at once.
    expect(backoff.due({ ...key, disabledAt: new Date('2026-11-26T11:00:00Z') }, 9)).toBe(true);

    probe(backoff, key, 'answered', 9);
    expect(key.probeRefusals).toBe(0);
    expect(backoff.due(key, 10)).toBe(true);
  });

  it('the rounds are the cluster\'s: a record written by one instance holds for the next round another runs', () => {
    const backoff = new KeyProbeBackoff();
    const key = keyRow(disabledAt);
    probedRounds(backoff, key, 1, 4); // refused in rounds 1, 2, 4 (by whichever instance)
    // The row as any instance reads it: rounds 5 to 7 skip it, round 8 probes it.
    const row = { ...key, probeRound: String(key.probeRound) };
    expect([5, 6, 7, 8].map((round) => backoff.due(row, round))).toEqual([false, false, false, true]);
  });
});
