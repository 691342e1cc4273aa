import { gcraStep } from '../../../src/domain/rate-limit/gcra';
import { MemoryRateLimiter } from '../../../src/domain/rate-limit/memory-rate-limiter';
import { formatResetDuration } from '../../../src/gateway/auth/rate-limit';
import { ManualClock } from '../../../src/lib/clock';

function limiter() {
  const clock = new ManualClock('2026-11-22T00:00:00Z');
  return { clock, limiter: new MemoryRateLimiter({ clock }) };
}

describe('MemoryRateLimiter (GCRA, 60 s window)', () => {
  it('admits a burst of the limit, then refuses until one interval (window / limit) has passed', async () => {
    const { clock, limiter: l } = limiter();
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await l.consume('k', 3));
    expect(seen).toEqual([
      { allowed: true, limit: 3, remaining: 2, resetMs: 20_000 },
      { allowed: true, limit: 3, remaining: 1, resetMs: 20_000 },
      { allowed: true, limit: 3, remaining: 0, resetMs: 20_000 },
      { allowed: false, limit: 3, remaining: 0, resetMs: 20_000 },
    ]);
    clock.advance(19_999);
    expect(await l.consume('k', 3)).toMatchObject({ allowed: false, resetMs: 1 });
    clock.advance(1);
    expect(await l.consume('k', 3)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await l.consume('k', 3)).toMatchObject({ allowed: false, resetMs: 20_000 });
  });

  it('a refusal spends nothing: hammering while refused does not push the reset further out', async () => {
    const { clock, limiter: l } = limiter();
    await l.consume('k', 1);
    for (let i = 0; i < 50; i++) {
      clock.advance(1_000);
      expect(await l.consume('k', 1)).toMatchObject({ allowed: false, resetMs: 60_000 - (i + 1) * 1_000 });
    }
    clock.advance(10_000);
    expect((await l.consume('k', 1)).allowed).toBe(true);
  });

  it('spends a request of every budget at once, or of none when one of them refuses', async () => {
    const { limiter: l } = limiter();
    const budgets = [{ key: 'user', limit: 3 }, { key: 'key', limit: 1 }];
    expect(await l.consumeAll(budgets)).toEqual({
      allowed: true,
      decisions: [{ allowed: true, limit: 3, remaining: 2, resetMs: 20_000 }, { allowed: true, limit: 1, remaining: 0, resetMs: 60_000 }],
    });
    expect(await l.consumeAll(budgets)).toEqual({ allowed: false, refusedBy: 1, decision: { allowed: false, limit: 1, remaining: 0, resetMs: 60_000 } });
    expect(await l.consume('user', 3)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('is back to the full budget after a whole idle window, and keys do not share budgets', async () => {
    const { clock, limiter: l } = limiter();
    for (let i = 0; i < 5; i++) await l.consume('a', 5);
    expect((await l.consume('a', 5)).allowed).toBe(false);
    expect(await l.consume('b', 5)).toMatchObject({ allowed: true, remaining: 4 });
    clock.advance(60_000);
    const burst = [];
    for (let i = 0; i < 6; i++) burst.push((await l.consume('a', 5)).allowed);
    expect(burst).toEqual([true, true, true, true, true, false]);
  });

  it('is a bucket of the limit refilling at limit per minute, also for limits that do not divide the window', async () => {
    const { clock, limiter: l } = limiter();
    const admitted: number[] = [];
    // A caller retrying every 100 ms for 5 minutes against 7 per minute.
    for (let t = 0; t < 300_000; t += 100) {
      if ((await l.consume('k', 7)).allowed) admitted.push(t);
      clock.advance(100);
    }
    const interval = 60_000 / 7;
    // The burst, then one per interval (on the first 100 ms tick after each multiple of it).
    expect(admitted.slice(0, 10)).toEqual([0, 100, 200, 300, 400, 500, 600, 8_600, 17_200, 25_800]);
    // Never more than the bucket plus its refill between any two admissions.
    for (let i = 0; i < admitted.length; i++) {
      for (let j = i; j < admitted.length; j++) expect(j - i + 1).toBeLessThanOrEqual(7 + (admitted[j]! - admitted[i]!) / interval);
    }
    // Over the whole run: the burst plus 7 per minute, less what the 100 ms ticks round away.
    expect(admitted.length).toBeLessThanOrEqual(7 + 300_000 / interval);
    expect(admitted.length).toBeGreaterThanOrEqual(7 + Math.floor(300_000 / 8_600));
  });

  it('handles the extremes: 1 per minute, 1e5 per minute used up, and 1e6 per minute counted down', async () => {
    const { limiter: l } = limiter();
    expect(await l.consume('one', 1)).toEqual({ allowed: true, limit: 1, remaining: 0, resetMs: 60_000 });
    expect(await l.consume('one', 1)).toEqual({ allowed: false, limit: 1, remaining: 0, resetMs: 60_000 });
    // A whole burst of 100,000 within one instant, then the first refusal (a million awaited calls
    // cost the test suite most of a minute on a busy machine for no more coverage).
    let allowed = 0;
    for (let i = 0; i < 100_001; i++) if ((await l.consume('many', 100_000)).allowed) allowed++;
    expect(allowed).toBe(100_000);
    expect((await l.consume('many', 100_000)).allowed).toBe(false);
    // 1e6 per minute: the arithmetic holds at that scale (every call counts one down).
    for (let i = 1; i <= 1_000; i++) expect(await l.consume('million', 1_000_000)).toMatchObject({ allowed: true, remaining: 1_000_000 - i });
  });
});

describe('gcraStep', () => {
  it('reports the wait until the next slot frees, which is never more than one interval', () => {
    const now = 1_700_000_000_000_000;
    let tat: number | undefined;
    for (let i = 0; i < 9; i++) {
      const step = gcraStep(tat, now, 9, 60_000_000);
      expect(step).toMatchObject({ allowed: true, remaining: 8 - i });
      expect(step.waitUs).toBeGreaterThan(0);
      expect(step.waitUs).toBeLessThanOrEqual(Math.ceil(60_000_000 / 9));
      tat = step.tatUs;
    }
    expect(gcraStep(tat, now, 9, 60_000_000)).toMatchObject({ allowed: false, tatUs: tat, remaining: 0 });
  });
});

describe('formatResetDuration (OpenAI style)', () => {
  it.each([
    [0, '0s'],
    [250, '250ms'],
    [1_000, '1s'],
    [1_500, '1.5s'],
    [20_000, '20s'],
    [60_000, '1m0s'],
    [61_250, '1m1.25s'],
  ])('%d ms -> %s', (ms, text) => {
    expect(formatResetDuration(ms)).toBe(text);
  });
});
