import { APIError } from 'openai';
import { LedgerEntry, Order, PaymentEvent, Subscription } from '../../../src/db/entities';
import { ManualClock } from '../../../src/lib/clock';
import {
  CancelOrderDocument, OrderByIdDocument, PaymentMethodsDocument, ReconcileOrderDocument, RefundOrderDocument,
} from '../../generated/graphql';
import { deliverStripe, FakeStripe } from '../../support/fake-stripe';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { balanceMismatches, postWebhook, WEBHOOK_SECRET } from '../control-money/money-helpers';
import {
  checkoutOrder, newBuyer, purchase, purchaseGrants, PUBLIC_URL, startShop, svipCallCharge, type Shop,
} from './payment-fixtures';

let stripe: FakeStripe;
let shop: Shop;
let admin: string;

beforeAll(async () => {
  stripe = await FakeStripe.start();
  shop = await startShop({
    STRIPE_SECRET_KEY: 'sk_test_fake_123',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PAYMENT_RECONCILE_MIN_AGE_S: '0',
  });
  admin = await adminSession(shop.app);
});
afterEach(async () => expect(await balanceMismatches(shop.app)).toEqual([]));
afterAll(async () => {
  await shop.close();
  await stripe.close();
});

const orderRow = (id: string) => shop.app.em().findOneOrFail(Order, Number(id));
const completed = (sessionId: string) => stripe.event('checkout.session.completed', stripe.sessions.get(sessionId));

