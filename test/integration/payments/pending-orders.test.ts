import { Order, Package } from '../../../src/db/entities';
import { STARTER_PACKAGES } from '../../../src/domain/seed/starter-catalogue';
import { PurchasePackageDocument } from '../../generated/graphql';
import { FakeStripe } from '../../support/fake-stripe';
import { gqlData } from '../../support/graphql-client';
import { newBuyer, startShop, type Shop } from './payment-fixtures';

// purchasePackage is not a way to make the gateway open checkout sessions without end: asking
// again for the same package and way to pay answers the pending order and its checkout, and a
// user may hold at most 5 payable unpaid orders.

let stripe: FakeStripe;
let shop: Shop;
const extraPackages: string[] = [];

beforeAll(async () => {
  stripe = await FakeStripe.start();
  shop = await startShop({ STRIPE_SECRET_KEY: 'sk_test_fake_123', STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url });
  const em = shop.app.em();
  for (let i = 0; i < 4; i++) {
    const pkg = em.create(Package, { ...STARTER_PACKAGES[0]!, name: `Extra ${i}`, unlocksTiers: ['SVIP'] });
    await em.flush();
    extraPackages.push(String(pkg.id));
  }
});
afterAll(async () => {
  await shop?.close();
  await stripe?.close();
});

const buy = async (session: string, packageId: string, provider?: string) =>
  (await gqlData(shop.app, PurchasePackageDocument, { packageId, provider }, session)).purchasePackage;
const sessionsCreated = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;
const ordersOf = (userId: number) => shop.app.em().count(Order, { user: userId });

it('the same package and way to pay again: the same pending order and checkout, not a new session', async () => {
  const buyer = await newBuyer(shop, 'again@pending.test');
  const before = sessionsCreated();
  const first = await buy(buyer.session, shop.weeklyId, 'stripe');
  const again = await Promise.all([1, 2, 3, 4].map(() => buy(buyer.session, shop.weeklyId, 'stripe')));
  expect(first).toMatchObject({ __typename: 'Order', status: 'PENDING', provider: 'stripe' });
  for (const order of again) expect(order).toMatchObject({ __typename: 'Order', id: (first as { id: string }).id, checkoutUrl: (first as { checkoutUrl: string }).checkoutUrl });
  expect(sessionsCreated() - before).toBe(1);
  // Without a provider (paid by an admin or the custom webhook) is another way to pay: its own order, reused the same way.
  const manual = await buy(buyer.session, shop.weeklyId);
  expect(manual).toMatchObject({ __typename: 'Order', provider: null });
  expect((manual as { id: string }).id).not.toBe((first as { id: string }).id);
  expect(await buy(buyer.session, shop.weeklyId)).toMatchObject({ id: (manual as { id: string }).id });
  expect(await ordersOf(buyer.userId)).toBe(2);
});

it('a sixth pending order is refused with a typed error; nothing is created at the provider', async () => {
  const buyer = await newBuyer(shop, 'many@pending.test');
  const packages = [shop.weeklyId, ...extraPackages];
  for (const id of packages.slice(0, 5)) expect(await buy(buyer.session, id, 'stripe')).toMatchObject({ __typename: 'Order', status: 'PENDING' });
  const sessions = sessionsCreated();
  const refused = await buy(buyer.session, packages[4]!);
  expect(refused).toMatchObject({ __typename: 'TooManyPendingOrdersError', code: 'TOO_MANY_PENDING_ORDERS', limit: 5 });
  expect(sessionsCreated()).toBe(sessions);
  expect(await ordersOf(buyer.userId)).toBe(5);
  // One already pending is still answered: the limit refuses only new orders.
  expect(await buy(buyer.session, shop.weeklyId, 'stripe')).toMatchObject({ __typename: 'Order' });
  // Once one is paid or gone, there is room again.
  await shop.app.em().getConnection().execute(`update orders set status = 'CANCELLED', cancel_reason = 'ADMIN', cancelled_at = now() where user_id = ? and package_id = ?`, [buyer.userId, Number(packages[0])]);
  expect(await buy(buyer.session, packages[4]!)).toMatchObject({ __typename: 'Order', provider: null });
});
