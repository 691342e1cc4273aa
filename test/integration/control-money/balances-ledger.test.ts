import { LedgerEntry, Package, User } from '../../../src/db/entities';
import { ManualClock } from '../../../src/lib/clock';
import {
  AdjustUserQuotaDocument, BalancesDocument, LedgerDocument, LedgerWithActorDocument, MarkOrderPaidDocument,
  MySubscriptionsDocument, PurchasePackageDocument,
} from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { balanceMismatches } from './money-helpers';

let app: TestApp;
let admin: string;
let adminId: string;
let weeklyId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  app = await startTestApp({ SIGNUP_GRANT: '1000' });
  admin = await adminSession(app);
  adminId = String((await app.em().findOneOrFail(User, { role: 'ADMIN' })).id);
  weeklyId = String((await app.em().findOneOrFail(Package, { name: 'SVIP Weekly' })).id);
});
afterEach(async () => expect(await balanceMismatches(app)).toEqual([]));
afterAll(() => app.close());

async function buyWeekly(session: string) {
  const order = expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: weeklyId }, session)).purchasePackage, 'Order');
  return expectTypename((await gqlData(app, MarkOrderPaidDocument, { orderId: order.id }, admin)).markOrderPaid, 'Order');
}

describe('adjustUserQuota', () => {
  it('adds and removes free quota with an ADMIN_ADJUSTMENT row naming the admin and the memo', async () => {
    const user = await signUp(app, 'adjust@money.test');
    const up = expectTypename(
      (await gqlData(app, AdjustUserQuotaDocument, { userId: String(user.userId), amount: '500', memo: 'goodwill' }, admin)).adjustUserQuota,
      'AdjustUserQuotaSuccess',
    );
    expect(up.ledgerEntry).toMatchObject({ kind: 'ADMIN_ADJUSTMENT', amount: '500', balanceAfter: '1500', memo: 'goodwill', actor: { id: adminId } });
    expect(up.user.freeQuota).toBe('1500');
    const down = expectTypename(
      (await gqlData(app, AdjustUserQuotaDocument, { userId: String(user.userId), amount: '-1400', memo: 'abuse' }, admin)).adjustUserQuota,
      'AdjustUserQuotaSuccess',
    );
    expect(down.user.freeQuota).toBe('100');

    const tooMuch = (await gqlData(app, AdjustUserQuotaDocument, { userId: String(user.userId), amount: '-101', memo: 'x' }, admin)).adjustUserQuota;
    expect(tooMuch).toMatchObject({ __typename: 'InsufficientBalanceError', code: 'INSUFFICIENT_BALANCE', balance: '100' });
    expect((await app.em().findOneOrFail(User, user.userId)).freeQuota).toBe(100n);
    expect(await app.em().count(LedgerEntry, { user: user.userId, kind: 'ADMIN_ADJUSTMENT' })).toBe(2);
  });

  it('validates its input and is admin-only', async () => {
    const user = await signUp(app, 'adjust-bad@money.test');
    const id = String(user.userId);
    expect((await gqlData(app, AdjustUserQuotaDocument, { userId: id, amount: '0', memo: 'x' }, admin)).adjustUserQuota)
      .toMatchObject({ __typename: 'InputValidationError', field: 'amount' });
    expect((await gqlData(app, AdjustUserQuotaDocument, { userId: id, amount: '1', memo: '   ' }, admin)).adjustUserQuota)
      .toMatchObject({ __typename: 'InputValidationError', field: 'memo' });
    expect((await gqlData(app, AdjustUserQuotaDocument, { userId: '999999', amount: '1', memo: 'x' }, admin)).adjustUserQuota)
      .toMatchObject({ __typename: 'NotFoundError' });
    const self = await gql(app, AdjustUserQuotaDocument, { userId: id, amount: '1000000', memo: 'me' }, user.session);
    expect(self.errors?.[0]?.message).toMatch(/not authorized/i);
    expect((await app.em().findOneOrFail(User, user.userId)).freeQuota).toBe(1000n);
  });
});

