import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import {
  ApplyVendorDiscountDocument, CreateGroupDocument, AddGroupMemberDocument, ModelPriceHistoryDocument, ModelPricesDocument, ModelsDocument,
  SetModelPriceDocument, WithdrawScheduledPriceDocument,
} from '../../generated/graphql';
import {
  client, createChannel, createToken, createUser, disableAllChannels, eventually, expectedCost, ledgerRows, usageLogs,
} from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// Price history: billing uses the version in effect at the request's admission, past usage keeps
// what it was charged, scheduled versions take over at their time; vendor-wide discounts and group
// multipliers as a viewer sees them.

let app: TestApp;
let upstream: FakeUpstream;
let admin: string;
const USAGE = { prompt_tokens: 1000, completion_tokens: 2000 };

beforeAll(async () => {
  app = await startTestApp();
  upstream = await FakeUpstream.start();
  admin = await adminSession(app);
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['deepseek-chat', 'qwen-plus'] });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

async function pricesOf(modelId: string): Promise<{ input: bigint; output: bigint }> {
  const { model } = await gqlData(app, ModelPricesDocument, { modelId });
  return { input: BigInt(model!.inputPrice), output: BigInt(model!.outputPrice) };
}

async function call(key: string, model: string): Promise<string> {
  upstream.next({ usage: USAGE });
  const res = await client(app, key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }).withResponse();
  return res.response.headers.get('x-request-id')!;
}

async function costOf(requestId: string): Promise<bigint> {
  const [log] = await usageLogs(app, { requestId });
  return log!.cost;
}

