import { HeadroomHints } from '../../../src/domain/billing/headroom-hints';
import { LocalChangeBus } from '../../../src/lib/change-bus';

function hintsAt(options: { changeBus?: LocalChangeBus } = {}): { hints: HeadroomHints; advance(ms: number): void } {
  let now = 0;
  const hints = new HeadroomHints({ ttlMs: 1_000, maxKeys: 3, now: () => now, changeBus: options.changeBus });
  return { hints, advance: (ms) => void (now += ms) };
}

const KEY = HeadroomHints.keyOf(7, 70, 'FREE');

/** A reserve that answered `spare` (learnt without a head start). */
function learn(hints: HeadroomHints, key: string, spare: bigint | null): void {
  hints.begin(key, 0n, false).answered(spare);
}

const early = (hints: HeadroomHints, amount: bigint, key = KEY) => hints.begin(key, amount, true);

describe('HeadroomHints', () => {
  it('gives no head start to a key it has heard nothing about, nor when not asked to', () => {
    const { hints } = hintsAt();
    expect(early(hints, 1n).headStart).toBe(false);
    learn(hints, KEY, 1_000n);
    expect(hints.begin(KEY, 1n, false).headStart).toBe(false);
    expect(early(hints, 1n).headStart).toBe(true);
  });

  it('lets concurrent head starts together spend at most the last spare seen', () => {
    const { hints } = hintsAt();
    learn(hints, KEY, 1_000n);
    expect(early(hints, 600n).headStart).toBe(true);
    expect(early(hints, 500n).headStart).toBe(false); // 1 000 - 600 claimed leaves 400
    expect(early(hints, 400n).headStart).toBe(true);
    expect(early(hints, 1n).headStart).toBe(false);
  });

  it('takes the spare each reserve reports once it answers, and frees the claim', () => {
    const { hints } = hintsAt();
    learn(hints, KEY, 1_000n);
    early(hints, 600n).answered(300n); // the reserve held 600 and saw 300 left (someone else spent meanwhile)
    expect(early(hints, 301n).headStart).toBe(false);
    expect(early(hints, 300n).headStart).toBe(true);
  });

  it('stops head starts after a refusal until a reserve succeeds again', () => {
    const { hints } = hintsAt();
    learn(hints, KEY, 10_000n);
    const open = early(hints, 100n);
    early(hints, 100n).answered(null);
    expect(early(hints, 1n).headStart).toBe(false);
    open.answered(null);
    expect(early(hints, 1n).headStart).toBe(false);
    learn(hints, KEY, 500n);
    expect(early(hints, 500n).headStart).toBe(true);
  });

  it('never lets an older answer overwrite a newer one', () => {
    const { hints } = hintsAt();
    const older = hints.begin(KEY, 0n, false);
    const newer = hints.begin(KEY, 0n, false);
    newer.answered(100n);
    older.answered(1_000_000n);
    expect(early(hints, 101n).headStart).toBe(false);
    expect(early(hints, 100n).headStart).toBe(true);
  });

  it('answers once, however often it is told', () => {
    const { hints } = hintsAt();
    learn(hints, KEY, 1_000n);
    const a = early(hints, 1_000n);
    a.answered(0n);
    a.answered(5_000n);
    expect(early(hints, 1n).headStart).toBe(false);
  });

  it('forgets hints older than its ttl', () => {
    const { hints, advance } = hintsAt();
    learn(hints, KEY, 1_000n);
    advance(1_001);
    expect(early(hints, 1n).headStart).toBe(false);
    expect(hints.size).toBe(0);
  });

  it('keeps at most maxKeys keys, dropping the oldest', () => {
    const { hints } = hintsAt();
    for (let user = 1; user <= 4; user++) learn(hints, HeadroomHints.keyOf(user, user, 'FREE'), 100n);
    expect(hints.size).toBe(3);
    expect(early(hints, 1n, HeadroomHints.keyOf(1, 1, 'FREE')).headStart).toBe(false);
    expect(early(hints, 1n, HeadroomHints.keyOf(4, 4, 'FREE')).headStart).toBe(true);
  });

  it('forgets a user on user and subscription changes, everyone on token changes', async () => {
    const changeBus = new LocalChangeBus();
    const { hints } = hintsAt({ changeBus });
    const of = (user: number) => HeadroomHints.keyOf(user, user * 10, 'FREE');
    for (const user of [1, 11, 2]) learn(hints, of(user), 100n);
    await changeBus.publish({ topic: 'user', id: '1' });
    expect(early(hints, 1n, of(1)).headStart).toBe(false);
    expect(early(hints, 1n, of(11)).headStart).toBe(true);
    await changeBus.publish({ topic: 'subscription', id: '11' });
    expect(early(hints, 1n, of(11)).headStart).toBe(false);
    await changeBus.publish({ topic: 'catalogue' });
    expect(early(hints, 1n, of(2)).headStart).toBe(true);
    await changeBus.publish({ topic: 'token', id: 'a'.repeat(64) });
    expect(hints.size).toBe(0);
  });

  it('does not let a reserve that was on the wire during a change bring the hint back', async () => {
    const changeBus = new LocalChangeBus();
    const { hints } = hintsAt({ changeBus });
    learn(hints, KEY, 1_000n);
    const inFlight = hints.begin(KEY, 0n, false);
    await changeBus.publish({ topic: 'user', id: '7' });
    inFlight.answered(900n); // what it saw before the admin lowered the balance
    expect(early(hints, 1n).headStart).toBe(false);
    learn(hints, KEY, 50n); // a reserve started after the change
    expect(early(hints, 50n).headStart).toBe(true);
  });
});
