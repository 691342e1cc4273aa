import { Order, PaymentEvent } from '../../../src/db/entities';
import { ManualClock } from '../../../src/lib/clock';
import { PaymentMethodsDocument, ReconcileOrderDocument, RefundOrderDocument } from '../../generated/graphql';
import { deliverEpay, epayMd5, FakeEpay } from '../../support/fake-epay';
import { FakeStripe, deliverStripe } from '../../support/fake-stripe';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { balanceMismatches } from '../control-money/money-helpers';
import {
  checkoutOrder, newBuyer, purchase, purchaseGrants, PUBLIC_URL, startShop, svipCallCharge, type Shop,
} from './payment-fixtures';

let epay: FakeEpay;
let stripe: FakeStripe;
let shop: Shop;
let admin: string;
let notifyUrl: string;

beforeAll(async () => {
  epay = await FakeEpay.start();
  stripe = await FakeStripe.start();
  shop = await startShop({
    EPAY_URL: epay.url, EPAY_PID: epay.pid, EPAY_KEY: epay.key,
    STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url,
    PAYMENT_RECONCILE_MIN_AGE_S: '0',
  });
  admin = await adminSession(shop.app);
  notifyUrl = `${shop.app.url}/payments/epay/notify`;
});
afterEach(async () => expect(await balanceMismatches(shop.app)).toEqual([]));
afterAll(async () => {
  await shop.close();
  await epay.close();
  await stripe.close();
});

const orderRow = (id: string) => shop.app.em().findOneOrFail(Order, Number(id));

/** The user's browser opens the checkout URL: the fake cashier accepts it only when pid and MD5 signature are right. */
async function openCashier(checkoutUrl: string): Promise<string> {
  const res = await fetch(checkoutUrl);
  expect(res.status).toBe(200);
  const url = new URL(checkoutUrl);
  expect(epay.submissions.at(-1)).toMatchObject({ accepted: true });
  return url.searchParams.get('out_trade_no')!;
}

