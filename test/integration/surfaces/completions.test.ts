import OpenAI from 'openai';
import { createChannel, expectedCost, GPT_4O_MINI } from '../../support/data-plane-fixtures';
import { expectChargedOnce, expectNothingCharged, newCaller, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// POST /v1/completions (OpenAI's legacy text-completion API) through the official SDK: the prompt
// is the user message of a chat request on the same pipeline, answered as text_completion objects.

const START = 1_000_000n;
const MODEL = 'gpt-4o-mini';
const bed = vendorTestbed();

function sdk(key: string): OpenAI {
  return new OpenAI({ apiKey: key, baseURL: bed.app.v1Url, maxRetries: 0, timeout: 20_000 });
}

beforeEach(async () => {
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL] });
});

it('answers a text_completion, sends the prompt as the user message, bills the upstream usage once', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  bed.main.next({ content: 'Paris.', usage: { prompt_tokens: 12, completion_tokens: 3 } });
  const { data, response } = await sdk(key).completions.create({ model: MODEL, prompt: 'The capital of France is', temperature: 0 }).withResponse();
  expect(data).toMatchObject({
    object: 'text_completion', model: MODEL,
    choices: [{ text: 'Paris.', index: 0, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
  });
  expect(data.id).toMatch(/^cmpl-/);
  expect(bed.main.requests[0]!.body).toMatchObject({ messages: [{ role: 'user', content: 'The capital of France is' }], max_tokens: 16, temperature: 0 });
  const requestId = response.headers.get('x-request-id')!;
  const cost = expectedCost(GPT_4O_MINI, 12, 3);
  await expectChargedOnce(bed.app, userId, { before: START, cost, requestId });
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'completions', outcome: 'SUCCESS', promptTokens: 12, completionTokens: 3 });
});

it('streams text_completion chunks, the usage chunk when asked, then [DONE]', async () => {
  const { key } = await newCaller(bed.app, START);
  bed.main.next({ content: 'Hello there', usage: { prompt_tokens: 5, completion_tokens: 2 } });
  const stream = await sdk(key).completions.create({ model: MODEL, prompt: ['Say hello'], max_tokens: 20, stream: true, stream_options: { include_usage: true } });
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  expect(chunks.every((c) => c.object === 'text_completion' && c.model === MODEL)).toBe(true);
  expect(chunks.map((c) => c.choices.map((ch) => ch.text).join('')).join('')).toBe('Hello there');
  expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('stop');
  expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 2 } });
});

it('refuses what a chat model cannot honour, naming the field, and charges nothing', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  const client = sdk(key);
  for (const [body, param] of [
    [{ echo: true }, 'echo'],
    [{ logprobs: 2 }, 'logprobs'],
    [{ suffix: 'end' }, 'suffix'],
    [{ best_of: 3 }, 'best_of'],
    [{ prompt: ['a', 'b'] }, 'prompt'],
    [{ prompt: [1, 2, 3] }, 'prompt'],
    [{ tools: [] }, 'tools'],
  ] as const) {
    const err = await client.completions.create({ model: MODEL, prompt: 'x', ...(body as object) } as OpenAI.CompletionCreateParamsNonStreaming).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err).toMatchObject({ param: expect.stringContaining(param) });
  }
  expect(bed.main.requests).toHaveLength(0);
  await expectNothingCharged(bed.app, userId, START);
});
