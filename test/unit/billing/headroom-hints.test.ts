import { HeadroomHints } from '../../../src/domain/billing/headroom-hints';
import { LocalChangeBus } from '../../../src/lib/change-bus';

function hintsAt(start = 0): { hints: HeadroomHints; advance(ms: number): void } {
  let now = start;
  const hints = new HeadroomHints({ ttlMs: 1_000, maxKeys: 3, now: () => now });
  return { hints, advance: (ms) => void (now += ms) };
}

const KEY = HeadroomHints.keyOf(7, 70, 'FREE');

describe('HeadroomHints', () => {
  it('gives no head start to a key it has heard nothing about', () => {
    const { hints } = hintsAt();
    expect(hints.claim(KEY, 1n)).toBeUndefined();
  });

  it('lets concurrent claims together spend at most the last spare seen', () => {
    const { hints } = hintsAt();
    hints.record(KEY, 1_000n);
    const a = hints.claim(KEY, 600n);
    expect(a).toBeDefined();
    expect(hints.claim(KEY, 500n)).toBeUndefined(); // 1 000 - 600 claimed leaves 400
    expect(hints.claim(KEY, 400n)).toBeDefined();
    expect(hints.claim(KEY, 1n)).toBeUndefined();
  });

  it('takes the spare each reserve reports once it answers, and frees the claim', () => {
    const { hints } = hintsAt();
    hints.record(KEY, 1_000n);
    const a = hints.claim(KEY, 600n)!;
    a.settle(300n); // the reserve held 600 and saw 300 left (someone else spent meanwhile)
    expect(hints.claim(KEY, 301n)).toBeUndefined();
    expect(hints.claim(KEY, 300n)).toBeDefined();
  });

  it('stops head starts after a refusal until a reserve succeeds again', () => {
    const { hints } = hintsAt();
    hints.record(KEY, 10_000n);
    const open = hints.claim(KEY, 100n)!;
    hints.claim(KEY, 100n)!.settle(null);
    expect(hints.claim(KEY, 1n)).toBeUndefined();
    open.settle(null);
    expect(hints.claim(KEY, 1n)).toBeUndefined();
    hints.record(KEY, 500n);
    expect(hints.claim(KEY, 500n)).toBeDefined();
  });

  it('settles a claim once, however often it is told', () => {
    const { hints } = hintsAt();
    hints.record(KEY, 1_000n);
    const a = hints.claim(KEY, 1_000n)!;
    a.settle(0n);
    a.settle(5_000n);
    expect(hints.claim(KEY, 1n)).toBeUndefined();
  });

  it('forgets hints older than its ttl', () => {
    const { hints, advance } = hintsAt();
    hints.record(KEY, 1_000n);
    advance(1_001);
    expect(hints.claim(KEY, 1n)).toBeUndefined();
    expect(hints.size).toBe(0);
  });

  it('keeps at most maxKeys keys, dropping the oldest', () => {
    const { hints } = hintsAt();
    for (let user = 1; user <= 4; user++) hints.record(HeadroomHints.keyOf(user, user, 'FREE'), 100n);
    expect(hints.size).toBe(3);
    expect(hints.claim(HeadroomHints.keyOf(1, 1, 'FREE'), 1n)).toBeUndefined();
    expect(hints.claim(HeadroomHints.keyOf(4, 4, 'FREE'), 1n)).toBeDefined();
  });

  it('forgets a user on user and subscription changes, everyone on token changes', async () => {
    const changeBus = new LocalChangeBus();
    const hints = new HeadroomHints({ changeBus });
    const of = (user: number) => HeadroomHints.keyOf(user, user * 10, 'FREE');
    for (const user of [1, 11, 2]) hints.record(of(user), 100n);
    await changeBus.publish({ topic: 'user', id: '1' });
    expect(hints.claim(of(1), 1n)).toBeUndefined();
    expect(hints.claim(of(11), 1n)).toBeDefined();
    await changeBus.publish({ topic: 'subscription', id: '11' });
    expect(hints.claim(of(11), 1n)).toBeUndefined();
    await changeBus.publish({ topic: 'catalogue' });
    expect(hints.claim(of(2), 1n)).toBeDefined();
    await changeBus.publish({ topic: 'token', id: 'a'.repeat(64) });
    expect(hints.size).toBe(0);
  });
});
