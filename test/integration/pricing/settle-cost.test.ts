import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { createChannel, rawChat } from '../../support/data-plane-fixtures';
import { expectChargedOnce, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// The cost the data plane settles with, from what an OpenAI-compatible upstream reports: prompt
// tokens as reported (above the estimate too) up to the context length, completion tokens up to
// the output cap the request held for.

const MINI = 'gpt-4o-mini'; // context 128,000 tokens; $0.15 / $0.60 per 1M
const PRICES = seedPrices(MINI);
const START = 1_000_000n;
const bed = vendorTestbed();

function cost(promptTokens: number, completionTokens: number): bigint {
  return costOf(PRICES, { promptTokens, completionTokens, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);
}

async function chat(key: string, body: Record<string, unknown>): Promise<string> {
  const res = await rawChat(bed.app, key, { model: MINI, messages: [{ role: 'user', content: 'Say hi' }], ...body });
  expect(res.status).toBe(200);
  await res.text();
  return res.headers.get('x-request-id')!;
}

beforeEach(async () => {
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, protocol: 'OPENAI', models: [MINI] });
});

it('charges every prompt token reported, far above the estimate, when the hold covers it', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  bed.main.next({ content: 'hi', usage: { prompt_tokens: 50_000, completion_tokens: 100 } });
  const requestId = await chat(key, { max_tokens: 16_000 });
  await expectChargedOnce(bed.app, userId, { before: START, cost: cost(50_000, 100), requestId });
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ promptTokens: 50_000, completionTokens: 100, cost: cost(50_000, 100) });
});

it.each([false, true])('charges completion tokens above the held cap at the cap, an anomaly counted (stream: %s)', async (stream) => {
  const { userId, key } = await newCaller(bed.app, START);
  const anomalies = bed.app.server.services.chargeAnomalies;
  const before = anomalies.completionOverCap;
  bed.main.next({ ...(stream ? { chunks: ['h', 'i'] } : { content: 'hi' }), usage: { prompt_tokens: 5, completion_tokens: 100_000 } });
  const requestId = await chat(key, { max_tokens: 64, stream });
  expect(cost(5, 64)).toBe(20n);
  await expectChargedOnce(bed.app, userId, { before: START, cost: 20n, requestId });
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ promptTokens: 5, completionTokens: 64, cost: 20n });
  expect(anomalies.completionOverCap).toBe(before + 1);
});

it('caps the completion at the cap times the choices', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  bed.main.next({ content: 'hi', usage: { prompt_tokens: 5, completion_tokens: 1_000 } });
  const requestId = await chat(key, { max_tokens: 100, n: 3 });
  await expectChargedOnce(bed.app, userId, { before: START, cost: cost(5, 300), requestId });
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ completionTokens: 300, cost: cost(5, 300) });
});

it('prices a prompt reported beyond the context length as the context length (what is settled, whatever the hold covers)', async () => {
  const { key } = await newCaller(bed.app, START);
  bed.main.next({ content: 'hi', usage: { prompt_tokens: 5_000_000, completion_tokens: 10 } });
  const requestId = await chat(key, { max_tokens: 64 });
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ promptTokens: 128_000, completionTokens: 10, cost: cost(128_000, 10) });
});
