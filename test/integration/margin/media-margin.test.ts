import OpenAI from 'openai';
import type { MeteredUsage, PriceSheet } from '../../../src/domain/billing/billing.types';
import { costOf, parseMultiplier, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { MarginStatsDocument, SetChannelCostMultiplierDocument, SetChannelModelCostDocument, type SetChannelModelCostInput } from '../../generated/graphql';
import { createChannel, disableAllChannels, eventually, freeBalance, usageCharges } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// The media surfaces (images, speech, rerank, moderation) on the operator's margin and the
// caller's price: each usage row's upstream cost at the serving channel's cost basis (a
// multiplier of the catalogue price, or the channel's own price list for the model and its price
// kind), the margin in usageStats, the x-gateway-cost headers (JSON: the charge; streams: the
// hold), and the charge in the final event of an image or speech stream when asked.

const START = 10_000_000n;
const ASK = { 'x-gateway-usage-cost': 'include' };
const NO_TOKENS = { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 };
const GPT_IMAGE_USAGE = { input_tokens: 50, input_tokens_details: { text_tokens: 20, image_tokens: 30 }, output_tokens: 1056, total_tokens: 1106 };
const GPT_IMAGE_METERED: MeteredUsage = { ...NO_TOKENS, promptTokens: 20, completionTokens: 1056, media: { images: 1, imageSize: '1024x1024', imageQuality: 'medium', imageInputTokens: 30 } };
const DALL_E_METERED: MeteredUsage = { ...NO_TOKENS, media: { images: 1, imageSize: '1024x1024', imageQuality: 'standard' } };
const bed = vendorTestbed();
let admin: string;
beforeAll(async () => {
  admin = await adminSession(bed.app);
});

function sdk(key: string): OpenAI {
  return new OpenAI({ apiKey: key, baseURL: bed.app.v1Url, maxRetries: 0, timeout: 20_000 });
}

/** The one channel serving `model` (any other is disabled), at the cost basis given. */
async function channel(model: string, cost: { multiplier: string } | { own: SetChannelModelCostInput }): Promise<void> {
  await disableAllChannels(bed.app);
  const channelId = String(await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [model] }));
  if ('multiplier' in cost) {
    const set = await gqlData(bed.app, SetChannelCostMultiplierDocument, { channelId, multiplier: cost.multiplier }, admin);
    expectTypename(set.setChannelCostMultiplier, 'Channel');
  } else {
    const set = await gqlData(bed.app, SetChannelModelCostDocument, { channelId, modelId: model, input: cost.own }, admin);
    expectTypename(set.setChannelModelCost, 'ChannelPrice');
  }
}

/** The request's one ledger charge, and its usage row: the charge and the upstream cost beside it. */
async function chargedRow(userId: number): Promise<{ charged: bigint; upstreamCost: bigint; requestId: string }> {
  let charges: Awaited<ReturnType<typeof usageCharges>> = [];
  await eventually(async () => (charges = await usageCharges(bed.app, userId)).length === 1);
  const requestId = charges[0]!.requestId!;
  const row = await waitForUsageLog(bed.app, requestId);
  expect(row.cost).toBe(-charges[0]!.amount);
  return { charged: row.cost, upstreamCost: row.upstreamCost, requestId };
}

const moderationPrices = (requestPrice: bigint): PriceSheet => ({ ...seedPrices('omni-moderation-latest'), requestPrice });

