import { LedgerEntry, Order, Package } from '../../../src/db/entities';
import {
  ArchivePackageDocument, BalancesDocument, CancelOrderDocument, CreatePackageDocument, MarkOrderPaidDocument,
  MyOrdersDocument, MySubscriptionsDocument, OrderByIdDocument, PurchasePackageDocument, ShopPackagesDocument,
  UpdatePackageDocument,
} from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { balanceMismatches } from './money-helpers';

let app: TestApp;
let admin: string;
let weeklyId: string;

beforeAll(async () => {
  app = await startTestApp({ SIGNUP_GRANT: '1000' });
  admin = await adminSession(app);
  weeklyId = String((await app.em().findOneOrFail(Package, { name: 'SVIP Weekly' })).id);
});
afterEach(async () => expect(await balanceMismatches(app)).toEqual([]));
afterAll(() => app.close());

describe('packages', () => {
  it('lists packages on sale to anyone, by sort order, with exact prices', async () => {
    const { packages } = await gqlData(app, ShopPackagesDocument, {});
    expect(packages[0]).toMatchObject({
      name: 'SVIP Weekly', price: '19.98', priceMinor: 1998, currency: 'CNY', durationDays: 7,
      quotaPerPeriod: '10000000', unlocksTiers: ['SVIP'], status: 'ACTIVE',
    });
    const orders = packages.map((p) => p.sortOrder);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });

  it('lets admins create, update and archive packages, with typed validation errors', async () => {
    const input = { name: 'Trial Day', priceMinor: 99, currency: 'USD', durationDays: 1, quotaPerPeriod: '1000', sortOrder: 1 };
    const created = expectTypename((await gqlData(app, CreatePackageDocument, { input }, admin)).createPackage, 'Package');
    expect(created).toMatchObject({ name: 'Trial Day', price: '0.99', currency: 'USD', status: 'ACTIVE' });

    const dup = (await gqlData(app, CreatePackageDocument, { input }, admin)).createPackage;
    expect(dup).toMatchObject({ __typename: 'InputValidationError', field: 'name' });
    const badCurrency = (await gqlData(app, CreatePackageDocument, { input: { ...input, name: 'X', currency: 'XXQ' } }, admin)).createPackage;
    expect(badCurrency).toMatchObject({ __typename: 'InputValidationError', field: 'currency' });
    const badDuration = (await gqlData(app, CreatePackageDocument, { input: { ...input, name: 'Y', durationDays: 0 } }, admin)).createPackage;
    expect(badDuration).toMatchObject({ __typename: 'InputValidationError', field: 'durationDays' });

    const updated = (await gqlData(app, UpdatePackageDocument, { id: created.id, input: { priceMinor: 199 } }, admin)).updatePackage;
    expect(updated).toMatchObject({ __typename: 'Package', price: '1.99', name: 'Trial Day' });
    expect((await gqlData(app, UpdatePackageDocument, { id: '999999', input: { priceMinor: 1 } }, admin)).updatePackage)
      .toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });

    expect((await gqlData(app, ShopPackagesDocument, {})).packages.map((p) => p.name)).toContain('Trial Day');
    const archived = (await gqlData(app, ArchivePackageDocument, { id: created.id }, admin)).archivePackage;
    expect(archived).toMatchObject({ __typename: 'Package', status: 'ARCHIVED' });
    expect((await gqlData(app, ShopPackagesDocument, {})).packages.map((p) => p.name)).not.toContain('Trial Day');
    expect((await gqlData(app, ShopPackagesDocument, { includeArchived: true }, admin)).packages.map((p) => p.name)).toContain('Trial Day');

    const user = await signUp(app, 'shopper@money.test');
    const archivedPurchase = (await gqlData(app, PurchasePackageDocument, { packageId: created.id }, user.session)).purchasePackage;
    expect(archivedPurchase).toMatchObject({ __typename: 'NotFoundError' });
  });

  it('keeps package administration and archived listings to admins', async () => {
    const user = await signUp(app, 'not-admin@money.test');
    const input = { name: 'Sneaky', priceMinor: 0, durationDays: 365, quotaPerPeriod: '999999999' };
    for (const session of [undefined, user.session]) {
      const res = await gql(app, CreatePackageDocument, { input }, session);
      expect(res.errors?.[0]?.message).toMatch(/not authorized/i);
      const archived = await gql(app, ShopPackagesDocument, { includeArchived: true }, session);
      expect(archived.errors?.[0]?.message).toMatch(/not authorized/i);
    }
    expect(await app.em().count(Package, { name: 'Sneaky' })).toBe(0);
  });
});

