import OpenAI, { toFile } from 'openai';
import { demoPng } from '../../../src/demo/fake-upstream/media-wire';
import { parseMultipart } from '../../../src/demo/fake-upstream/multipart-parser';
import { costOf, maxCostOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { estimatePrompt } from '../../../src/gateway/pipeline/token-estimate';
import { createChannel, eventually, freeBalance } from '../../support/data-plane-fixtures';
import { expectChargedOnce, expectNothingCharged, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// POST /v1/images/generations and /v1/images/edits through the official OpenAI SDK, against
// OpenAI-compatible and Gemini fake upstreams: held at the dearest size and quality asked,
// billed per image (dall-e-3) or by the tokens the upstream reports (gpt-image-1, Gemini).

const START = 10_000_000n;
const GPT_IMAGE = 'gpt-image-1';
const DALL_E = 'dall-e-3';
const GEMINI_IMAGE = 'gemini-2.5-flash-image';
const bed = vendorTestbed();
const NO_TOKENS = { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 };

function sdk(key: string): OpenAI {
  return new OpenAI({ apiKey: key, baseURL: bed.app.v1Url, maxRetries: 0, timeout: 20_000 });
}

const GPT_IMAGE_USAGE = { input_tokens: 50, input_tokens_details: { text_tokens: 20, image_tokens: 30 }, output_tokens: 1056, total_tokens: 1106 };

it('generates with gpt-image-1 and bills text in, image in and image out tokens as reported', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [GPT_IMAGE], modelMapping: { [GPT_IMAGE]: 'gpt-image-upstream' } });
  bed.main.next({ imageUsage: GPT_IMAGE_USAGE });
  const { data, response } = await sdk(key).images.generate({ model: GPT_IMAGE, prompt: 'a red fox', size: '1024x1024', quality: 'medium', background: 'opaque' }).withResponse();
  expect(data.data).toHaveLength(1);
  expect(Buffer.from(data.data![0]!.b64_json!, 'base64').subarray(1, 4).toString()).toBe('PNG');
  expect(data.usage).toEqual(GPT_IMAGE_USAGE);
  expect(bed.main.requests[0]!.body).toEqual({ model: 'gpt-image-upstream', prompt: 'a red fox', size: '1024x1024', quality: 'medium', background: 'opaque' });
  const cost = costOf(seedPrices(GPT_IMAGE), { ...NO_TOKENS, promptTokens: 20, completionTokens: 1056, media: { images: 1, imageSize: '1024x1024', imageQuality: 'medium', imageInputTokens: 30 } }, UNIT_MULTIPLIER);
  expect(cost).toBe(21_320n); // 20 x 2.5M + 30 x 5M + 1056 x 20M per 1M
  const requestId = response.headers.get('x-request-id')!;
  await expectChargedOnce(bed.app, userId, { before: START, cost, requestId });
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'images.generations', modelId: GPT_IMAGE, outcome: 'SUCCESS', promptTokens: 50, completionTokens: 1056, images: 1, cost });
});

it('holds n images at the dearest quality of the size asked, then bills dall-e-3 per image', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [DALL_E] });
  bed.main.next({ delayMs: 300 });
  const pending = sdk(key).images.generate({ model: DALL_E, prompt: 'a lighthouse', n: 2, size: '1792x1024', response_format: 'url' }).withResponse();
  await eventually(() => bed.main.requests.length === 1);
  // quality not given: the dearest of 1792x1024 (hd, 60 000 units) for each of the 2 images
  expect((await freeBalance(bed.app, userId)).reserved).toBe(120_000n);
  const { data, response } = await pending;
  expect(data.data!.map((d) => d.url!.startsWith('data:image/png;base64,'))).toEqual([true, true]);
  // The upstream said nothing of the quality it made: billed at the dearest the request allowed.
  const requestId = response.headers.get('x-request-id')!;
  await expectChargedOnce(bed.app, userId, { before: START, cost: 120_000n, requestId });
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ images: 2, cost: 120_000n });

  const second = await newCaller(bed.app, START);
  const standard = await sdk(second.key).images.generate({ model: DALL_E, prompt: 'a lighthouse', size: '1024x1024', quality: 'standard' }).withResponse();
  await expectChargedOnce(bed.app, second.userId, { before: START, cost: 20_000n, requestId: standard.response.headers.get('x-request-id')! });
});

