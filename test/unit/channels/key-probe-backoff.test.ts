import { KeyProbeBackoff } from '../../../src/domain/channels/key-probe-backoff';

/** Runs `rounds` prober rounds in which the key is met and, when due, refused; answers the rounds it was probed in. */
function refusedRounds(backoff: KeyProbeBackoff, key: { id: number; disabledAt: Date }, rounds: number, outcome: 'refused' | 'upstream down' = 'refused'): number[] {
  const probed: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    backoff.beginRound();
    if (backoff.due(key)) {
      probed.push(round);
      backoff.probed(key, outcome);
    }
  }
  return probed;
}

describe('key probe backoff', () => {
  const key = { id: 7, disabledAt: new Date('2026-11-26T10:00:00Z') };

  it('a key refused again and again is probed in rounds 1, 2, 4, 8, 16, ...', () => {
    expect(refusedRounds(new KeyProbeBackoff(), key, 40)).toEqual([1, 2, 4, 8, 16, 32]);
  });

  it('never waits more than maxSkippedRounds between two probes', () => {
    const probed = refusedRounds(new KeyProbeBackoff(63), key, 400);
    const gaps = probed.slice(1).map((round, i) => round - probed[i]!);
    expect(Math.max(...gaps)).toBe(64);
    expect(gaps.slice(-3)).toEqual([64, 64, 64]);
  });

  it('an upstream down as a whole does not count against the key', () => {
    expect(refusedRounds(new KeyProbeBackoff(), key, 5, 'upstream down')).toEqual([1, 2, 3, 4, 5]);
  });

  it('an answer, a new disable, or a round without the key start it from the beginning', () => {
    const backoff = new KeyProbeBackoff();
    refusedRounds(backoff, key, 8); // 4 refusals: next probe 8 rounds later
    backoff.beginRound();
    expect(backoff.due(key)).toBe(false);
    // Disabled again (it came back in between): due at once.
    expect(backoff.due({ ...key, disabledAt: new Date('2026-11-26T11:00:00Z') })).toBe(true);

    refusedRounds(backoff, key, 8);
    backoff.beginRound();
    backoff.probed(key, 'answered');
    backoff.beginRound();
    expect(backoff.due(key)).toBe(true);

    refusedRounds(backoff, key, 8);
    backoff.beginRound(); // a round that did not meet the key: it is no longer disabled
    backoff.beginRound();
    expect(backoff.due(key)).toBe(true);
    expect(backoff.tracked).toBe(0);
  });
});
