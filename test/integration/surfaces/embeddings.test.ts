import OpenAI from 'openai';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { createChannel } from '../../support/data-plane-fixtures';
import { expectChargedOnce, expectNothingCharged, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// POST /v1/embeddings through the official OpenAI SDK: catalogue type EMBEDDING, billed per input token.

const START = 1_000_000n;
const MODEL = 'text-embedding-3-small';
const bed = vendorTestbed();

function sdk(key: string): OpenAI {
  return new OpenAI({ apiKey: key, baseURL: bed.app.v1Url, maxRetries: 0, timeout: 20_000 });
}

it('embeds a batch and bills the upstream prompt tokens at the input price', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL], modelMapping: { [MODEL]: 'embed-upstream' } });
  bed.main.next({ usage: { prompt_tokens: 2000, completion_tokens: 0 } });
  const input = ['a'.repeat(4000), 'b'.repeat(4000)];
  const { data, response } = await sdk(key).embeddings.create({ model: MODEL, input, dimensions: 4 }).withResponse();
  expect(data.model).toBe(MODEL);
  expect(data.data.map((d) => d.index)).toEqual([0, 1]);
  expect(data.data[0]!.embedding).toHaveLength(4);
  expect(data.usage).toMatchObject({ prompt_tokens: 2000 });
  expect(bed.main.requests[0]!.body).toMatchObject({ model: 'embed-upstream', input, dimensions: 4 });
  const requestId = response.headers.get('x-request-id')!;
  const cost = costOf(seedPrices(MODEL), { promptTokens: 2000, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);
  expect(cost).toBe(20n); // 2000 tokens x 10 000 units per 1M
  await expectChargedOnce(bed.app, userId, { before: START, cost, requestId });
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'embeddings', outcome: 'SUCCESS', promptTokens: 2000 });
});

it('refuses bad input and model-type mismatches with a 400, charging nothing', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL, 'gpt-4o-mini'] });
  const client = sdk(key);
  const tokens = await client.embeddings.create({ model: MODEL, input: [[1, 2, 3]] }).catch((e: unknown) => e);
  expect(tokens).toBeInstanceOf(OpenAI.BadRequestError);
  const chatModel = await client.embeddings.create({ model: 'gpt-4o-mini', input: 'x' }).catch((e: unknown) => e);
  expect(chatModel).toBeInstanceOf(OpenAI.BadRequestError);
  const asChat = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
  expect(asChat).toBeInstanceOf(OpenAI.BadRequestError);
  expect((asChat as Error).message).toContain('/v1/embeddings');
  expect(bed.main.requests).toHaveLength(0);
  await expectNothingCharged(bed.app, userId, START);
});
