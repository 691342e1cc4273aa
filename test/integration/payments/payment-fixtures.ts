import OpenAI from 'openai';
import { Channel, LedgerEntry, Package } from '../../../src/db/entities';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { addSealedKeys } from '../../../src/domain/channels/channel-keys';
import { BalancesDocument, CreateTokenDocument, PurchasePackageDocument } from '../../generated/graphql';
import { expectTypename, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

export const PUBLIC_URL = 'https://gateway.example.test';

export interface Shop {
  app: TestApp;
  upstream: FakeUpstream;
  weeklyId: string;
  close(): Promise<void>;
}

/** The real app with an SVIP model served by a fake upstream, so a paid subscription can be spent. */
export async function startShop(env: Record<string, string>): Promise<Shop> {
  const app = await startTestApp({ PUBLIC_URL, ...env });
  const upstream = await FakeUpstream.start();
  const em = app.em();
  const channel = em.create(Channel, {
    name: 'svip upstream',
    protocol: 'OPENAI',
    baseUrl: upstream.openAIBaseUrl,
    models: ['gpt-4o'],
    groups: ['default', 'auto'],
  });
  addSealedKeys(em, app.server.services.secretBox, channel, ['k']);
  await em.flush();
  await app.server.services.changeBus.publish({ topic: 'channel' });
  const weeklyId = String((await app.em().findOneOrFail(Package, { name: 'SVIP Weekly' })).id);
  return {
    app, upstream, weeklyId,
    async close() {
      await app.close();
      await upstream.close();
    },
  };
}

export interface Buyer {
  session: string;
  userId: number;
  openai: OpenAI;
}

export async function newBuyer(shop: Shop, email: string): Promise<Buyer> {
  const user = await signUp(shop.app, email);
  const created = expectTypename(
    (await gqlData(shop.app, CreateTokenDocument, { input: { name: 'k', group: 'default' } }, user.session)).createToken,
    'CreateTokenSuccess',
  );
  return { session: user.session, userId: user.userId, openai: new OpenAI({ apiKey: created.key, baseURL: shop.app.v1Url, maxRetries: 0 }) };
}

export async function purchase(shop: Shop, buyer: Buyer, provider?: string, method?: string) {
  const result = (await gqlData(shop.app, PurchasePackageDocument, { packageId: shop.weeklyId, provider, method }, buyer.session)).purchasePackage;
  return result;
}

export async function checkoutOrder(shop: Shop, buyer: Buyer, provider: string, method?: string) {
  return expectTypename(await purchase(shop, buyer, provider, method), 'Order');
}

/** An SVIP chat call; returns what the buyer's subscription was charged for it. */
export async function svipCallCharge(shop: Shop, buyer: Buyer): Promise<bigint> {
  shop.upstream.next({ usage: { prompt_tokens: 1200, completion_tokens: 800 } });
  const completion = await buyer.openai.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hello' }] });
  if (!completion.choices[0]?.message.content) throw new Error('no completion');
  const me = (await gqlData(shop.app, BalancesDocument, {}, buyer.session)).me;
  const sub = me.activeSubscriptions[0];
  if (!sub) throw new Error('no active subscription');
  return BigInt(sub.quotaUsed);
}

export const purchaseGrants = (shop: Shop, orderId: string) =>
  shop.app.em().count(LedgerEntry, { kind: 'PURCHASE', reference: `order:${orderId}` });