describe('Stripe checkout', () => {
  it('lists card payments and creates one Checkout Session per order exactly as specified', async () => {
    const methods = (await gqlData(shop.app, PaymentMethodsDocument, {})).paymentMethods;
    expect(methods).toEqual([{ provider: 'stripe', method: 'card', displayName: 'Card (Stripe)', refundable: true }]);

    const buyer = await newBuyer(shop, 'stripe-session@pay.test');
    const before = Date.now();
    const order = await checkoutOrder(shop, buyer, 'stripe');
    const session = stripe.sessions.get(order.providerRef!)!;
    expect(order).toMatchObject({ status: 'PENDING', provider: 'stripe', paymentMethod: 'card', checkoutUrl: session.url, qrCode: null });
    expect(Date.parse(order.expiresAt!) - before).toBeGreaterThanOrEqual(60 * 60_000 - 5_000);

    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(create.contentType).toBe('application/x-www-form-urlencoded');
    expect(create.authorization).toBe('Bearer sk_test_fake_123');
    expect(create.idempotencyKey).toBe(`gateway-order-${order.id}-checkout`);
    const form = Object.fromEntries(create.form);
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'cny',
      'line_items[0][price_data][unit_amount]': '1998',
      'line_items[0][price_data][product_data][name]': 'SVIP Weekly',
      client_reference_id: order.id,
      'metadata[order_id]': order.id,
      'payment_intent_data[metadata][order_id]': order.id,
      success_url: `${PUBLIC_URL}/?order=${order.id}&checkout=success`,
      cancel_url: `${PUBLIC_URL}/?order=${order.id}&checkout=cancelled`,
    });
    // The order's expiry (60 min) lies inside Stripe's window of 30 min to 24 h.
    expect(Number(form.expires_at) * 1000).toBe(Math.floor(Date.parse(order.expiresAt!) / 1000) * 1000);
  });

  it('purchase -> Stripe checkout -> signed webhook -> active subscription -> an SVIP call charged to it', async () => {
    const buyer = await newBuyer(shop, 'stripe-flow@pay.test');
    const refused = await buyer.openai.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect((refused as APIError).status).toBe(403);

    const order = await checkoutOrder(shop, buyer, 'stripe', 'card');
    const session = stripe.pay(order.providerRef!);
    const res = await deliverStripe(shop.app.url, stripe.sign(completed(session.id)));
    expect(res).toEqual({ status: 200, json: { received: true, status: 'processed' } });

    const paid = expectTypename((await gqlData(shop.app, OrderByIdDocument, { id: order.id }, buyer.session)).order, 'Order');
    expect(paid).toMatchObject({ status: 'PAID', provider: 'stripe', providerRef: session.id, paymentRef: session.payment_intent });
    expect(paid.subscription).toMatchObject({ status: 'ACTIVE', quotaTotal: '10000000', unlocksTiers: ['SVIP'] });
    expect(await svipCallCharge(shop, buyer)).toBe(5500n);
  });

  it('grants once for duplicate, replayed, out-of-order and 20 concurrent deliveries', async () => {
    const buyer = await newBuyer(shop, 'stripe-dup@pay.test');
    const order = await checkoutOrder(shop, buyer, 'stripe');
    const session = stripe.pay(order.providerRef!);
    const event = completed(session.id);
    // 20 at once: the same event (Stripe retrying) and distinct events (async_payment_succeeded too).
    const deliveries = await Promise.all([
      ...Array.from({ length: 15 }, () => deliverStripe(shop.app.url, stripe.sign(event))),
      ...Array.from({ length: 5 }, () => deliverStripe(shop.app.url, stripe.sign(stripe.event('checkout.session.async_payment_succeeded', session)))),
    ]);
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    expect(deliveries.filter((d) => d.json.status === 'processed')).toHaveLength(1);
    expect(await purchaseGrants(shop, order.id)).toBe(1);
    expect(await shop.app.em().count(Subscription, { user: buyer.userId })).toBe(1);

    // A replay of the same event later (fresh timestamp) and an expiry notice arriving after the payment.
    expect((await deliverStripe(shop.app.url, stripe.sign(event))).json.status).toBe('duplicate');
    expect((await deliverStripe(shop.app.url, stripe.sign(stripe.event('checkout.session.expired', session)))).json.status).toBe('ignored');
    expect((await orderRow(order.id)).status).toBe('PAID');
    expect(await purchaseGrants(shop, order.id)).toBe(1);
  });

  it('answers a bad, missing or stale signature with a bare 400 and changes nothing', async () => {
    const buyer = await newBuyer(shop, 'stripe-sig@pay.test');
    const order = await checkoutOrder(shop, buyer, 'stripe');
    const event = completed(stripe.pay(order.providerRef!).id);
    const forged = stripe.sign(event, { secret: 'whsec_not_the_secret' });
    const stale = stripe.sign(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const good = stripe.sign(event);
    const tampered = { body: good.body.replace('"amount_total": 1998', '"amount_total": 1'), signature: good.signature };
    for (const delivery of [forged, stale, tampered, { body: good.body, signature: null }, { body: good.body, signature: 'garbage' }]) {
      expect(await deliverStripe(shop.app.url, delivery)).toEqual({ status: 400, json: { error: 'invalid signature' } });
    }
    expect((await orderRow(order.id)).status).toBe('PENDING');
    expect(await shop.app.em().count(PaymentEvent, { eventId: event.id as string })).toBe(0);
    expect((await deliverStripe(shop.app.url, good)).json.status).toBe('processed');
  });

  it('refuses a signed event with a wrong amount, currency or order id, or for another provider\'s order', async () => {
    const buyer = await newBuyer(shop, 'stripe-tamper@pay.test');
    const order = await checkoutOrder(shop, buyer, 'stripe');
    // Another pending order (asking again for the same package would answer the same one).
    const other = await checkoutOrder(shop, await newBuyer(shop, 'stripe-tamper-2@pay.test'), 'stripe');
    const session = stripe.pay(order.providerRef!);
    const variants = [
      { ...session, amount_total: 1 },
      { ...session, currency: 'usd' },
      { ...session, metadata: { order_id: other.id }, client_reference_id: other.id },
      { ...session, id: 'cs_test_unknown' },
    ];
    for (const object of variants) {
      const res = await deliverStripe(shop.app.url, stripe.sign(stripe.event('checkout.session.completed', object)));
      expect(res).toEqual({ status: 200, json: { received: true, status: 'rejected' } });
    }
    // A custom-webhook sender cannot pay a Stripe order either.
    const custom = await postWebhook(shop.app, {
      id: 'evt_custom_on_stripe', type: 'payment.succeeded', data: { orderId: order.id, amountMinor: 1998, currency: 'CNY', providerRef: 'x' },
    });
    expect(custom).toMatchObject({ status: 422, json: { reason: 'FOREIGN_ORDER' } });
    expect((await orderRow(order.id)).status).toBe('PENDING');
    expect((await orderRow(other.id)).status).toBe('PENDING');
    expect(await purchaseGrants(shop, order.id)).toBe(0);
  });

  it('expires an unpaid order after ORDER_TTL_MINUTES, yet pays it when Stripe took the money late', async () => {
    const buyer = await newBuyer(shop, 'stripe-expired@pay.test');
    const order = await checkoutOrder(shop, buyer, 'stripe');
    const services = shop.app.server.services;
    const original = services.clock;
    services.clock = new ManualClock(new Date(Date.parse(order.expiresAt!) + 1000));
    try {
      const summary = await services.paymentReconciler.runOnce();
      expect(summary?.EXPIRED).toBeGreaterThanOrEqual(1);
    } finally {
      services.clock = original;
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELLED', cancelReason: 'EXPIRED' });

    const res = await deliverStripe(shop.app.url, stripe.sign(completed(stripe.pay(order.providerRef!).id)));
    expect(res.json.status).toBe('processed');
    expect(await orderRow(order.id)).toMatchObject({ status: 'PAID', cancelReason: null, cancelledAt: null });
    expect(await purchaseGrants(shop, order.id)).toBe(1);
  });

  it('cancels the order when Stripe expires the session', async () => {
    const buyer = await newBuyer(shop, 'stripe-session-expired@pay.test');
    const order = await checkoutOrder(shop, buyer, 'stripe');
    const res = await deliverStripe(shop.app.url, stripe.sign(stripe.event('checkout.session.expired', stripe.expire(order.providerRef!))));
    expect(res.json.status).toBe('processed');
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELLED', cancelReason: 'EXPIRED' });
  });

  it('reconciles a paid order whose notification was lost: by the job and by reconcileOrder', async () => {
    const buyer = await newBuyer(shop, 'stripe-lost@pay.test');
    const first = await checkoutOrder(shop, buyer, 'stripe');
    stripe.pay(first.providerRef!);
    const byAdmin = expectTypename((await gqlData(shop.app, ReconcileOrderDocument, { orderId: first.id }, admin)).reconcileOrder, 'Order');
    expect(byAdmin).toMatchObject({ status: 'PAID', paymentRef: stripe.sessions.get(first.providerRef!)!.payment_intent });

    const second = await checkoutOrder(shop, buyer, 'stripe');
    stripe.pay(second.providerRef!);
    const summary = await shop.app.server.services.paymentReconciler.runOnce();
    expect(summary?.PAID).toBeGreaterThanOrEqual(1);
    expect((await orderRow(second.id)).status).toBe('PAID');
    // The webhook arriving after all changes nothing more.
    expect((await deliverStripe(shop.app.url, stripe.sign(completed(second.providerRef!)))).json.status).toBe('ignored');
    expect(await purchaseGrants(shop, second.id)).toBe(1);
  });

  it('refunds through Stripe, then takes back the grant; the refund notification changes nothing more', async () => {
    const buyer = await newBuyer(shop, 'stripe-refund@pay.test');
    const order = await checkoutOrder(shop, buyer, 'stripe');
    const session = stripe.pay(order.providerRef!);
    await deliverStripe(shop.app.url, stripe.sign(completed(session.id)));

    stripe.failNext = { status: 400, code: 'charge_disputed', message: 'This charge is disputed.' };
    const failed = (await gqlData(shop.app, RefundOrderDocument, { orderId: order.id }, admin)).refundOrder;
    expect(failed).toMatchObject({ __typename: 'PaymentProviderFailedError', code: 'PAYMENT_PROVIDER_FAILED' });
    expect((await orderRow(order.id)).status).toBe('PAID');

    const refunded = expectTypename((await gqlData(shop.app, RefundOrderDocument, { orderId: order.id }, admin)).refundOrder, 'Order');
    expect(refunded.status).toBe('REFUNDED');
    expect(refunded.subscription).toMatchObject({ status: 'CANCELLED' });
    const call = stripe.requests.filter((r) => r.path === '/v1/refunds').pop()!;
    expect(Object.fromEntries(call.form)).toMatchObject({ payment_intent: session.payment_intent, 'metadata[order_id]': order.id });
    expect(call.idempotencyKey).toBe(`gateway-order-${order.id}-refund`);

    const notice = await deliverStripe(shop.app.url, stripe.sign(stripe.event('charge.refunded', stripe.chargeRefunded(session))));
    expect(notice.json.status).toBe('ignored');
    expect(await shop.app.em().count(LedgerEntry, { kind: 'REFUND', reference: `order:${order.id}` })).toBe(1);
  });

  it('refunds the order when a refund is made in the Stripe dashboard (charge.refunded); a partial one is left alone', async () => {
    const buyer = await newBuyer(shop, 'stripe-dashboard-refund@pay.test');
    const order = await checkoutOrder(shop, buyer, 'stripe');
    const session = stripe.pay(order.providerRef!);
    await deliverStripe(shop.app.url, stripe.sign(completed(session.id)));
    const partial = await deliverStripe(shop.app.url, stripe.sign(stripe.event('charge.refunded', stripe.chargeRefunded(session, 500))));
    expect(partial.json.status).toBe('rejected');
    expect((await orderRow(order.id)).status).toBe('PAID');
    const full = await deliverStripe(shop.app.url, stripe.sign(stripe.event('charge.refunded', stripe.chargeRefunded(session))));
    expect(full.json.status).toBe('processed');
    expect((await orderRow(order.id)).status).toBe('REFUNDED');
  });

  it('processes a refund notice that overtook its payment notice once the payment is in (Stripe redelivers on 400)', async () => {
    const buyer = await newBuyer(shop, 'stripe-reordered@pay.test');
    const order = await checkoutOrder(shop, buyer, 'stripe');
    const session = stripe.pay(order.providerRef!);
    const refund = stripe.event('charge.refunded', stripe.chargeRefunded(session));
    expect((await deliverStripe(shop.app.url, stripe.sign(refund))).status).toBe(400);
    expect((await orderRow(order.id)).status).toBe('PENDING');
    expect((await deliverStripe(shop.app.url, stripe.sign(completed(session.id)))).json.status).toBe('processed');
    expect((await deliverStripe(shop.app.url, stripe.sign(refund))).json.status).toBe('processed');
    expect((await orderRow(order.id)).status).toBe('REFUNDED');
  });

  it('admin cancel expires the Stripe session first; a session Stripe already completed is not cancelled', async () => {
    const buyer = await newBuyer(shop, 'stripe-cancel@pay.test');
    const open = await checkoutOrder(shop, buyer, 'stripe');
    const cancelled = expectTypename((await gqlData(shop.app, CancelOrderDocument, { orderId: open.id }, admin)).cancelOrder, 'Order');
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'ADMIN' });
    expect(stripe.sessions.get(open.providerRef!)!.status).toBe('expired');
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${open.providerRef}/expire` });

    const paidMeanwhile = await checkoutOrder(shop, buyer, 'stripe');
    stripe.pay(paidMeanwhile.providerRef!);
    const refused = (await gqlData(shop.app, CancelOrderDocument, { orderId: paidMeanwhile.id }, admin)).cancelOrder;
    expect(refused).toMatchObject({ __typename: 'PaymentProviderFailedError' });
    expect((await orderRow(paidMeanwhile.id)).status).toBe('PENDING');
    const reconciled = expectTypename((await gqlData(shop.app, ReconcileOrderDocument, { orderId: paidMeanwhile.id }, admin)).reconcileOrder, 'Order');
    expect(reconciled.status).toBe('PAID');
  });

  it('keeps purchases without a provider as before, and refuses a provider that is not enabled', async () => {
    const buyer = await newBuyer(shop, 'stripe-none@pay.test');
    const manual = expectTypename(await purchase(shop, buyer), 'Order');
    expect(manual).toMatchObject({ status: 'PENDING', provider: null, checkoutUrl: null });
    expect(await purchase(shop, buyer, 'epay', 'alipay')).toMatchObject({ __typename: 'PaymentProviderNotEnabledError', code: 'PAYMENT_PROVIDER_NOT_ENABLED' });
    expect(await purchase(shop, buyer, 'stripe', 'wxpay')).toMatchObject({ __typename: 'InputValidationError' });
    stripe.failNext = { status: 400, code: 'parameter_invalid', message: 'Invalid currency.' };
    const failed = await purchase(shop, buyer, 'stripe');
    expect(failed).toMatchObject({ __typename: 'PaymentProviderFailedError' });
    expect(await shop.app.em().count(Order, { user: buyer.userId, status: 'PENDING', provider: 'stripe' })).toBe(0);
  });
});