it('holds a token-priced model at n x the most output tokens of the size and quality asked, plus the prompt and each upload', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [GPT_IMAGE] });
  bed.main.next({ delayMs: 300, imageUsage: GPT_IMAGE_USAGE });
  const image = await toFile(demoPng(32, 1), 'a.png', { type: 'image/png' });
  const pending = sdk(key).images.edit({ model: GPT_IMAGE, image, prompt: 'a red fox', n: 2, size: '1024x1024', quality: 'high' });
  await eventually(() => bed.main.requests.length === 1);
  const prompt = estimatePrompt({ model: GPT_IMAGE, messages: [{ role: 'user', content: 'a red fox' }] }).reserve;
  const held = maxCostOf(seedPrices(GPT_IMAGE), { promptTokens: prompt, maxCompletionTokens: 2 * 4_160, audioMs: 0, media: { images: 2, imageSize: '1024x1024', imageQuality: 'high', imageInputTokens: 8_000 } }, UNIT_MULTIPLIER);
  expect(held).toBe(166_400n + 40_000n + BigInt(Math.ceil((prompt * 2_500_000) / 1e6))); // 8320 out x 20M, one upload at 8000 x 5M, the prompt
  expect((await freeBalance(bed.app, userId)).reserved).toBe(held);
  await pending;
  expect((await freeBalance(bed.app, userId)).reserved).toBe(0n);
});

it('edits several images with a mask (multipart) and passes them on as image[] and mask', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [GPT_IMAGE] });
  bed.main.next({ imageUsage: GPT_IMAGE_USAGE });
  const images = [await toFile(demoPng(32, 1), 'a.png', { type: 'image/png' }), await toFile(demoPng(32, 2), 'b.png', { type: 'image/png' })];
  const mask = await toFile(demoPng(32, 3), 'mask.png', { type: 'image/png' });
  const { data, response } = await sdk(key).images.edit({ model: GPT_IMAGE, image: images, mask, prompt: 'put them together', size: '1024x1024', quality: 'medium' }).withResponse();
  expect(data.data).toHaveLength(1);
  const sent = parseMultipart(bed.main.requests[0]!.rawBody, bed.main.requests[0]!.headers['content-type'] as string)!;
  expect(bed.main.requests[0]!.path).toBe('/v1/images/edits');
  expect(sent.map((p) => [p.name, p.filename === undefined ? p.data.toString() : p.data.length])).toEqual([
    ['model', GPT_IMAGE], ['prompt', 'put them together'], ['size', '1024x1024'], ['quality', 'medium'],
    ['image[]', demoPng(32, 1).length], ['image[]', demoPng(32, 2).length], ['mask', demoPng(32, 3).length],
  ]);
  const requestId = response.headers.get('x-request-id')!;
  await expectChargedOnce(bed.app, userId, { before: START, cost: 21_320n, requestId });
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'images.edits', images: 1 });
});

it('streams partial and completed images as SSE and bills the usage of the completed ones', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [GPT_IMAGE] });
  bed.main.next({ imageUsage: GPT_IMAGE_USAGE });
  const stream = await sdk(key).images.generate({ model: GPT_IMAGE, prompt: 'a red fox', stream: true, partial_images: 2, size: '1024x1024', quality: 'medium' });
  const types: string[] = [];
  for await (const event of stream) types.push(event.type);
  expect(types).toEqual(['image_generation.partial_image', 'image_generation.partial_image', 'image_generation.completed']);
  await eventually(async () => (await freeBalance(bed.app, userId)).quota < START);
  expect(await freeBalance(bed.app, userId)).toEqual({ quota: START - 21_320n, reserved: 0n });
});