describe('epay checkout (Alipay, WeChat Pay)', () => {
  it('lists alipay and wxpay next to Stripe', async () => {
    const methods = (await gqlData(shop.app, PaymentMethodsDocument, {})).paymentMethods;
    expect(methods.map((m) => [m.provider, m.method, m.refundable])).toEqual([
      ['stripe', 'card', true], ['epay', 'alipay', false], ['epay', 'wxpay', false],
    ]);
  });

  it('builds the submit.php URL with exactly the specified parameters and MD5 signature', async () => {
    const buyer = await newBuyer(shop, 'epay-url@pay.test');
    const order = await checkoutOrder(shop, buyer, 'epay', 'wxpay');
    const url = new URL(order.checkoutUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(`${epay.url}/submit.php`);
    const params = Object.fromEntries(url.searchParams);
    expect(Object.keys(params).sort()).toEqual(['money', 'name', 'notify_url', 'out_trade_no', 'pid', 'return_url', 'sign', 'sign_type', 'type']);
    expect(params).toMatchObject({
      pid: epay.pid, type: 'wxpay', out_trade_no: order.providerRef, name: 'SVIP Weekly', money: '19.98', sign_type: 'MD5',
      notify_url: `${PUBLIC_URL}/payments/epay/notify`, return_url: `${PUBLIC_URL}/?order=${order.id}&checkout=success`,
    });
    expect(params.sign).toBe(epayMd5(params, epay.key));
    expect(order).toMatchObject({ status: 'PENDING', provider: 'epay', paymentMethod: 'wxpay', qrCode: null });
    await openCashier(order.checkoutUrl!);
  });

  for (const method of ['alipay', 'wxpay'] as const) {
    it(`${method}: purchase -> cashier -> signed notify -> plain "success" -> an SVIP call charged to the subscription`, async () => {
      const buyer = await newBuyer(shop, `epay-flow-${method}@pay.test`);
      const order = await checkoutOrder(shop, buyer, 'epay', method);
      const outTradeNo = await openCashier(order.checkoutUrl!);
      const notice = epay.pay(outTradeNo);
      const res = await deliverEpay(notifyUrl, notice, method === 'alipay' ? 'GET' : 'POST');
      expect(res).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', text: 'success' });
      expect(await orderRow(order.id)).toMatchObject({ status: 'PAID', provider: 'epay', paymentRef: notice.trade_no });
      expect(await svipCallCharge(shop, buyer)).toBe(5500n);
    });
  }

  it('answers repeats "success" and grants once, also for 20 notifications at once', async () => {
    const buyer = await newBuyer(shop, 'epay-dup@pay.test');
    const order = await checkoutOrder(shop, buyer, 'epay', 'alipay');
    const notice = epay.pay(await openCashier(order.checkoutUrl!));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => deliverEpay(notifyUrl, notice, i % 2 ? 'GET' : 'POST')));
    expect(answers.map((a) => a.text)).toEqual(Array(20).fill('success'));
    expect((await deliverEpay(notifyUrl, notice)).text).toBe('success');
    expect(await purchaseGrants(shop, order.id)).toBe(1);
    expect(await shop.app.em().count(PaymentEvent, { provider: 'epay', eventId: notice.trade_no! })).toBe(1);
  });

  it('answers "fail" to a tampered amount, signature, pid, order or status, and changes nothing', async () => {
    const buyer = await newBuyer(shop, 'epay-tamper@pay.test');
    const order = await checkoutOrder(shop, buyer, 'epay', 'alipay');
    const other = await checkoutOrder(shop, buyer, 'epay', 'alipay');
    const outTradeNo = await openCashier(order.checkoutUrl!);
    const otherNo = await openCashier(other.checkoutUrl!);
    const fakeOrder = epay.orders.get(outTradeNo)!;
    const genuine = epay.notification(fakeOrder);
    const attempts = [
      epay.notification(fakeOrder, { money: '0.01' }), // signed by epay, wrong amount
      epay.notification(fakeOrder, { money: '19.980001' }),
      { ...genuine, money: '0.01' }, // altered after signing
      { ...genuine, sign: genuine.sign!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      epay.notification(fakeOrder, {}, 'not-the-key'),
      epay.notification(fakeOrder, { pid: '9999' }),
      epay.notification(fakeOrder, { out_trade_no: 'no-such-order' }),
      epay.notification(fakeOrder, { trade_status: 'WAIT_BUYER_PAY' }),
      epay.notification(fakeOrder, { trade_no: 'x'.repeat(300) }),
      // Another order's trade number with this order's amount is still another order: refused (same amount, but not paid).
      epay.notification(fakeOrder, { out_trade_no: otherNo, money: '0.02' }),
      { ...genuine, sign: undefined as unknown as string },
    ].map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as Record<string, string>);
    for (const params of attempts) {
      expect({ params, answer: (await deliverEpay(notifyUrl, params)).text }).toEqual({ params, answer: 'fail' });
    }
    expect((await orderRow(order.id)).status).toBe('PENDING');
    expect((await orderRow(other.id)).status).toBe('PENDING');
    expect(await shop.app.em().count(PaymentEvent, { provider: 'epay', eventId: fakeOrder.tradeNo })).toBe(0);
    expect((await deliverEpay(notifyUrl, genuine)).text).toBe('success');
  });

  it('refuses notifications about another provider\'s order, and Stripe events about an epay order', async () => {
    const buyer = await newBuyer(shop, 'epay-foreign@pay.test');
    const stripeOrder = await checkoutOrder(shop, buyer, 'stripe');
    const forged = { outTradeNo: stripeOrder.providerRef!, tradeNo: 'T-1', type: 'alipay', name: 'x', money: '19.98', notifyUrl: '', returnUrl: '', paid: true };
    expect((await deliverEpay(notifyUrl, epay.notification(forged))).text).toBe('fail');
    expect((await orderRow(stripeOrder.id)).status).toBe('PENDING');

    const epayOrder = await checkoutOrder(shop, buyer, 'epay', 'alipay');
    const session = { id: epayOrder.providerRef, object: 'checkout.session', payment_status: 'paid', status: 'complete', amount_total: 1998, currency: 'cny', metadata: { order_id: epayOrder.id }, client_reference_id: epayOrder.id, payment_intent: 'pi_x' };
    expect((await deliverStripe(shop.app.url, stripe.sign(stripe.event('checkout.session.completed', session)))).json.status).toBe('rejected');
    expect((await orderRow(epayOrder.id)).status).toBe('PENDING');
  });

  it('refuses epay for a package not priced in CNY', async () => {
    const buyer = await newBuyer(shop, 'epay-usd@pay.test');
    await shop.app.em().nativeUpdate('Package', { id: Number(shop.weeklyId) }, { currency: 'USD' });
    try {
      expect(await purchase(shop, buyer, 'epay', 'alipay')).toMatchObject({ __typename: 'InputValidationError' });
    } finally {
      await shop.app.em().nativeUpdate('Package', { id: Number(shop.weeklyId) }, { currency: 'CNY' });
    }
  });

  it('reconciles after a dropped notification (api.php status 1), and expires unpaid orders', async () => {
    const buyer = await newBuyer(shop, 'epay-lost@pay.test');
    const paidOrder = await checkoutOrder(shop, buyer, 'epay', 'alipay');
    epay.pay(await openCashier(paidOrder.checkoutUrl!)); // the notification never arrives
    const unpaid = await checkoutOrder(shop, buyer, 'epay', 'wxpay');
    await openCashier(unpaid.checkoutUrl!);

    const byAdmin = expectTypename((await gqlData(shop.app, ReconcileOrderDocument, { orderId: paidOrder.id }, admin)).reconcileOrder, 'Order');
    expect(byAdmin.status).toBe('PAID');
    const query = epay.queries.at(-1)!;
    expect(Object.fromEntries(query)).toEqual({ act: 'order', pid: epay.pid, key: epay.key, out_trade_no: paidOrder.providerRef });

    const services = shop.app.server.services;
    expect((await services.paymentReconciler.runOnce())?.PAID).toBe(0);
    expect((await orderRow(unpaid.id)).status).toBe('PENDING');
    const original = services.clock;
    services.clock = new ManualClock(new Date(Date.parse(unpaid.expiresAt!) + 1000));
    try {
      await services.paymentReconciler.runOnce();
    } finally {
      services.clock = original;
    }
    expect(await orderRow(unpaid.id)).toMatchObject({ status: 'CANCELLED', cancelReason: 'EXPIRED' });

    // The user pays on the still-open cashier page after the order expired: the money was taken, so it is paid.
    const late = epay.pay(unpaid.providerRef!);
    expect((await deliverEpay(notifyUrl, late)).text).toBe('success');
    expect((await orderRow(unpaid.id)).status).toBe('PAID');
    expect(await purchaseGrants(shop, unpaid.id)).toBe(1);
  });

  it('refund: epay has no refund call, so an admin refund takes back the grant and the money is returned by hand', async () => {
    const buyer = await newBuyer(shop, 'epay-refund@pay.test');
    const order = await checkoutOrder(shop, buyer, 'epay', 'alipay');
    await deliverEpay(notifyUrl, epay.pay(await openCashier(order.checkoutUrl!)));
    const refunded = expectTypename((await gqlData(shop.app, RefundOrderDocument, { orderId: order.id }, admin)).refundOrder, 'Order');
    expect(refunded.status).toBe('REFUNDED');
  });

  it('runs the reconciliation on one instance at a time (a lease row another instance holds means skip; see also test/integration/ops/cluster-jobs.test.ts)', async () => {
    const { paymentReconciler } = shop.app.server.services;
    const em = shop.app.em();
    await em.execute(
      `insert into cluster_job_leases (name, holder, locked_until) values ('payment-reconciliation', 'other-host:1', now() + interval '1 minute')
       on conflict (name) do update set holder = excluded.holder, locked_until = excluded.locked_until`,
    );
    expect(await paymentReconciler.runOnce()).toBeNull();
    await em.execute(`update cluster_job_leases set locked_until = now() - interval '1 second'`);
    expect(await paymentReconciler.runOnce()).not.toBeNull();
    const passes = await Promise.all(Array.from({ length: 5 }, () => paymentReconciler.runOnce()));
    expect(passes.filter((p) => p !== null).length).toBeGreaterThanOrEqual(1);
  });
});
