import { LedgerEntry, Order, Package, PaymentEvent, Subscription } from '../../../src/db/entities';
import type { ChangeEvent } from '../../../src/lib/change-bus';
import { ManualClock } from '../../../src/lib/clock';
import { signWebhook } from '../../../src/payments/webhook-signature';
import {
  BalancesDocument, CancelOrderDocument, MarkOrderPaidDocument, OrderByIdDocument, PurchasePackageDocument,
} from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { WEBHOOK_SECRET, balanceMismatches, postWebhook, type WebhookEventBody } from './money-helpers';

let app: TestApp;
let admin: string;
let weeklyId: string;
let eventCounter = 0;

beforeAll(async () => {
  app = await startTestApp({ PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYMENT_WEBHOOK_TOLERANCE_SECONDS: '300' });
  admin = await adminSession(app);
  weeklyId = String((await app.em().findOneOrFail(Package, { name: 'SVIP Weekly' })).id);
});
afterEach(async () => expect(await balanceMismatches(app)).toEqual([]));
afterAll(() => app.close());

async function pendingOrder(email: string) {
  const user = await signUp(app, email);
  const order = expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: weeklyId }, user.session)).purchasePackage, 'Order');
  return { user, order };
}

function paymentEvent(orderId: string, overrides: Partial<WebhookEventBody['data']> = {}, type: WebhookEventBody['type'] = 'payment.succeeded'): WebhookEventBody {
  eventCounter++;
  return {
    id: `evt_${eventCounter}`,
    type,
    data: { orderId, amountMinor: 1998, currency: 'CNY', providerRef: `pi_${eventCounter}`, ...overrides },
  };
}

const purchaseRows = (orderId: string) => app.em().count(LedgerEntry, { kind: 'PURCHASE', reference: `order:${orderId}` });