it('a stream the caller cuts is charged for the images it received, nothing more', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [GPT_IMAGE] });
  bed.main.next({ imageUsage: GPT_IMAGE_USAGE, chunkDelayMs: 150 });
  const controller = new AbortController();
  const stream = await sdk(key).images.generate({ model: GPT_IMAGE, prompt: 'foxes', n: 3, stream: true, size: '1024x1024', quality: 'medium' }, { signal: controller.signal });
  let completed = 0;
  try {
    for await (const event of stream) {
      if (event.type === 'image_generation.completed' && ++completed === 1) controller.abort();
    }
  } catch {
    // the SDK reports the abort
  }
  expect(completed).toBe(1);
  await eventually(async () => (await freeBalance(bed.app, userId)).reserved === 0n && (await freeBalance(bed.app, userId)).quota < START);
  expect(await freeBalance(bed.app, userId)).toEqual({ quota: START - 21_320n, reserved: 0n });
});

it('maps to a Gemini image model both ways (aspect ratio, candidates, usageMetadata)', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.url, protocol: 'GEMINI', models: [GEMINI_IMAGE] });
  const { data, response } = await sdk(key).images.generate({ model: GEMINI_IMAGE, prompt: 'a cat', n: 2, size: '1536x1024' }).withResponse();
  expect(data.data).toHaveLength(2);
  expect(bed.main.requests[0]!.path).toBe(`/v1beta/models/${GEMINI_IMAGE}:generateContent`);
  expect(bed.main.requests[0]!.body).toEqual({
    contents: [{ role: 'user', parts: [{ text: 'a cat' }] }],
    generationConfig: { responseModalities: ['IMAGE'], candidateCount: 2, imageConfig: { aspectRatio: '3:2' } },
  });
  expect(data.usage).toMatchObject({ output_tokens: 2580 });
  const cost = costOf(seedPrices(GEMINI_IMAGE), { ...NO_TOKENS, promptTokens: 2, completionTokens: 2580, media: { images: 2 } }, UNIT_MULTIPLIER);
  await expectChargedOnce(bed.app, userId, { before: START, cost, requestId: response.headers.get('x-request-id')! });
});

it('fails over to another channel before the first byte', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.other.openAIBaseUrl, models: [DALL_E], priority: 10 });
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [DALL_E] });
  bed.other.next({ status: 503 });
  const { response } = await sdk(key).images.generate({ model: DALL_E, prompt: 'x', size: '1024x1024', quality: 'standard' }).withResponse();
  expect(bed.other.requests).toHaveLength(1);
  const requestId = response.headers.get('x-request-id')!;
  await expectChargedOnce(bed.app, userId, { before: START, cost: 20_000n, requestId });
  expect((await waitForUsageLog(bed.app, requestId)).attempts.map((a) => a.status)).toEqual([503, 200]);
});

it('refuses bad input with a 400 naming the param, and holds nothing', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [DALL_E, 'gpt-4o-mini'] });
  const client = sdk(key);
  const cases: Array<[Promise<unknown>, string]> = [
    [client.images.generate({ model: DALL_E, prompt: '' }), 'prompt'],
    [client.images.generate({ model: DALL_E, prompt: 'x', n: 11 }), 'n'],
    [client.images.generate({ model: DALL_E, prompt: 'x', size: '512x512' }), 'size'],
    [client.images.generate({ model: 'gpt-4o-mini', prompt: 'x' }), 'model'],
    [client.chat.completions.create({ model: DALL_E, messages: [{ role: 'user', content: 'x' }] }), 'model'],
  ];
  for (const [call, param] of cases) {
    const err = await call.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect((err as { param?: string }).param).toBe(param);
  }
  expect(bed.main.requests).toHaveLength(0);
  await expectNothingCharged(bed.app, userId, START);
  expect(maxCostOf(seedPrices(DALL_E), { promptTokens: 0, maxCompletionTokens: 0, audioMs: 0, media: { images: 1, imageSize: '1024x1024', imageQuality: 'hd' } }, UNIT_MULTIPLIER)).toBe(40_000n);
});
