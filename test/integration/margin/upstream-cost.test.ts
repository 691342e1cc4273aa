import type { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import type { MeteredUsage } from '../../../src/domain/billing/billing.types';
import { costOf, parseMultiplier, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { ChannelCostBasisDocument, ChannelOwnPriceKindsDocument, SetChannelCostMultiplierDocument, SetChannelModelCostDocument } from '../../generated/graphql';
import { createChannel, rawChat } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { expectChargedOnce, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// Every usage row records what the serving channel's upstream billed the operator, priced from
// the upstream's own report (cached tokens included) at the channel's cost basis, beside what the
// caller was charged: per cost basis (a multiplier of the catalogue price, a price list of its
// own) and per surface, JSON and streamed.

const HAIKU = 'claude-3-5-haiku-20241022';
const MINI = 'gpt-4o-mini';
const START = 10_000_000n;
const bed = vendorTestbed();
let admin: string;
beforeAll(async () => {
  admin = await adminSession(bed.app);
});

type Surface = 'messages' | 'chat.completions' | 'responses' | 'gemini';

function post(path: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  return fetch(`${bed.app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function call(surface: Surface, model: string, key: string, stream: boolean): Promise<{ status: number; requestId: string; text: string }> {
  const prompt = 'Summarise the cached document.';
  const messages = [{ role: 'user', content: prompt }];
  const res = surface === 'messages'
    ? await post('/v1/messages', { 'x-api-key': key, 'anthropic-version': '2023-06-01' }, { model, max_tokens: 4_000, messages, stream })
    : surface === 'chat.completions'
      ? await rawChat(bed.app, key, { model, max_tokens: 4_000, messages, stream, ...(stream ? { stream_options: { include_usage: true } } : {}) })
      : surface === 'responses'
        ? await post('/v1/responses', { authorization: `Bearer ${key}` }, { model, max_output_tokens: 4_000, input: prompt, stream })
        : await post(`/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`, { 'x-goog-api-key': key }, {
          contents: [{ role: 'user', parts: [{ text: prompt }] }], generationConfig: { maxOutputTokens: 4_000 },
        });
  return { status: res.status, requestId: res.headers.get('x-request-id')!, text: await res.text() };
}

function anthropicChannel(upstream: FakeUpstream): Promise<number> {
  return createChannel(bed.app, { baseUrl: upstream.url, protocol: 'ANTHROPIC', models: [HAIKU] });
}

// 3,000 uncached + 2,000 cache reads + 1,000 5-minute writes, 400 out.
const reported: MeteredUsage = { promptTokens: 6_000, completionTokens: 400, cacheReadTokens: 2_000, cacheWriteTokens: 1_000, audioMs: 0 };
const behaviour = (stream: boolean) => ({
  ...(stream ? { chunks: ['The ', 'summary.'] } : { content: 'The summary.' }),
  usage: { prompt_tokens: 6_000, completion_tokens: 400 },
  cacheTokens: { read: 2_000, write: 1_000 },
});
const SURFACES: Array<[Surface, boolean]> = [
  ['messages', false], ['messages', true], ['chat.completions', false], ['chat.completions', true],
  ['responses', false], ['responses', true], ['gemini', false], ['gemini', true],
];

async function expectRow(requestId: string, userId: number, cost: bigint, upstreamCost: bigint): Promise<void> {
  await expectChargedOnce(bed.app, userId, { before: START, cost, requestId });
  const row = await waitForUsageLog(bed.app, requestId);
  expect({ cost: row.cost, upstreamCost: row.upstreamCost, margin: row.cost - row.upstreamCost }).toEqual({ cost, upstreamCost, margin: cost - upstreamCost });
}

describe('a channel whose cost basis is a multiplier of the catalogue price', () => {
  const prices = seedPrices(HAIKU);
  const charged = costOf(prices, reported, UNIT_MULTIPLIER);
  const upstream = costOf(prices, reported, parseMultiplier('0.3'));

  it('prices the seed as expected', () => {
    // 3,000 x 400,000 + 2,000 x 40,000 + 1,000 x 500,000 + 400 x 2,000,000 = 2,580 units; x 0.3 rounded up.
    expect(charged).toBe(2_580n);
    expect(upstream).toBe(774n);
  });

  it.each(SURFACES)('through %s (stream: %s) records the upstream cost beside the charge', async (surface, stream) => {
    const { userId, key } = await newCaller(bed.app, START);
    const channelId = await anthropicChannel(bed.main);
    const set = await gqlData(bed.app, SetChannelCostMultiplierDocument, { channelId: String(channelId), multiplier: '0.3' }, admin);
    expect(expectTypename(set.setChannelCostMultiplier, 'Channel').costMultiplier).toBe('0.3');
    bed.main.next(behaviour(stream));
    const answer = await call(surface, HAIKU, key, stream);
    expect(answer.status).toBe(200);
    await expectRow(answer.requestId, userId, charged, upstream);
  });

  it('on an OpenAI channel counts the cached tokens it reports', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    const channelId = await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MINI] });
    await gqlData(bed.app, SetChannelCostMultiplierDocument, { channelId: String(channelId), multiplier: '0.5' }, admin);
    bed.main.next({ content: 'ok', usage: { prompt_tokens: 40_000, completion_tokens: 1_000 }, cacheTokens: { read: 30_000 } });
    const answer = await call('chat.completions', MINI, key, false);
    expect(answer.status).toBe(200);
    const usage: MeteredUsage = { promptTokens: 40_000, completionTokens: 1_000, cacheReadTokens: 30_000, cacheWriteTokens: 0, audioMs: 0 };
    const mini = seedPrices(MINI);
    await expectRow(answer.requestId, userId, costOf(mini, usage, UNIT_MULTIPLIER), costOf(mini, usage, parseMultiplier('0.5')));
  });

  it('refuses a multiplier that is not a decimal from 0 to 10', async () => {
    const channelId = await anthropicChannel(bed.main);
    const set = await gqlData(bed.app, SetChannelCostMultiplierDocument, { channelId: String(channelId), multiplier: '12' }, admin);
    expect(expectTypename(set.setChannelCostMultiplier, 'InputValidationError').field).toBe('multiplier');
  });
});

describe('a channel with a price list of its own', () => {
  const own = { ...seedPrices(HAIKU), inputPrice: 100_000n, cacheReadPrice: 10_000n, cacheWritePrice: 125_000n, outputPrice: 500_000n };
  const charged = costOf(seedPrices(HAIKU), reported, UNIT_MULTIPLIER);
  const upstream = costOf(own, reported, UNIT_MULTIPLIER);

  it.each(SURFACES)('through %s (stream: %s) is priced by the list, not the multiplier', async (surface, stream) => {
    const { userId, key } = await newCaller(bed.app, START);
    const channelId = await anthropicChannel(bed.main);
    await gqlData(bed.app, SetChannelCostMultiplierDocument, { channelId: String(channelId), multiplier: '5' }, admin);
    const set = await gqlData(bed.app, SetChannelModelCostDocument, {
      channelId: String(channelId), modelId: HAIKU, input: { inputPrice: '100000', cacheReadPrice: '10000', cacheWritePrice: '125000', outputPrice: '500000' },
    }, admin);
    expect(expectTypename(set.setChannelModelCost, 'ChannelPrice')).toMatchObject({ modelId: HAIKU, inputPrice: '100000', outputPrice: '500000' });
    bed.main.next(behaviour(stream));
    const answer = await call(surface, HAIKU, key, stream);
    expect(answer.status).toBe(200);
    expect(upstream).toBe(645n); // 300 + 20 + 125 + 200
    await expectRow(answer.requestId, userId, charged, upstream);
  });

  it('is readable by admins on the channel', async () => {
    const channelId = await anthropicChannel(bed.main);
    await gqlData(bed.app, SetChannelModelCostDocument, { channelId: String(channelId), modelId: HAIKU, input: { inputPrice: '1', outputPrice: '2' } }, admin);
    const read = await gqlData(bed.app, ChannelCostBasisDocument, { id: String(channelId) }, admin);
    expect(expectTypename(read.channel, 'Channel')).toMatchObject({ costMultiplier: null, costPrices: [{ modelId: HAIKU, inputPrice: '1', outputPrice: '2' }] });
  });

  it('reads back every price kind it was saved with, media kinds included', async () => {
    const channelId = await anthropicChannel(bed.main);
    const kinds = {
      inputPrice: '11', outputPrice: '12', cacheReadPrice: '13', cacheWritePrice: '14', cacheWrite1hPrice: '15', requestPrice: '16', audioMinutePrice: '17',
      searchUnitPrice: '18', audioInputPrice: '19', audioOutputPrice: '20', imageInputPrice: '21', characterPrice: '22',
      longContext: { threshold: 200_000, inputPrice: '23', outputPrice: '24', cacheReadPrice: '25', cacheWritePrice: '26', cacheWrite1hPrice: '27' },
      imagePrices: [{ size: '1024x1024', quality: 'hd', price: '28', outputTokens: 4_160 }, { size: '*', quality: '*', price: '29', outputTokens: 0 }],
    };
    const set = await gqlData(bed.app, SetChannelModelCostDocument, { channelId: String(channelId), modelId: HAIKU, input: kinds }, admin);
    expectTypename(set.setChannelModelCost, 'ChannelPrice');
    const read = await gqlData(bed.app, ChannelOwnPriceKindsDocument, { id: String(channelId) }, admin);
    expect(expectTypename(read.channel, 'Channel').costPrices).toEqual([{ modelId: HAIKU, ...kinds }]);
  });
});

describe('an attempt the upstream answered and then broke', () => {
  it('is recorded as upstream cost although the caller is charged only for the channel that served', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.other.openAIBaseUrl, models: [MINI], priority: 10 });
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MINI], priority: 0 });
    const role = { id: 'x', object: 'chat.completion.chunk', created: 1, model: MINI, choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] };
    bed.other.next({ headers: { 'content-type': 'text/event-stream' }, rawEvents: [`data: ${JSON.stringify(role)}\n\n`] });
    bed.main.next({ chunks: ['fine'], usage: { prompt_tokens: 100, completion_tokens: 1 } });
    const answer = await call('chat.completions', MINI, key, true);
    expect(answer.status).toBe(200);
    const served = costOf(seedPrices(MINI), { promptTokens: 100, completionTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);
    await expectChargedOnce(bed.app, userId, { before: START, cost: served, requestId: answer.requestId });
    const row = await waitForUsageLog(bed.app, answer.requestId);
    expect(row.attempts).toHaveLength(2);
    expect(row.cost).toBe(served);
    // The broken attempt's input (the prompt estimate) at the catalogue price, on top of the served one.
    expect(row.upstreamCost).toBeGreaterThan(served);
  });
});
