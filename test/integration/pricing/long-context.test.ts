import { SetTieredModelPriceDocument, TieredModelPricesDocument, TieredPriceHistoryDocument } from '../../generated/graphql';
import { createChannel, freeBalance, rawChat } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { expectChargedOnce, newCaller, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// A long-context tier set by an admin as a new price version: the history keeps the version
// without it, a prompt above the threshold is priced (and held) at the tier, one at it is not.

const HAIKU = 'claude-3-5-haiku-20241022';
const START = 1_000_000n;
const TIER = { threshold: 5_000, inputPrice: '1600000', outputPrice: '3000000', cacheReadPrice: '160000' };
const bed = vendorTestbed();
let admin: string;

beforeAll(async () => {
  admin = await adminSession(bed.app);
  const set = await gqlData(bed.app, SetTieredModelPriceDocument, { modelId: HAIKU, input: { longContext: TIER, memo: 'long context' } }, admin);
  expectTypename(set.setModelPrice, 'ModelPrice');
});

beforeEach(async () => {
  await createChannel(bed.app, { baseUrl: bed.main.url, protocol: 'ANTHROPIC', models: [HAIKU] });
});

async function chat(key: string, content: string, maxTokens: number): Promise<Response> {
  return rawChat(bed.app, key, { model: HAIKU, max_tokens: maxTokens, messages: [{ role: 'user', content }] });
}

it('keeps both versions effective-dated, the earlier one without the tier, the 1-hour write price carried over', async () => {
  const history = expectTypename((await gqlData(bed.app, TieredPriceHistoryDocument, { modelId: HAIKU }, admin)).modelPriceHistory, 'ModelPriceHistory');
  expect(history.prices).toHaveLength(2);
  const [tiered, seeded] = history.prices;
  expect(tiered).toMatchObject({
    inputPrice: '400000', cacheWritePrice: '500000', cacheWrite1hPrice: '800000',
    longContext: { threshold: 5_000, inputPrice: '1600000', outputPrice: '3000000', cacheReadPrice: '160000', cacheWritePrice: null, cacheWrite1hPrice: null },
  });
  expect(seeded).toMatchObject({ inputPrice: '400000', cacheWrite1hPrice: '800000', longContext: null });
  expect(new Date(seeded!.effectiveAt).getTime()).toBeLessThan(new Date(tiered!.effectiveAt).getTime());

  const { model } = await gqlData(bed.app, TieredModelPricesDocument, { modelId: HAIKU }, admin);
  expect(model).toMatchObject({ cacheWrite1hPrice: '800000', longContext: { threshold: 5_000, inputPrice: '1600000', outputPrice: '3000000' } });
  expect(model!.groupPrices.find((g) => g.group === 'default')?.prices).toMatchObject({ cacheWrite1hPrice: '800000', longContext: { threshold: 5_000, inputPrice: '1600000' } });
});

it('refuses a tier whose threshold is not a positive number of tokens, naming the field', async () => {
  const set = await gqlData(bed.app, SetTieredModelPriceDocument, { modelId: HAIKU, input: { longContext: { ...TIER, threshold: 0 } } }, admin);
  expect(expectTypename(set.setModelPrice, 'InputValidationError').field).toBe('longContext.threshold');
});

it('prices every token of a request whose prompt is above the threshold at the tier', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  bed.main.next({ content: 'ok', usage: { prompt_tokens: 6_000, completion_tokens: 100 }, cacheTokens: { read: 1_000 } });
  const res = await chat(key, 'Read the long document.', 8_000);
  expect(res.status).toBe(200);
  // 5,000 input x $3.20 + 1,000 cache reads x $0.32 + 100 output x $6 per 1M (x 500,000 units)
  const cost = (5_000n * 1_600_000n + 1_000n * 160_000n + 100n * 3_000_000n) / 1_000_000n;
  expect(cost).toBe(8_460n);
  const requestId = res.headers.get('x-request-id')!;
  await expectChargedOnce(bed.app, userId, { before: START, cost, requestId });
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ promptTokens: 6_000, completionTokens: 100, cachedTokens: 1_000, cost });
});

it('prices a prompt at the threshold at the first tier', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  bed.main.next({ content: 'ok', usage: { prompt_tokens: 5_000, completion_tokens: 100 } });
  const res = await chat(key, 'Read the long document.', 8_000);
  expect(res.status).toBe(200);
  await expectChargedOnce(bed.app, userId, { before: START, cost: (5_000n * 400_000n + 100n * 2_000_000n) / 1_000_000n, requestId: res.headers.get('x-request-id')! });
});

it('holds a prompt that may be above the threshold at the tier', async () => {
  // 30,000 bytes are held as 10,008 prompt tokens: 8,027 units at the first tier's dearest input
  // (the 1-hour write, $1.60), 16,043 at the tier's ($3.20).
  const { userId, key } = await newCaller(bed.app, 10_000n);
  const res = await chat(key, 'a'.repeat(30_000), 10);
  expect(res.status).toBe(402);
  expect(bed.main.requests).toHaveLength(0);
  expect(await freeBalance(bed.app, userId)).toEqual({ quota: 10_000n, reserved: 0n });
});
