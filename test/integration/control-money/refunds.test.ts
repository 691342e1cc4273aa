import { LedgerEntry, Package, Subscription } from '../../../src/db/entities';
import {
  BalancesDocument, MarkOrderPaidDocument, PurchasePackageDocument, RefundOrderDocument,
} from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { WEBHOOK_SECRET, balanceMismatches, postWebhook } from './money-helpers';

let app: TestApp;
let admin: string;
let weeklyId: string;

beforeAll(async () => {
  app = await startTestApp({ PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET });
  admin = await adminSession(app);
  weeklyId = String((await app.em().findOneOrFail(Package, { name: 'SVIP Weekly' })).id);
});
afterEach(async () => expect(await balanceMismatches(app)).toEqual([]));
afterAll(() => app.close());

async function paidOrder(session: string) {
  const order = expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: weeklyId }, session)).purchasePackage, 'Order');
  return expectTypename((await gqlData(app, MarkOrderPaidDocument, { orderId: order.id }, admin)).markOrderPaid, 'Order');
}

/** What the billing core does for a settled request: quota_used up, a USAGE_CHARGE row on the same bucket. */
async function chargeUsage(userId: number, subscriptionId: number, amount: bigint, requestId: string) {
  await app.em().execute(
    `with s as (update subscriptions set quota_used = quota_used + ? where id = ? returning quota_total - quota_used as balance)
     insert into ledger_entries (user_id, bucket, subscription_id, amount, balance_after, kind, request_id, created_at)
     select ?, 'SUBSCRIPTION', ?, ?, s.balance, 'USAGE_CHARGE', ?, now() from s`,
    [amount, subscriptionId, userId, subscriptionId, -amount, requestId],
  );
}

describe('refundOrder', () => {
  it('takes back the unused quota and cancels a subscription the order created', async () => {
    const user = await signUp(app, 'refund-one@money.test');
    const paid = await paidOrder(user.session);
    const subId = Number(paid.subscription!.id);
    await chargeUsage(user.userId, subId, 3_000_000n, 'req-refund-1');

    const refunded = expectTypename((await gqlData(app, RefundOrderDocument, { orderId: paid.id, memo: 'customer asked' }, admin)).refundOrder, 'Order');
    expect(refunded.status).toBe('REFUNDED');
    expect(refunded.refundedAt).not.toBeNull();
    expect(refunded.subscription).toMatchObject({ status: 'CANCELLED', quotaTotal: '3000000', quotaUsed: '3000000', quotaRemaining: '0' });

    const rows = await app.em().find(LedgerEntry, { subscription: subId }, { orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.kind, r.amount, r.balanceAfter])).toEqual([
      ['PURCHASE', 10_000_000n, 10_000_000n],
      ['USAGE_CHARGE', -3_000_000n, 7_000_000n],
      ['REFUND', -7_000_000n, 0n],
    ]);
    expect(rows[2]).toMatchObject({ reference: `order:${paid.id}`, memo: 'customer asked' });
    const me = (await gqlData(app, BalancesDocument, {}, user.session)).me;
    expect(me.activeSubscriptions).toEqual([]);
    expect(me.totalQuota).toBe(me.freeQuota);

    const again = (await gqlData(app, RefundOrderDocument, { orderId: paid.id }, admin)).refundOrder;
    expect(again).toMatchObject({ __typename: 'OrderStatusError', status: 'REFUNDED' });
  });

  it('removes only its own period from a subscription another order extended', async () => {
    const user = await signUp(app, 'refund-two@money.test');
    const first = await paidOrder(user.session);
    const second = await paidOrder(user.session);
    expect(second.subscription!.id).toBe(first.subscription!.id);

    const refunded = expectTypename((await gqlData(app, RefundOrderDocument, { orderId: second.id }, admin)).refundOrder, 'Order');
    expect(refunded.subscription).toMatchObject({ status: 'ACTIVE', quotaTotal: '10000000', endsAt: first.subscription!.endsAt });
  });

  it('keeps quota held by in-flight requests so they can settle', async () => {
    const user = await signUp(app, 'refund-held@money.test');
    const paid = await paidOrder(user.session);
    const subId = Number(paid.subscription!.id);
    await app.em().execute('update subscriptions set quota_reserved = 400 where id = ?', [subId]);
    const refunded = expectTypename((await gqlData(app, RefundOrderDocument, { orderId: paid.id }, admin)).refundOrder, 'Order');
    expect(refunded.subscription).toMatchObject({ status: 'CANCELLED', quotaTotal: '400', quotaRemaining: '400' });
    await app.em().execute('update subscriptions set quota_reserved = 0 where id = ?', [subId]);
  });

  it('refuses to refund an order that is not PAID, and is admin-only', async () => {
    const user = await signUp(app, 'refund-pending@money.test');
    const order = expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: weeklyId }, user.session)).purchasePackage, 'Order');
    expect((await gqlData(app, RefundOrderDocument, { orderId: order.id }, admin)).refundOrder)
      .toMatchObject({ __typename: 'OrderStatusError', status: 'PENDING' });
    const byUser = await gql(app, RefundOrderDocument, { orderId: order.id }, user.session);
    expect(byUser.errors?.[0]?.message).toMatch(/not authorized/i);
  });

  it('refunds through the provider webhook (payment.refunded), once', async () => {
    const user = await signUp(app, 'refund-hook@money.test');
    const paid = await paidOrder(user.session);
    const event = {
      id: `evt_refund_${paid.id}`,
      type: 'payment.refunded' as const,
      data: { orderId: paid.id, amountMinor: 1998, currency: 'CNY', providerRef: 're_1' },
    };
    const results = await Promise.all([postWebhook(app, event), postWebhook(app, event), postWebhook(app, { ...event, id: `${event.id}_b` })]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.json.status === 'processed')).toHaveLength(1);
    const sub = await app.em().findOneOrFail(Subscription, Number(paid.subscription!.id));
    expect(sub.status).toBe('CANCELLED');
    expect(await app.em().count(LedgerEntry, { kind: 'REFUND', reference: `order:${paid.id}` })).toBe(1);
  });
});