describe('price versions', () => {
  it('bills at the new price from the moment it is set, and past usage keeps what it was charged', async () => {
    const userId = await createUser(app, { freeQuota: 100_000_000n });
    const { key } = await createToken(app, userId);
    const before = await pricesOf('deepseek-chat');
    const first = await call(key, 'deepseek-chat');
    expect(await costOf(first)).toBe(expectedCost(before, 1000, 2000));

    const set = await gqlData(app, SetModelPriceDocument, { modelId: 'deepseek-chat', input: { inputPrice: '300000', outputPrice: '900000', memo: 'list price change' } }, admin);
    const version = expectTypename(set.setModelPrice, 'ModelPrice');
    expect(version).toMatchObject({ modelId: 'deepseek-chat', kind: 'SET', inputPrice: '300000', outputPrice: '900000', memo: 'list price change' });
    expect(await pricesOf('deepseek-chat')).toEqual({ input: 300_000n, output: 900_000n });

    const second = await call(key, 'deepseek-chat');
    expect(await costOf(second)).toBe(expectedCost({ input: 300_000n, output: 900_000n }, 1000, 2000));
    // The first request's usage row and ledger row still say what it was charged.
    expect(await costOf(first)).toBe(expectedCost(before, 1000, 2000));
    const charges = (await ledgerRows(app, userId)).filter((e) => e.kind === 'USAGE_CHARGE');
    expect(charges.map((c) => [c.requestId, -c.amount])).toEqual([
      [first, expectedCost(before, 1000, 2000)],
      [second, expectedCost({ input: 300_000n, output: 900_000n }, 1000, 2000)],
    ]);

    const history = expectTypename((await gqlData(app, ModelPriceHistoryDocument, { modelId: 'deepseek-chat' }, admin)).modelPriceHistory, 'ModelPriceHistory');
    expect(history.prices.map((p) => [p.kind, p.inputPrice])).toEqual([['SET', '300000'], ['INITIAL', String(before.input)]]);
    // Cache prices carried over from the version it follows.
    expect(history.prices[0]!.cacheReadPrice).toBe(history.prices[1]!.cacheReadPrice);
  });

  it('takes a scheduled price at its effective time, not before; a scheduled one can be withdrawn', async () => {
    const userId = await createUser(app, { freeQuota: 100_000_000n });
    const { key } = await createToken(app, userId);
    const old = await pricesOf('qwen-plus');
    const effectiveAt = new Date(Date.now() + 1_500).toISOString();
    const scheduled = expectTypename(
      (await gqlData(app, SetModelPriceDocument, { modelId: 'qwen-plus', input: { outputPrice: '100', effectiveAt } }, admin)).setModelPrice,
      'ModelPrice',
    );
    expect(new Date(scheduled.effectiveAt).toISOString()).toBe(effectiveAt);
    expect(await pricesOf('qwen-plus')).toEqual(old);
    const early = await call(key, 'qwen-plus');
    expect(await costOf(early)).toBe(expectedCost(old, 1000, 2000));

    await eventually(() => Date.now() > Date.parse(effectiveAt) + 50, 5_000);
    const late = await call(key, 'qwen-plus');
    expect(await costOf(late)).toBe(expectedCost({ input: old.input, output: 100n }, 1000, 2000));
    expect(await pricesOf('qwen-plus')).toEqual({ input: old.input, output: 100n });

    // In effect now: history, not withdrawable.
    const tooLate = await gqlData(app, WithdrawScheduledPriceDocument, { priceId: scheduled.id }, admin);
    expect(tooLate.withdrawScheduledPrice).toMatchObject({ __typename: 'InputValidationError', field: 'priceId' });
    const future = expectTypename(
      (await gqlData(app, SetModelPriceDocument, { modelId: 'qwen-plus', input: { outputPrice: '1', effectiveAt: new Date(Date.now() + 86_400_000).toISOString() } }, admin)).setModelPrice,
      'ModelPrice',
    );
    expect((await gqlData(app, WithdrawScheduledPriceDocument, { priceId: future.id }, admin)).withdrawScheduledPrice.__typename).toBe('ModelPrice');
    const history = expectTypename((await gqlData(app, ModelPriceHistoryDocument, { modelId: 'qwen-plus' }, admin)).modelPriceHistory, 'ModelPriceHistory');
    expect(history.prices.map((p) => p.id)).not.toContain(future.id);
    expect(history.prices[0]!.id).toBe(scheduled.id);
  });

  it('refuses a time in the past, a negative price and an unknown model, changing nothing', async () => {
    const past = await gqlData(app, SetModelPriceDocument, { modelId: 'gpt-4o', input: { inputPrice: '1', effectiveAt: '2020-01-01T00:00:00Z' } }, admin);
    expect(past.setModelPrice).toMatchObject({ __typename: 'InputValidationError', field: 'effectiveAt' });
    const negative = await gqlData(app, SetModelPriceDocument, { modelId: 'gpt-4o', input: { outputPrice: '-1' } }, admin);
    expect(negative.setModelPrice).toMatchObject({ __typename: 'InputValidationError', field: 'outputPrice' });
    const unknown = await gqlData(app, SetModelPriceDocument, { modelId: 'no-such-model', input: { inputPrice: '1' } }, admin);
    expect(unknown.setModelPrice).toMatchObject({ __typename: 'NotFoundError' });
    expect((await gqlData(app, ModelPriceHistoryDocument, { modelId: 'no-such-model' }, admin)).modelPriceHistory.__typename).toBe('NotFoundError');
    const history = expectTypename((await gqlData(app, ModelPriceHistoryDocument, { modelId: 'gpt-4o' }, admin)).modelPriceHistory, 'ModelPriceHistory');
    expect(history.prices.map((p) => p.kind)).toEqual(['INITIAL']);
  });
});