describe('ledger', () => {
  it('pages through every balance change, newest first', async () => {
    const user = await signUp(app, 'pages@money.test');
    for (let i = 1; i <= 4; i++) {
      await gqlData(app, AdjustUserQuotaDocument, { userId: String(user.userId), amount: String(i), memo: `m${i}` }, admin);
    }
    const page1 = (await gqlData(app, LedgerDocument, { first: 3 }, user.session)).ledger;
    expect(page1.edges.map((e) => e.node.memo)).toEqual(['m4', 'm3', 'm2']);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await gqlData(app, LedgerDocument, { first: 3, after: page1.pageInfo.endCursor }, user.session)).ledger;
    expect(page2.edges.map((e) => e.node.kind)).toEqual(['ADMIN_ADJUSTMENT', 'SIGNUP_GRANT']);
    expect(page2.pageInfo.hasNextPage).toBe(false);
  });

  it("is the viewer's own; another user's ledger needs an admin, and so does the actor", async () => {
    const a = await signUp(app, 'ledger-a@money.test');
    const b = await signUp(app, 'ledger-b@money.test');
    await gqlData(app, AdjustUserQuotaDocument, { userId: String(a.userId), amount: '5', memo: 'for a' }, admin);

    const own = (await gqlData(app, LedgerDocument, {}, b.session)).ledger.edges;
    expect(own.every((e) => e.node.user.id === String(b.userId))).toBe(true);
    const spy = await gql(app, LedgerDocument, { userId: String(a.userId) }, b.session);
    expect(spy.errors?.[0]?.message).toMatch(/not authorized/i);
    expect(spy.data ?? null).toBeNull();
    const anon = await gql(app, LedgerDocument, {});
    expect(anon.errors?.[0]?.message).toMatch(/not authorized/i);

    const asAdmin = (await gqlData(app, LedgerWithActorDocument, { userId: String(a.userId) }, admin)).ledger.edges;
    expect(asAdmin[0]!.node).toMatchObject({ kind: 'ADMIN_ADJUSTMENT', memo: 'for a', actor: { id: adminId } });
    const actorAsUser = await gql(app, LedgerWithActorDocument, {}, a.session);
    expect(actorAsUser.errors?.[0]?.message).toMatch(/not authorized/i);
  });
});

describe('balances and subscriptions over time', () => {
  it('shows free, per-subscription and total quota; expiry is by time', async () => {
    const clock = new ManualClock(new Date());
    const original = app.server.services.clock;
    app.server.services.clock = clock;
    try {
      const user = await signUp(app, 'timeline@money.test');
      const paid = await buyWeekly(user.session);
      let me = (await gqlData(app, BalancesDocument, {}, user.session)).me;
      expect(me).toMatchObject({ freeQuota: '1000', totalQuota: '10001000' });
      expect(me.activeSubscriptions.map((s) => [s.id, s.quotaRemaining, s.status])).toEqual([[paid.subscription!.id, '10000000', 'ACTIVE']]);

      clock.advance(7 * DAY + 1000);
      me = (await gqlData(app, BalancesDocument, {}, user.session)).me;
      expect(me).toMatchObject({ totalQuota: '1000', activeSubscriptions: [] });
      const subs = (await gqlData(app, MySubscriptionsDocument, {}, user.session)).subscriptions;
      expect(subs.map((s) => s.status)).toEqual(['EXPIRED']);
      expect((await gqlData(app, MySubscriptionsDocument, { activeOnly: true }, user.session)).subscriptions).toEqual([]);

      // Buying again after expiry starts a new subscription rather than extending the old one.
      const again = await buyWeekly(user.session);
      expect(again.subscription!.id).not.toBe(paid.subscription!.id);
      expect((await gqlData(app, MySubscriptionsDocument, {}, user.session)).subscriptions.map((s) => s.status)).toEqual(['ACTIVE', 'EXPIRED']);

      const other = await signUp(app, 'timeline-other@money.test');
      const peek = await gql(app, MySubscriptionsDocument, { userId: String(user.userId) }, other.session);
      expect(peek.errors?.[0]?.message).toMatch(/not authorized/i);
      const asAdmin = (await gqlData(app, MySubscriptionsDocument, { userId: String(user.userId) }, admin)).subscriptions;
      expect(asAdmin).toHaveLength(2);
    } finally {
      app.server.services.clock = original;
    }
  });
});