describe('upstream cost of each media kind', () => {
  const x03 = parseMultiplier('0.3');

  it('images (token-priced) on a multiplier channel', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel('gpt-image-1', { multiplier: '0.3' });
    bed.main.next({ imageUsage: GPT_IMAGE_USAGE });
    await sdk(key).images.generate({ model: 'gpt-image-1', prompt: 'a fox', size: '1024x1024', quality: 'medium' });
    const prices = seedPrices('gpt-image-1');
    expect(await chargedRow(userId)).toMatchObject({ charged: costOf(prices, GPT_IMAGE_METERED, UNIT_MULTIPLIER), upstreamCost: costOf(prices, GPT_IMAGE_METERED, x03) });
  });

  it('images (per image) on a channel with its own image prices', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel('dall-e-3', { own: { imagePrices: [{ size: '1024x1024', quality: 'standard', price: '5000', outputTokens: 0 }] } });
    await sdk(key).images.generate({ model: 'dall-e-3', prompt: 'a fox', size: '1024x1024', quality: 'standard' });
    expect(await chargedRow(userId)).toMatchObject({ charged: costOf(seedPrices('dall-e-3'), DALL_E_METERED, UNIT_MULTIPLIER), upstreamCost: 5_000n });
  });

  it('speech per character, on a multiplier channel and on its own character price', async () => {
    const input = 'Hello, world! ü';
    const spoken: MeteredUsage = { ...NO_TOKENS, media: { characters: 15 } };
    const first = await newCaller(bed.app, START);
    await channel('tts-1', { multiplier: '0.3' });
    await (await sdk(first.key).audio.speech.create({ model: 'tts-1', input, voice: 'alloy' })).arrayBuffer();
    const charged = costOf(seedPrices('tts-1'), spoken, UNIT_MULTIPLIER);
    expect(await chargedRow(first.userId)).toMatchObject({ charged, upstreamCost: costOf(seedPrices('tts-1'), spoken, x03) });

    const second = await newCaller(bed.app, START);
    await channel('tts-1', { own: { characterPrice: '2000000' } });
    await (await sdk(second.key).audio.speech.create({ model: 'tts-1', input, voice: 'alloy' })).arrayBuffer();
    expect(await chargedRow(second.userId)).toMatchObject({ charged, upstreamCost: 30n }); // 15 x 2M per 1M
  });

  it('rerank by tokens, on a multiplier channel and on its own input price', async () => {
    const JINA = 'jina-reranker-v2-base-multilingual';
    const read: MeteredUsage = { ...NO_TOKENS, promptTokens: 3_000 };
    const body = { model: JINA, query: 'capital of France', documents: ['Paris', 'Berlin'] };
    for (const [cost, upstream] of [[{ multiplier: '0.3' }, costOf(seedPrices(JINA), read, x03)], [{ own: { inputPrice: '4000' } }, 12n]] as const) {
      const { userId, key } = await newCaller(bed.app, START);
      await channel(JINA, cost);
      bed.main.next({ usage: { prompt_tokens: 3_000, completion_tokens: 0 } });
      const res = await fetch(`${bed.app.v1Url}/rerank`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status).toBe(200);
      expect(await chargedRow(userId)).toMatchObject({ charged: costOf(seedPrices(JINA), read, UNIT_MULTIPLIER), upstreamCost: upstream });
    }
  });

  it('moderation per request on a channel with its own request price, though the caller pays nothing', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel('omni-moderation-latest', { own: { requestPrice: '3' } });
    const { response } = await sdk(key).moderations.create({ model: 'omni-moderation-latest', input: 'hello' }).withResponse();
    expect(costOf(moderationPrices(3n), NO_TOKENS, UNIT_MULTIPLIER)).toBe(3n);
    const row = await waitForUsageLog(bed.app, response.headers.get('x-request-id')!);
    expect({ cost: row.cost, upstreamCost: row.upstreamCost }).toEqual({ cost: 0n, upstreamCost: 3n });
    expect(await usageCharges(bed.app, userId)).toEqual([]);
  });

  it('usageStats puts them in the margin of their models', async () => {
    const now = Date.now();
    const range = { from: new Date(now - 3_600_000).toISOString(), to: new Date(now + 3_600_000).toISOString() };
    const stats = (await gqlData(bed.app, MarginStatsDocument, { ...range, groupBy: ['MODEL'] }, admin)).usageStats;
    if (stats.__typename !== 'UsageStats') throw new Error(JSON.stringify(stats));
    const byModel = new Map(stats.rows.map((r) => [r.modelId, r]));
    for (const model of ['gpt-image-1', 'dall-e-3', 'tts-1', 'jina-reranker-v2-base-multilingual', 'omni-moderation-latest']) {
      const row = byModel.get(model)!;
      expect(BigInt(row.upstreamCost ?? 0)).toBeGreaterThan(0n);
      expect(BigInt(row.margin ?? 0)).toBe(BigInt(row.cost) - BigInt(row.upstreamCost ?? 0));
    }
    expect(byModel.get('dall-e-3')!.upstreamCost).toBe('5000');
    expect(byModel.get('omni-moderation-latest')).toMatchObject({ cost: '0', upstreamCost: '3', margin: '-3' });
  });
});