describe('POST /payments/webhook/:provider', () => {
  it('pays the order from a valid event: subscription active, ledger row, cache invalidation', async () => {
    const { user, order } = await pendingOrder('hook-valid@money.test');
    const seen: ChangeEvent[] = [];
    const unsubscribe = app.server.services.changeBus.subscribe((e) => seen.push(e));
    const event = paymentEvent(order.id);
    const res = await postWebhook(app, event);
    unsubscribe();
    expect(res).toEqual({ status: 200, json: { received: true, status: 'processed', orderId: Number(order.id), late: false } });

    const paid = expectTypename((await gqlData(app, OrderByIdDocument, { id: order.id }, user.session)).order, 'Order');
    expect(paid).toMatchObject({ status: 'PAID', provider: 'acme', providerRef: event.data.providerRef });
    expect(paid.subscription).toMatchObject({ status: 'ACTIVE', quotaTotal: '10000000', quotaUsed: '0', unlocksTiers: ['SVIP'] });
    expect(await purchaseRows(order.id)).toBe(1);
    expect(seen).toContainEqual({ topic: 'subscription', id: String(user.userId) });
    const me = (await gqlData(app, BalancesDocument, {}, user.session)).me;
    expect(me.activeSubscriptions).toHaveLength(1);
  });

  it('answers a repeated event as a duplicate and grants nothing more', async () => {
    const { order } = await pendingOrder('hook-dup@money.test');
    const event = paymentEvent(order.id);
    expect((await postWebhook(app, event)).json.status).toBe('processed');
    expect(await postWebhook(app, event)).toEqual({ status: 200, json: { received: true, status: 'duplicate' } });
    // A new event id for an order already paid is recorded and changes nothing.
    const second = await postWebhook(app, paymentEvent(order.id));
    expect(second).toMatchObject({ status: 200, json: { status: 'ignored', orderStatus: 'PAID' } });
    expect(await purchaseRows(order.id)).toBe(1);
    expect(await app.em().count(PaymentEvent, { order: Number(order.id) })).toBe(2);
  });

  it('keeps every custom sender in one event-id namespace, apart from Stripe and epay', async () => {
    const { order } = await pendingOrder('hook-namespace@money.test');
    const event = paymentEvent(order.id);
    expect((await postWebhook(app, event, { provider: 'acme' })).json.status).toBe('processed');
    // The same signed delivery replayed under another sender name is still the same event.
    expect((await postWebhook(app, event, { provider: 'other-bridge' })).json.status).toBe('duplicate');
    expect(await app.em().count(PaymentEvent, { eventId: event.id })).toBe(1);
    expect((await app.em().findOneOrFail(PaymentEvent, { eventId: event.id })).provider).toBe('custom');
    // Names that would pass for a real provider or an admin are not custom senders.
    for (const reserved of ['stripe', 'epay', 'custom', 'admin']) {
      expect((await postWebhook(app, paymentEvent(order.id), { provider: reserved })).status).toBe(404);
    }
  });

  it('rejects bad, missing and stale signatures with 401 and changes nothing', async () => {
    const { order } = await pendingOrder('hook-sig@money.test');
    const event = paymentEvent(order.id);
    expect((await postWebhook(app, event, { secret: 'not-the-secret-000000' })).status).toBe(401);
    expect((await postWebhook(app, event, { signature: null })).status).toBe(401);
    expect((await postWebhook(app, event, { signature: 'garbage' })).status).toBe(401);
    // The answer never says why: that would only help someone forging signatures.
    const stale = await postWebhook(app, event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale).toEqual({ status: 401, json: { error: 'invalid signature' } });
    expect((await postWebhook(app, event, { secret: 'not-the-secret-000000' })).json).toEqual({ error: 'invalid signature' });
    // Well past the tolerance: +301 turned into an accepted +300 whenever a second boundary
    // passed between signing and the server's check (seen on a loaded machine).
    const future = await postWebhook(app, event, { timestamp: Math.floor(Date.now() / 1000) + 330 });
    expect(future.status).toBe(401);
    // A body altered after signing fails too.
    const raw = JSON.stringify(event);
    const header = signWebhook(WEBHOOK_SECRET, raw, Math.floor(Date.now() / 1000));
    const tampered = await postWebhook(app, raw.replace('"amountMinor":1998', '"amountMinor":1999'), { signature: header });
    expect(tampered.status).toBe(401);

    expect((await app.em().findOneOrFail(Order, Number(order.id))).status).toBe('PENDING');
    expect(await app.em().count(PaymentEvent, { eventId: event.id })).toBe(0);
    // The same event, correctly signed, still works afterwards.
    expect((await postWebhook(app, event)).json.status).toBe('processed');
  });

  it('honours the clock for the timestamp window', async () => {
    const { order } = await pendingOrder('hook-clock@money.test');
    const original = app.server.services.clock;
    app.server.services.clock = new ManualClock('2030-01-01T00:00:00Z');
    try {
      const event = paymentEvent(order.id);
      expect((await postWebhook(app, event)).status).toBe(401);
      expect((await postWebhook(app, event, { timestamp: Date.parse('2030-01-01T00:04:00Z') / 1000 })).status).toBe(200);
    } finally {
      app.server.services.clock = original;
    }
  });

  it('answers 400 to bodies that are not valid events (after the signature checked out)', async () => {
    const { order } = await pendingOrder('hook-body@money.test');
    expect((await postWebhook(app, 'not json')).status).toBe(400);
    expect((await postWebhook(app, '{"id":"evt_x","type":"payment.exploded","data":{}}')).status).toBe(400);
    const noAmount = JSON.stringify({ id: 'evt_y', type: 'payment.succeeded', data: { orderId: Number(order.id), currency: 'CNY', providerRef: 'p' } });
    expect((await postWebhook(app, noAmount)).status).toBe(400);
    expect((await app.em().findOneOrFail(Order, Number(order.id))).status).toBe('PENDING');
  });

  it('refuses an amount or currency that does not match the order, and unknown orders', async () => {
    const { order } = await pendingOrder('hook-amount@money.test');
    const cheap = await postWebhook(app, paymentEvent(order.id, { amountMinor: 1 }));
    expect(cheap).toMatchObject({ status: 422, json: { reason: 'AMOUNT_MISMATCH' } });
    const dollars = await postWebhook(app, paymentEvent(order.id, { currency: 'USD' }));
    expect(dollars).toMatchObject({ status: 422, json: { reason: 'AMOUNT_MISMATCH' } });
    const unknown = await postWebhook(app, paymentEvent('99999'));
    expect(unknown).toMatchObject({ status: 422, json: { reason: 'UNKNOWN_ORDER' } });
    expect((await app.em().findOneOrFail(Order, Number(order.id))).status).toBe('PENDING');
    expect(await purchaseRows(order.id)).toBe(0);
  });

  it('does not pay a cancelled order (recorded as ignored for an operator to look at)', async () => {
    const { order } = await pendingOrder('hook-cancelled@money.test');
    expectTypename((await gqlData(app, CancelOrderDocument, { orderId: order.id }, admin)).cancelOrder, 'Order');
    const res = await postWebhook(app, paymentEvent(order.id));
    expect(res).toMatchObject({ status: 200, json: { status: 'ignored', orderStatus: 'CANCELLED' } });
    expect(await purchaseRows(order.id)).toBe(0);
  });

  it('grants exactly once when the same event races itself, other events and an admin click', async () => {
    for (let round = 0; round < 3; round++) {
      const { user, order } = await pendingOrder(`hook-race-${round}@money.test`);
      const sameEvent = paymentEvent(order.id);
      const attempts = await Promise.all([
        ...Array.from({ length: 4 }, () => postWebhook(app, sameEvent).then((r) => `hook:${String(r.json.status ?? JSON.stringify(r))}`)),
        ...Array.from({ length: 3 }, () => postWebhook(app, paymentEvent(order.id)).then((r) => `other:${String(r.json.status)}`)),
        ...Array.from({ length: 2 }, () =>
          gql(app, MarkOrderPaidDocument, { orderId: order.id }, admin).then((r) => `admin:${r.data?.markOrderPaid.__typename}`),
        ),
      ]);
      const winners = attempts.filter((a) => a === 'hook:processed' || a === 'other:processed' || a === 'admin:Order');
      expect({ round, winners: winners.length, attempts }).toMatchObject({ winners: 1 });
      expect(attempts.filter((a) => a.startsWith('hook:') && a !== 'hook:processed' && a !== 'hook:duplicate' && a !== 'hook:ignored')).toEqual([]);
      expect(await purchaseRows(order.id)).toBe(1);
      expect(await app.em().count(Subscription, { user: user.userId })).toBe(1);
      const sub = await app.em().findOneOrFail(Subscription, { user: user.userId });
      expect(sub.quotaTotal).toBe(10_000_000n);
    }
  });
});