describe('vendor-wide discount', () => {
  it('records one VENDOR_DISCOUNT version per model of the vendor, prices x factor rounded up', async () => {
    const { models } = await gqlData(app, ModelsDocument, { filter: { vendor: 'anthropic' } });
    const result = await gqlData(app, ApplyVendorDiscountDocument, { input: { vendor: 'anthropic', factor: '0.75', memo: 'Q4 promotion' } }, admin);
    const discount = expectTypename(result.applyVendorDiscount, 'VendorDiscount');
    expect(discount).toMatchObject({ vendor: 'anthropic', factor: '0.75' });
    expect(discount.prices.map((p) => p.modelId).sort()).toEqual(models.map((m) => m.modelId).sort());
    const ceil75 = (v: string) => String((BigInt(v) * 3n + 3n) / 4n);
    for (const before of models) {
      const version = discount.prices.find((p) => p.modelId === before.modelId)!;
      expect(version).toMatchObject({
        kind: 'VENDOR_DISCOUNT', memo: 'Q4 promotion', inputPrice: ceil75(before.inputPrice), outputPrice: ceil75(before.outputPrice),
        cacheReadPrice: before.cacheReadPrice === null ? null : ceil75(before.cacheReadPrice),
      });
      const { model } = await gqlData(app, ModelPricesDocument, { modelId: before.modelId });
      expect(model!.inputPrice).toBe(ceil75(before.inputPrice));
    }
  });

  it('refuses a bad factor, a past time and an unknown vendor', async () => {
    for (const factor of ['0', 'abc', '11', '-0.5', '0.12345']) {
      const bad = await gqlData(app, ApplyVendorDiscountDocument, { input: { vendor: 'google', factor } }, admin);
      expect(bad.applyVendorDiscount).toMatchObject({ __typename: 'InputValidationError', field: 'factor' });
    }
    const past = await gqlData(app, ApplyVendorDiscountDocument, { input: { vendor: 'google', factor: '0.5', effectiveAt: '2020-01-01T00:00:00Z' } }, admin);
    expect(past.applyVendorDiscount).toMatchObject({ __typename: 'InputValidationError', field: 'effectiveAt' });
    const unknown = await gqlData(app, ApplyVendorDiscountDocument, { input: { vendor: 'nobody', factor: '0.5' } }, admin);
    expect(unknown.applyVendorDiscount.__typename).toBe('NotFoundError');
    const history = expectTypename((await gqlData(app, ModelPriceHistoryDocument, { modelId: 'gemini-2.5-flash' }, admin)).modelPriceHistory, 'ModelPriceHistory');
    expect(history.prices.map((p) => p.kind)).toEqual(['INITIAL']);
  });
});

describe('group multipliers in the catalogue', () => {
  it('shows each viewer the prices of the groups they may use, multiplier applied', async () => {
    expectTypename((await gqlData(app, CreateGroupDocument, { name: 'premium', input: { open: true, priceMultiplier: '1.5' } }, admin)).createGroup, 'Group');
    expectTypename((await gqlData(app, CreateGroupDocument, { name: 'partners', input: { open: false, priceMultiplier: '0.8' } }, admin)).createGroup, 'Group');
    const partner = await signUp(app, 'partner@prices.test');
    const stranger = await signUp(app, 'stranger@prices.test');
    expectTypename((await gqlData(app, AddGroupMemberDocument, { group: 'partners', userId: String(partner.userId) }, admin)).addGroupMember, 'Group');
    const { model } = await gqlData(app, ModelPricesDocument, { modelId: 'gpt-4o-mini' });
    const base = BigInt(model!.inputPrice);
    const ceilTimes = (num: bigint, den: bigint) => String((base * num + den - 1n) / den);

    const seen = async (session?: string) =>
      (await gqlData(app, ModelPricesDocument, { modelId: 'gpt-4o-mini' }, session)).model!.groupPrices.map((g) => [g.group, g.prices.inputPrice]);
    expect(await seen()).toEqual([['default', String(base)], ['premium', ceilTimes(3n, 2n)]]);
    expect(await seen(stranger.session)).toEqual([['default', String(base)], ['premium', ceilTimes(3n, 2n)]]);
    expect(await seen(partner.session)).toEqual([['default', String(base)], ['partners', ceilTimes(4n, 5n)], ['premium', ceilTimes(3n, 2n)]]);
    expect((await seen(admin)).map(([g]) => g)).toEqual(['default', 'partners', 'premium']);
  });
});

describe('authorization', () => {
  it('lets only admins read history and change prices', async () => {
    const user = await signUp(app, 'nosy@prices.test');
    for (const session of [undefined, user.session]) {
      const history = await gql(app, ModelPriceHistoryDocument, { modelId: 'gpt-4o' }, session);
      expect(history.data?.modelPriceHistory ?? null).toBeNull();
      expect(history.errors?.length).toBeGreaterThan(0);
      const set = await gql(app, SetModelPriceDocument, { modelId: 'gpt-4o', input: { inputPrice: '1' } }, session);
      expect(set.errors?.length).toBeGreaterThan(0);
      const discount = await gql(app, ApplyVendorDiscountDocument, { input: { vendor: 'openai', factor: '0.1' } }, session);
      expect(discount.errors?.length).toBeGreaterThan(0);
    }
    const history = expectTypename((await gqlData(app, ModelPriceHistoryDocument, { modelId: 'gpt-4o' }, admin)).modelPriceHistory, 'ModelPriceHistory');
    expect(history.prices.map((p) => p.kind)).toEqual(['INITIAL']);
  });
});