describe('the caller sees the price of a media request', () => {
  it('a JSON image answer carries the charge in its headers, and in its usage when asked', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel('gpt-image-1', { multiplier: '1' });
    bed.main.next({ imageUsage: GPT_IMAGE_USAGE });
    const { data, response } = await sdk(key).images.generate({ model: 'gpt-image-1', prompt: 'a fox', size: '1024x1024', quality: 'medium' }, { headers: ASK }).withResponse();
    const { charged } = await chargedRow(userId);
    expect(response.headers.get('x-gateway-cost')).toBe(String(charged));
    expect(response.headers.get('x-gateway-cost-currency')).toBe('USD');
    expect(response.headers.get('x-gateway-balance-remaining')).toBe(String(START - charged));
    expect(data.usage).toMatchObject({ output_tokens: 1056, cost_quota: Number(charged), cost_currency: 'USD' });
  });

  it('rerank and moderation answers carry the charge in their headers', async () => {
    const JINA = 'jina-reranker-v2-base-multilingual';
    const caller = await newCaller(bed.app, START);
    await channel(JINA, { multiplier: '1' });
    bed.main.next({ usage: { prompt_tokens: 3_000, completion_tokens: 0 } });
    const res = await fetch(`${bed.app.v1Url}/rerank`, {
      method: 'POST', headers: { authorization: `Bearer ${caller.key}`, 'content-type': 'application/json', ...ASK }, body: JSON.stringify({ model: JINA, query: 'q', documents: ['a'] }),
    });
    const { charged } = await chargedRow(caller.userId);
    expect(res.headers.get('x-gateway-cost')).toBe(String(charged));
    expect(((await res.json()) as { usage: Record<string, unknown> }).usage).toMatchObject({ total_tokens: 3_000, cost_quota: Number(charged) });

    const other = await newCaller(bed.app, START);
    await channel('omni-moderation-latest', { multiplier: '1' });
    const { response } = await sdk(other.key).moderations.create({ model: 'omni-moderation-latest', input: 'hello' }).withResponse();
    expect(response.headers.get('x-gateway-cost')).toBe('0');
    expect(response.headers.get('x-gateway-cost-held')).toBe('0');
    expect(response.headers.get('x-gateway-balance-remaining')).toBe(String(START));
  });

  it('an image stream carries the hold in its headers and the charge in its last completed event when asked', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel('gpt-image-1', { multiplier: '1' });
    bed.main.next({ imageUsage: GPT_IMAGE_USAGE });
    const { data: stream, response } = await sdk(key).images.generate(
      { model: 'gpt-image-1', prompt: 'foxes', n: 2, stream: true, partial_images: 1, size: '1024x1024', quality: 'medium' }, { headers: ASK },
    ).withResponse();
    const events: Array<{ type: string; usage?: Record<string, unknown> }> = [];
    for await (const event of stream) events.push(event as never);
    const held = BigInt(response.headers.get('x-gateway-cost-held')!);
    expect(held).toBeGreaterThan(0n);
    expect(response.headers.get('x-gateway-balance-remaining')).toBe(String(START - held));
    expect(response.headers.get('x-gateway-cost')).toBeNull();
    const completed = events.filter((e) => e.type === 'image_generation.completed');
    expect(completed).toHaveLength(2);
    expect(events.at(-1)).toBe(completed[1]);
    const { charged } = await chargedRow(userId);
    expect(charged).toBe(2n * costOf(seedPrices('gpt-image-1'), GPT_IMAGE_METERED, UNIT_MULTIPLIER));
    expect(completed[0]!.usage?.cost_quota).toBeUndefined();
    expect(completed[1]!.usage).toMatchObject({ output_tokens: 1056, cost_quota: Number(charged), cost_currency: 'USD' });
  });

  it('speech: bytes carry the hold in their headers; the sse `speech.audio.done` carries the charge when asked', async () => {
    const bytes = await newCaller(bed.app, START);
    await channel('tts-1', { multiplier: '1' });
    const audio = await sdk(bytes.key).audio.speech.create({ model: 'tts-1', input: 'hello', voice: 'alloy' });
    await audio.arrayBuffer();
    const held = BigInt(audio.headers.get('x-gateway-cost-held')!);
    expect(held).toBe(costOf(seedPrices('tts-1'), { ...NO_TOKENS, media: { characters: 5 } }, UNIT_MULTIPLIER));
    expect(audio.headers.get('x-gateway-balance-remaining')).toBe(String(START - held));
    await eventually(async () => (await freeBalance(bed.app, bytes.userId)).reserved === 0n);

    const events = await newCaller(bed.app, START);
    await channel('gpt-4o-mini-tts', { multiplier: '1' });
    bed.main.next({ usage: { prompt_tokens: 10, completion_tokens: 250 } });
    const sse = await sdk(events.key).audio.speech.create({ model: 'gpt-4o-mini-tts', input: 'Say it.', voice: 'coral', stream_format: 'sse' }, { headers: ASK });
    const received = (await sse.text()).split('\n\n').filter((e) => e.startsWith('data: ')).map((e) => JSON.parse(e.slice(6)) as Record<string, unknown>);
    const { charged } = await chargedRow(events.userId);
    expect(received.at(-1)).toEqual({ type: 'speech.audio.done', usage: { input_tokens: 10, output_tokens: 250, total_tokens: 260, cost_quota: Number(charged), cost: Number(charged) / 500_000, cost_currency: 'USD' } });
  });
});
