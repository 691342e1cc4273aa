import OpenAI from 'openai';
import { CatalogueModel } from '../../../src/db/entities';
import { demoTonePcm } from '../../../src/demo/fake-upstream/media-wire';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { recordPrice } from '../../../src/domain/catalogue/model-prices';
import { estimatePrompt } from '../../../src/gateway/pipeline/token-estimate';
import { pcmToWav } from '../../../src/lib/pcm-wav';
import { createChannel, eventually, freeBalance } from '../../support/data-plane-fixtures';
import { expectChargedOnce, expectNothingCharged, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// POST /v1/audio/speech (bytes streamed through, or speech.audio.* events) and POST
// /v1/moderations through the official OpenAI SDK: tts-1 billed per character, gpt-4o-mini-tts
// and Gemini TTS by the tokens reported, moderation per request (free unless priced).

const START = 10_000_000n;
const bed = vendorTestbed();
const TONE_WAV = pcmToWav(demoTonePcm(1, 24_000), 24_000);
const NO_TOKENS = { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 };

function sdk(key: string): OpenAI {
  return new OpenAI({ apiKey: key, baseURL: bed.app.v1Url, maxRetries: 0, timeout: 20_000 });
}

function events(text: string): Array<Record<string, unknown>> {
  return text.split('\n\n').filter((e) => e.startsWith('data: ')).map((e) => JSON.parse(e.slice(6)) as Record<string, unknown>);
}

describe('speech', () => {
  it('streams tts-1 audio through as bytes and bills every character of the input', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: ['tts-1'], modelMapping: { 'tts-1': 'tts-upstream' } });
    const input = 'Hello, world! ü';
    const response = await sdk(key).audio.speech.create({ model: 'tts-1', input, voice: 'alloy', response_format: 'wav', speed: 1.25 });
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await response.arrayBuffer()).equals(TONE_WAV)).toBe(true);
    expect(bed.main.requests[0]!.body).toEqual({ model: 'tts-upstream', input, voice: 'alloy', response_format: 'wav', speed: 1.25 });
    const cost = costOf(seedPrices('tts-1'), { ...NO_TOKENS, media: { characters: 15 } }, UNIT_MULTIPLIER);
    expect(cost).toBe(113n); // 15 characters x 7.5M per 1M, rounded up
    const requestId = response.headers.get('x-request-id')!;
    await expectChargedOnce(bed.app, userId, { before: START, cost, requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'audio.speech', modelId: 'tts-1', characters: 15, stream: false, outcome: 'SUCCESS' });
  });

  it('holds every character before the upstream starts', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: ['tts-1'] });
    bed.main.next({ delayMs: 300 });
    const pending = sdk(key).audio.speech.create({ model: 'tts-1', input: 'x'.repeat(4096), voice: 'alloy' });
    await eventually(() => bed.main.requests.length === 1);
    expect((await freeBalance(bed.app, userId)).reserved).toBe(30_720n); // 4096 x 7.5M / 1M
    await (await pending).arrayBuffer();
  });

  it('holds a token-priced speech model at its output cap and the input text', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: ['gpt-4o-mini-tts'] });
    bed.main.next({ delayMs: 300 });
    const pending = sdk(key).audio.speech.create({ model: 'gpt-4o-mini-tts', input: 'abcd', voice: 'coral' });
    await eventually(() => bed.main.requests.length === 1);
    const prompt = estimatePrompt({ model: 'gpt-4o-mini-tts', messages: [{ role: 'user', content: 'abcd' }] }).reserve;
    // 8192 audio tokens (the catalogue's output cap) x 6M per 1M, and the text at 0.3M per 1M
    expect((await freeBalance(bed.app, userId)).reserved).toBe(49_152n + BigInt(Math.ceil((prompt * 300_000) / 1e6)));
    await (await pending).arrayBuffer();
  });

  it('gives gpt-4o-mini-tts speech.audio events and bills the tokens of the done event', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: ['gpt-4o-mini-tts'] });
    bed.main.next({ usage: { prompt_tokens: 10, completion_tokens: 250 } });
    const response = await sdk(key).audio.speech.create({ model: 'gpt-4o-mini-tts', input: 'Say it warmly.', voice: 'coral', stream_format: 'sse', instructions: 'warm' });
    const received = events(await response.text());
    expect(received.at(-1)).toEqual({ type: 'speech.audio.done', usage: { input_tokens: 10, output_tokens: 250, total_tokens: 260 } });
    const audio = Buffer.concat(received.filter((e) => e.type === 'speech.audio.delta').map((e) => Buffer.from(e.audio as string, 'base64')));
    expect(audio.equals(TONE_WAV)).toBe(true);
    const cost = costOf(seedPrices('gpt-4o-mini-tts'), { ...NO_TOKENS, promptTokens: 10, completionTokens: 250, media: { characters: 14 } }, UNIT_MULTIPLIER);
    expect(cost).toBe(1_503n);
    const requestId = response.headers.get('x-request-id')!;
    await expectChargedOnce(bed.app, userId, { before: START, cost, requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ promptTokens: 10, completionTokens: 250, characters: 14, stream: true });
  });

  it('asks a token-priced upstream for events even when the caller wants bytes, and unwraps them', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: ['gpt-4o-mini-tts'] });
    bed.main.next({ usage: { prompt_tokens: 10, completion_tokens: 250 } });
    const response = await sdk(key).audio.speech.create({ model: 'gpt-4o-mini-tts', input: 'Say it warmly.', voice: 'coral', response_format: 'wav' });
    expect(Buffer.from(await response.arrayBuffer()).equals(TONE_WAV)).toBe(true);
    expect(bed.main.requests[0]!.body).toMatchObject({ stream_format: 'sse' });
    await expectChargedOnce(bed.app, userId, { before: START, cost: 1_503n, requestId: response.headers.get('x-request-id')! });
  });

  it('wraps Gemini TTS PCM losslessly into wav, and refuses mp3 with a 400 naming response_format', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    const model = 'gemini-2.5-flash-preview-tts';
    await createChannel(bed.app, { baseUrl: bed.main.url, protocol: 'GEMINI', models: [model] });
    const response = await sdk(key).audio.speech.create({ model, input: 'Hello', voice: 'alloy', response_format: 'wav' });
    expect(Buffer.from(await response.arrayBuffer()).equals(TONE_WAV)).toBe(true);
    expect(bed.main.requests[0]!.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
      generationConfig: { responseModalities: ['AUDIO'], speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } } } },
    });
    const cost = costOf(seedPrices(model), { ...NO_TOKENS, promptTokens: 2, completionTokens: 25 }, UNIT_MULTIPLIER);
    await expectChargedOnce(bed.app, userId, { before: START, cost, requestId: response.headers.get('x-request-id')! });

    const other = await newCaller(bed.app, START);
    const mp3 = await sdk(other.key).audio.speech.create({ model, input: 'Hello', voice: 'alloy', response_format: 'mp3' }).catch((e: unknown) => e);
    expect(mp3).toBeInstanceOf(OpenAI.BadRequestError);
    expect((mp3 as { param?: string }).param).toBe('response_format');
    await expectNothingCharged(bed.app, other.userId, START);
  });

  it('a download the caller cuts is charged every character once audio has started, and logged as aborted', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: ['tts-1'] });
    bed.main.next({ chunkDelayMs: 150 });
    const controller = new AbortController();
    const response = await fetch(`${bed.app.v1Url}/audio/speech`, {
      method: 'POST', signal: controller.signal,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', input: 'abcd', voice: 'alloy' }),
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    const requestId = response.headers.get('x-request-id')!;
    await eventually(async () => (await freeBalance(bed.app, userId)).quota < START);
    await expectChargedOnce(bed.app, userId, { before: START, cost: 30n, requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ outcome: 'CLIENT_ABORTED', characters: 4, cost: 30n });
  });

  it('fails over before the first byte of audio', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.other.openAIBaseUrl, models: ['tts-1'], priority: 10 });
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: ['tts-1'] });
    bed.other.next({ status: 500 });
    const response = await sdk(key).audio.speech.create({ model: 'tts-1', input: 'abcd', voice: 'alloy' });
    expect(Buffer.from(await response.arrayBuffer()).equals(TONE_WAV)).toBe(true);
    await expectChargedOnce(bed.app, userId, { before: START, cost: 30n, requestId: response.headers.get('x-request-id')! });
  });

  it('refuses bad input with a 400 naming the param', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: ['tts-1'] });
    const client = sdk(key);
    const cases: Array<[Promise<unknown>, string]> = [
      [client.audio.speech.create({ model: 'tts-1', input: 'x'.repeat(4097), voice: 'alloy' }), 'input'],
      [client.audio.speech.create({ model: 'tts-1', input: 'x', voice: 'alloy', speed: 9 }), 'speed'],
      [client.audio.speech.create({ model: 'tts-1', input: 'x', voice: 'alloy', response_format: 'ogg' as 'mp3' }), 'response_format'],
      [client.audio.speech.create({ model: 'dall-e-3', input: 'x', voice: 'alloy' }), 'model'],
    ];
    for (const [call, param] of cases) {
      const err = await call.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect((err as { param?: string }).param).toBe(param);
    }
    await expectNothingCharged(bed.app, userId, START);
  });
});

