import { CheckIn, LedgerEntry, User } from '../../../src/db/entities';
import { ManualClock } from '../../../src/lib/clock';
import { BalancesDocument, CheckInDocument, CheckInStatusDocument, LedgerDocument } from '../../generated/graphql';
import { expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { balanceMismatches } from './money-helpers';

let app: TestApp;
const clock = new ManualClock('2026-11-22T10:00:00Z');

beforeAll(async () => {
  app = await startTestApp({ SIGNUP_GRANT: '1000', CHECKIN_AMOUNT: '250' });
  app.server.services.clock = clock;
});
afterAll(() => app.close());

async function setTimezone(userId: number, timezone: string | null) {
  await app.em().execute('update users set timezone = ? where id = ?', [timezone, userId]);
}

describe('checkIn', () => {
  it('adds the configured amount once per day, with its ledger row; a second call changes nothing', async () => {
    clock.set('2026-11-22T10:00:00Z');
    const alice = await signUp(app, 'alice@money.test');

    const first = expectTypename((await gqlData(app, CheckInDocument, {}, alice.session)).checkIn, 'CheckInSuccess');
    expect(first).toMatchObject({ day: '2026-11-22', amount: '250', nextCheckInAt: '2026-11-23T00:00:00.000Z' });
    expect(first.user.freeQuota).toBe('1250');

    const second = (await gqlData(app, CheckInDocument, {}, alice.session)).checkIn;
    expect(second).toEqual({
      __typename: 'AlreadyCheckedInError', code: 'ALREADY_CHECKED_IN', day: '2026-11-22', nextCheckInAt: '2026-11-23T00:00:00.000Z',
    });
    const me = (await gqlData(app, BalancesDocument, {}, alice.session)).me;
    expect(me.freeQuota).toBe('1250');

    const ledger = (await gqlData(app, LedgerDocument, {}, alice.session)).ledger.edges.map((e) => e.node);
    expect(ledger.map((e) => [e.kind, e.bucket, e.amount, e.balanceAfter])).toEqual([
      ['CHECK_IN', 'FREE', '250', '1250'],
      ['SIGNUP_GRANT', 'FREE', '1000', '1000'],
    ]);
    expect(ledger[0]!.reference).toBe(`check-in:${alice.userId}:2026-11-22`);
    expect(await balanceMismatches(app, alice.userId)).toEqual([]);
  });

  it('grants exactly once under 20 concurrent calls', async () => {
    clock.set('2026-11-22T12:00:00Z');
    const bob = await signUp(app, 'bob@money.test');
    const results = await Promise.all(Array.from({ length: 20 }, () => gql(app, CheckInDocument, {}, bob.session)));
    const typenames = results.map((r) => r.data?.checkIn.__typename ?? JSON.stringify(r.errors));
    expect(typenames.filter((t) => t === 'CheckInSuccess')).toHaveLength(1);
    expect(typenames.filter((t) => t === 'AlreadyCheckedInError')).toHaveLength(19);

    const em = app.em();
    expect(await em.count(CheckIn, { user: bob.userId })).toBe(1);
    expect(await em.count(LedgerEntry, { user: bob.userId, kind: 'CHECK_IN' })).toBe(1);
    expect((await em.findOneOrFail(User, bob.userId)).freeQuota).toBe(1250n);
    expect(await balanceMismatches(app, bob.userId)).toEqual([]);
  });

  it("cuts days in the user's own time zone: Shanghai starts a new day at 16:00 UTC, UTC does not", async () => {
    const shanghai = await signUp(app, 'shanghai@money.test');
    const utc = await signUp(app, 'utc@money.test');
    await setTimezone(shanghai.userId, 'Asia/Shanghai');

    // 15:59 UTC = 23:59 in Shanghai on the 22nd.
    clock.set('2026-11-22T15:59:00Z');
    const a1 = expectTypename((await gqlData(app, CheckInDocument, {}, shanghai.session)).checkIn, 'CheckInSuccess');
    expect(a1).toMatchObject({ day: '2026-11-22', nextCheckInAt: '2026-11-22T16:00:00.000Z' });
    const b1 = expectTypename((await gqlData(app, CheckInDocument, {}, utc.session)).checkIn, 'CheckInSuccess');
    expect(b1).toMatchObject({ day: '2026-11-22', nextCheckInAt: '2026-11-23T00:00:00.000Z' });

    // Two minutes later it is the 23rd in Shanghai, still the 22nd in UTC.
    clock.set('2026-11-22T16:01:00Z');
    const a2 = expectTypename((await gqlData(app, CheckInDocument, {}, shanghai.session)).checkIn, 'CheckInSuccess');
    expect(a2).toMatchObject({ day: '2026-11-23', nextCheckInAt: '2026-11-23T16:00:00.000Z' });
    expect(a2.user.freeQuota).toBe('1500');
    const b2 = (await gqlData(app, CheckInDocument, {}, utc.session)).checkIn;
    expect(b2).toMatchObject({ __typename: 'AlreadyCheckedInError', day: '2026-11-22', nextCheckInAt: '2026-11-23T00:00:00.000Z' });

    const days = (await app.em().find(CheckIn, { user: shanghai.userId }, { orderBy: { id: 'asc' } })).map((c) => String(c.day));
    expect(days).toEqual(['2026-11-22', '2026-11-23']);
    expect(await balanceMismatches(app)).toEqual([]);
  });

  it('uses DEFAULT_TIMEZONE for users without a zone of their own', async () => {
    const other = await startTestApp({ CHECKIN_AMOUNT: '7', DEFAULT_TIMEZONE: 'Asia/Shanghai' });
    try {
      other.server.services.clock = new ManualClock('2026-11-22T16:30:00Z');
      const carol = await signUp(other, 'carol@money.test');
      const result = expectTypename((await gqlData(other, CheckInDocument, {}, carol.session)).checkIn, 'CheckInSuccess');
      expect(result).toMatchObject({ day: '2026-11-23', amount: '7', nextCheckInAt: '2026-11-23T16:00:00.000Z' });
    } finally {
      await other.close();
    }
  });
});

describe('checkInStatus', () => {
  it('tells whether today is done, when the next day starts, and the streak', async () => {
    const dave = await signUp(app, 'dave@money.test');
    await setTimezone(dave.userId, 'Asia/Shanghai');
    for (const instant of ['2026-12-01T02:00:00Z', '2026-12-02T02:00:00Z', '2026-12-03T02:00:00Z']) {
      clock.set(instant);
      expectTypename((await gqlData(app, CheckInDocument, {}, dave.session)).checkIn, 'CheckInSuccess');
    }
    clock.set('2026-12-03T15:00:00Z'); // 23:00 on the 3rd in Shanghai
    expect((await gqlData(app, CheckInStatusDocument, {}, dave.session)).checkInStatus).toEqual({
      checkedInToday: true, day: '2026-12-03', timezone: 'Asia/Shanghai', nextCheckInAt: '2026-12-03T16:00:00.000Z', streak: 3,
    });
    clock.set('2026-12-03T17:00:00Z'); // 01:00 on the 4th: not yet checked in, streak still alive
    expect((await gqlData(app, CheckInStatusDocument, {}, dave.session)).checkInStatus).toMatchObject({
      checkedInToday: false, day: '2026-12-04', streak: 3,
    });
    clock.set('2026-12-05T17:00:00Z'); // the 6th: the 4th and 5th were missed
    expect((await gqlData(app, CheckInStatusDocument, {}, dave.session)).checkInStatus).toMatchObject({ checkedInToday: false, streak: 0 });
  });

  it('is for signed-in users only', async () => {
    const anonymous = await gql(app, CheckInStatusDocument, {});
    expect(anonymous.data ?? null).toBeNull();
    expect(anonymous.errors?.[0]?.message).toMatch(/not authorized/i);
    const anonCheckIn = await gql(app, CheckInDocument, {});
    expect(anonCheckIn.errors?.[0]?.message).toMatch(/not authorized/i);
  });
});