describe('orders', () => {
  it('creates a PENDING order at the package price; price changes later do not touch it', async () => {
    const pkg = expectTypename(
      (await gqlData(app, CreatePackageDocument, { input: { name: 'Reprice', priceMinor: 500, durationDays: 3, quotaPerPeriod: '5' } }, admin)).createPackage,
      'Package',
    );
    const buyer = await signUp(app, 'buyer@money.test');
    const order = expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: pkg.id }, buyer.session)).purchasePackage, 'Order');
    expect(order).toMatchObject({
      status: 'PENDING', amount: '5.00', amountMinor: 500, currency: 'CNY', subscription: null, paidAt: null,
      user: { id: String(buyer.userId) }, package: { id: pkg.id },
    });
    await gqlData(app, UpdatePackageDocument, { id: pkg.id, input: { priceMinor: 900 } }, admin);
    const again = expectTypename((await gqlData(app, OrderByIdDocument, { id: order.id }, buyer.session)).order, 'Order');
    expect(again.amountMinor).toBe(500);
  });

  it('shows users only their own orders, even by id; admins see all and filter', async () => {
    const a = await signUp(app, 'orders-a@money.test');
    const b = await signUp(app, 'orders-b@money.test');
    const orderA = expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: weeklyId }, a.session)).purchasePackage, 'Order');
    expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: weeklyId }, b.session)).purchasePackage, 'Order');

    const seenByB = (await gqlData(app, OrderByIdDocument, { id: orderA.id }, b.session)).order;
    expect(seenByB).toMatchObject({ __typename: 'NotFoundError' });
    const listB = (await gqlData(app, MyOrdersDocument, {}, b.session)).orders.edges.map((e) => e.node);
    expect(listB.every((o) => o.user.id === String(b.userId))).toBe(true);
    expect(listB).toHaveLength(1);
    const spying = await gql(app, MyOrdersDocument, { filter: { userId: String(a.userId) } }, b.session);
    expect(spying.errors?.[0]?.message).toMatch(/not authorized/i);

    const adminAll = (await gqlData(app, MyOrdersDocument, { first: 100 }, admin)).orders.edges.map((e) => e.node.user.id);
    expect(adminAll).toEqual(expect.arrayContaining([String(a.userId), String(b.userId)]));
    const adminA = (await gqlData(app, MyOrdersDocument, { filter: { userId: String(a.userId), status: 'PENDING' } }, admin)).orders.edges;
    expect(adminA.map((e) => e.node.id)).toEqual([orderA.id]);
    expect((await gqlData(app, OrderByIdDocument, { id: orderA.id }, admin)).order).toMatchObject({ __typename: 'Order', id: orderA.id });
  });

  it('admin markOrderPaid grants a subscription once; a second click is a typed error', async () => {
    const user = await signUp(app, 'manual-pay@money.test');
    const order = expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: weeklyId }, user.session)).purchasePackage, 'Order');
    const paid = expectTypename((await gqlData(app, MarkOrderPaidDocument, { orderId: order.id, memo: 'bank transfer #77' }, admin)).markOrderPaid, 'Order');
    expect(paid).toMatchObject({ status: 'PAID', provider: 'admin' });
    expect(paid.subscription).toMatchObject({ status: 'ACTIVE', quotaTotal: '10000000', quotaRemaining: '10000000' });
    const days = (new Date(paid.subscription!.endsAt).getTime() - new Date(paid.subscription!.startsAt).getTime()) / 86_400_000;
    expect(days).toBe(7);

    const again = (await gqlData(app, MarkOrderPaidDocument, { orderId: order.id }, admin)).markOrderPaid;
    expect(again).toMatchObject({ __typename: 'OrderStatusError', status: 'PAID' });
    const entries = await app.em().find(LedgerEntry, { user: user.userId, bucket: 'SUBSCRIPTION' });
    expect(entries.map((e) => [e.kind, e.amount, e.reference, e.memo])).toEqual([['PURCHASE', 10_000_000n, `order:${order.id}`, 'bank transfer #77']]);

    const me = (await gqlData(app, BalancesDocument, {}, user.session)).me;
    expect(me.freeQuota).toBe('1000');
    expect(me.totalQuota).toBe('10001000');
    expect(me.activeSubscriptions.map((s) => s.id)).toEqual([paid.subscription!.id]);
    const subs = (await gqlData(app, MySubscriptionsDocument, {}, user.session)).subscriptions;
    expect(subs.map((s) => s.id)).toEqual([paid.subscription!.id]);

    const forbidden = await gql(app, MarkOrderPaidDocument, { orderId: order.id }, user.session);
    expect(forbidden.errors?.[0]?.message).toMatch(/not authorized/i);
  });

  it('paying a second order for the same package extends the active subscription', async () => {
    const user = await signUp(app, 'extend@money.test');
    const buyAndPay = async () => {
      const o = expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: weeklyId }, user.session)).purchasePackage, 'Order');
      return expectTypename((await gqlData(app, MarkOrderPaidDocument, { orderId: o.id }, admin)).markOrderPaid, 'Order');
    };
    const first = await buyAndPay();
    const second = await buyAndPay();
    expect(second.subscription!.id).toBe(first.subscription!.id);
    expect(second.subscription!.quotaTotal).toBe('20000000');
    const extendedBy = new Date(second.subscription!.endsAt).getTime() - new Date(first.subscription!.endsAt).getTime();
    expect(extendedBy).toBe(7 * 86_400_000);
    expect(await app.em().count(LedgerEntry, { subscription: Number(first.subscription!.id), kind: 'PURCHASE' })).toBe(2);
  });

  it('cancels PENDING orders only', async () => {
    const user = await signUp(app, 'cancel@money.test');
    const order = expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: weeklyId }, user.session)).purchasePackage, 'Order');
    const cancelled = (await gqlData(app, CancelOrderDocument, { orderId: order.id }, admin)).cancelOrder;
    expect(cancelled).toMatchObject({ __typename: 'Order', status: 'CANCELLED' });
    expect((await gqlData(app, CancelOrderDocument, { orderId: order.id }, admin)).cancelOrder)
      .toMatchObject({ __typename: 'OrderStatusError', status: 'CANCELLED' });
    expect((await gqlData(app, MarkOrderPaidDocument, { orderId: order.id }, admin)).markOrderPaid)
      .toMatchObject({ __typename: 'OrderStatusError', status: 'CANCELLED' });
    expect((await gqlData(app, CancelOrderDocument, { orderId: '987654' }, admin)).cancelOrder).toMatchObject({ __typename: 'NotFoundError' });
    expect((await app.em().findOneOrFail(Order, Number(order.id))).subscription).toBeNull();
  });
});
