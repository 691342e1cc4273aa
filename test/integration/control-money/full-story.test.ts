import { APIError } from 'openai';
import OpenAI from 'openai';
import { Channel, Package } from '../../../src/db/entities';
import { addSealedKeys } from '../../../src/domain/channels/channel-keys';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import {
  BalancesDocument, CheckInDocument, CreateTokenDocument, MySubscriptionsDocument, OrderByIdDocument, PurchasePackageDocument,
} from '../../generated/graphql';
import { expectTypename, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { WEBHOOK_SECRET, balanceMismatches, postWebhook } from './money-helpers';

// The story of issue 4: a new user checks in, buys SVIP through the payment provider (whose
// webhook arrives twice) and spends the subscription on an SVIP model through the data plane.

const GPT_4O_PRICE = { input: 1_250_000n, output: 5_000_000n }; // catalogue units per 1M tokens
const USAGE = { prompt_tokens: 1200, completion_tokens: 800 };

let app: TestApp;
let fake: FakeUpstream;

beforeAll(async () => {
  app = await startTestApp({ PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, SIGNUP_GRANT: '500000', CHECKIN_AMOUNT: '100000' });
  fake = await FakeUpstream.start();
  const em = app.em();
  const channel = em.create(Channel, {
    name: 'story upstream',
    protocol: 'OPENAI',
    baseUrl: fake.openAIBaseUrl,
    models: ['gpt-4o'],
    groups: ['default', 'auto'],
  });
  await addSealedKeys(em, app.server.services.secretBox, channel, ['k']);
  await em.flush();
  await app.server.services.changeBus.publish({ topic: 'channel' });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

it('register -> login -> createToken -> checkIn twice -> purchase -> webhook twice -> SVIP call paid by the subscription', async () => {
  const user = await signUp(app, 'story@money.test');

  const created = expectTypename(
    (await gqlData(app, CreateTokenDocument, { input: { name: 'laptop', group: 'default' } }, user.session)).createToken,
    'CreateTokenSuccess',
  );
  const openai = new OpenAI({ apiKey: created.key, baseURL: app.v1Url, maxRetries: 0 });

  const first = expectTypename((await gqlData(app, CheckInDocument, {}, user.session)).checkIn, 'CheckInSuccess');
  expect(first.user.freeQuota).toBe('600000');
  expect((await gqlData(app, CheckInDocument, {}, user.session)).checkIn.__typename).toBe('AlreadyCheckedInError');

  // Without a subscription the SVIP model is refused.
  const refused = await openai.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(APIError);
  expect((refused as APIError).status).toBe(403);
  expect((refused as APIError).code).toBe('subscription_required');

  const weekly = await app.em().findOneOrFail(Package, { name: 'SVIP Weekly' });
  const order = expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: String(weekly.id) }, user.session)).purchasePackage, 'Order');
  expect(order).toMatchObject({ status: 'PENDING', amount: '19.98', currency: 'CNY' });

  const event = { id: 'evt_story_1', type: 'payment.succeeded' as const, data: { orderId: order.id, amountMinor: 1998, currency: 'CNY', providerRef: 'pi_story' } };
  const deliveries = [await postWebhook(app, event), await postWebhook(app, event)];
  expect(deliveries.map((d) => [d.status, d.json.status])).toEqual([[200, 'processed'], [200, 'duplicate']]);

  const paid = expectTypename((await gqlData(app, OrderByIdDocument, { id: order.id }, user.session)).order, 'Order');
  expect(paid.status).toBe('PAID');
  const [subscription] = (await gqlData(app, MySubscriptionsDocument, { activeOnly: true }, user.session)).subscriptions;
  expect(subscription).toMatchObject({ status: 'ACTIVE', quotaTotal: '10000000', quotaRemaining: '10000000', unlocksTiers: ['SVIP'] });

  fake.next({ usage: USAGE });
  const completion = await openai.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hello' }] });
  expect(completion.model).toBe('gpt-4o');
  expect(completion.choices[0]!.message.content).toBeTruthy();

  const price = (BigInt(USAGE.prompt_tokens) * GPT_4O_PRICE.input + BigInt(USAGE.completion_tokens) * GPT_4O_PRICE.output + 999_999n) / 1_000_000n;
  expect(price).toBe(5500n);
  const me = (await gqlData(app, BalancesDocument, {}, user.session)).me;
  expect(me.freeQuota).toBe('600000'); // SVIP models never touch free quota
  expect(me.activeSubscriptions[0]).toMatchObject({ id: subscription!.id, quotaUsed: String(price), quotaRemaining: String(10_000_000n - price) });
  expect(me.totalQuota).toBe(String(600_000n + 10_000_000n - price));
  expect(await balanceMismatches(app, user.userId)).toEqual([]);
});