describe('moderations', () => {
  const MODEL = 'omni-moderation-latest';

  it('answers string, array and multimodal input; free by default, one usage row each', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL] });
    const client = sdk(key);
    const one = await client.moderations.create({ model: MODEL, input: 'plan an attack' }).withResponse();
    expect(one.data.model).toBe(MODEL);
    expect(one.data.results.map((r) => r.flagged)).toEqual([true]);
    const many = await client.moderations.create({ model: MODEL, input: ['hello', 'attack'] });
    expect(many.results.map((r) => r.flagged)).toEqual([false, true]);
    const parts = await client.moderations.create({ model: MODEL, input: [{ type: 'text', text: 'hi' }, { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }] });
    expect(parts.results).toHaveLength(2);
    await expectNothingCharged(bed.app, userId, START);
    expect(await waitForUsageLog(bed.app, one.response.headers.get('x-request-id')!)).toMatchObject({ surface: 'moderations', outcome: 'SUCCESS', cost: 0n });
  });

  it('charges the per-request price an operator sets', async () => {
    const em = bed.app.em();
    const model = await em.findOneOrFail(CatalogueModel, { modelId: MODEL });
    recordPrice(em, model, { ...seedPrices(MODEL), requestPrice: 7n }, { effectiveAt: new Date(), kind: 'SET' });
    await em.flush();
    await bed.app.server.services.changeBus.publish({ topic: 'catalogue' });
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL] });
    const { response } = await sdk(key).moderations.create({ model: MODEL, input: 'hello' }).withResponse();
    await expectChargedOnce(bed.app, userId, { before: START, cost: 7n, requestId: response.headers.get('x-request-id')! });
  });

  it('refuses input of the wrong shape with a 400 naming input', async () => {
    const { key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL] });
    const err = await sdk(key).moderations.create({ model: MODEL, input: [{ type: 'audio' }] as never }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect((err as { param?: string }).param).toBe('input');
  });
});
