import type { APIError } from 'openai';
import { Group } from '../../../src/db/entities';
import type { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { parseMultipart } from '../../../src/demo/fake-upstream/multipart-parser';
import { costOf, parseMultiplier, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { encodeSilentWav } from '../../support/audio-fixtures';
import { client, createChannel, rawChat, type ChannelOptions } from '../../support/data-plane-fixtures';
import {
  collect, expectChargedOnce, expectNothingCharged, newCaller, seedPrices, vendorTestbed, waitForUsageLog,
} from '../../support/vendor-fixtures';

// Speech-to-text through POST /v1/chat/completions (DESIGN §3): the audio arrives as an
// input_audio part, goes to a channel's /audio/transcriptions as multipart, and comes back as
// the assistant message; billed by duration at the catalogue's per-minute price.

const WHISPER = 'whisper-1';
const PRICES = seedPrices(WHISPER);
const START = 1_000_000n;
const WAV = encodeSilentWav(3); // 3 s of 16 kHz mono 16-bit PCM
const TRANSCRIPT = 'The quick brown fox jumps over the lazy dog.';

const bed = vendorTestbed();

beforeAll(async () => {
  const em = bed.app.em();
  em.create(Group, { name: 'voice-premium', open: true, priceMultiplier: '1.5' });
  await em.flush();
  await bed.app.server.services.changeBus.publish({ topic: 'group' });
});
beforeEach(() => {
  bed.main.setDefault({ transcript: TRANSCRIPT });
});

function speechChannel(upstream: FakeUpstream, options: Partial<ChannelOptions> = {}): ChannelOptions {
  return { baseUrl: upstream.openAIBaseUrl, models: [WHISPER], apiKey: 'sk-openai-speech-key', ...options };
}

function audioMessage(data: Buffer = WAV, format = 'wav') {
  return [{ role: 'user' as const, content: [{ type: 'input_audio' as const, input_audio: { data: data.toString('base64'), format: format as 'wav' } }] }];
}

function audioCost(audioMs: number, multiplier = UNIT_MULTIPLIER): bigint {
  return costOf(PRICES, { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs }, multiplier);
}

describe('transcription as a chat completion', () => {
  it('posts the audio as multipart and answers with the transcript as the message, billed by duration', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, speechChannel(bed.main));

    const { data: completion, response } = await client(bed.app, key).chat.completions.create({ model: WHISPER, messages: audioMessage() }).withResponse();

    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: WHISPER,
      choices: [{ index: 0, message: { role: 'assistant', content: TRANSCRIPT }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
    const sent = bed.main.requests[0]!;
    expect(sent.path).toBe('/v1/audio/transcriptions');
    expect(sent.headers.authorization).toBe('Bearer sk-openai-speech-key');
    const parts = parseMultipart(sent.rawBody, sent.headers['content-type'] as string)!;
    const file = parts.find((p) => p.name === 'file')!;
    expect(file).toMatchObject({ filename: 'audio.wav', contentType: 'audio/wav' });
    expect(Buffer.compare(file.data, WAV)).toBe(0);
    expect(parts.find((p) => p.name === 'model')!.data.toString()).toBe(WHISPER);

    // ceil(3000 ms x 3000 units per minute / 60000 ms)
    const expected = audioCost(3000);
    expect(expected).toBe(150n);
    const requestId = response.headers.get('x-request-id')!;
    await expectChargedOnce(bed.app, userId, { before: START, cost: expected, requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ outcome: 'SUCCESS', audioMs: 3000, cost: expected, modelId: WHISPER });
  });

  it('streams the transcript as a short SSE stream: role, content, finish, usage, [DONE]', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, speechChannel(bed.main));

    const { data: stream, response } = await client(bed.app, key)
      .chat.completions.create({ model: WHISPER, messages: audioMessage(), stream: true, stream_options: { include_usage: true } })
      .withResponse();
    const chunks = await collect(stream);

    expect(chunks.map((c) => [c.choices[0]?.delta ?? null, c.choices[0]?.finish_reason ?? null])).toEqual([
      [{ role: 'assistant', content: '' }, null],
      [{ content: TRANSCRIPT }, null],
      [{}, 'stop'],
      [null, null],
    ]);
    expect(chunks[3]).toMatchObject({ choices: [], usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } });
    expect(chunks.every((c) => c.model === WHISPER && c.object === 'chat.completion.chunk')).toBe(true);
    await expectChargedOnce(bed.app, userId, { before: START, cost: 150n, requestId: response.headers.get('x-request-id')! });

    const raw = await rawChat(bed.app, key, { model: WHISPER, messages: audioMessage(), stream: true });
    expect(raw.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await raw.text()).split('\n\n').filter(Boolean);
    expect(events).toHaveLength(4); // no usage chunk when not asked for
    expect(events[3]).toBe('data: [DONE]');
  });

  it('bills at the serving group multiplier', async () => {
    const { userId, key } = await newCaller(bed.app, START, 'voice-premium');
    await createChannel(bed.app, speechChannel(bed.main, { groups: ['voice-premium'] }));
    const { response } = await client(bed.app, key).chat.completions.create({ model: WHISPER, messages: audioMessage() }).withResponse();
    const expected = audioCost(3000, parseMultiplier('1.5'));
    expect(expected).toBe(225n);
    await expectChargedOnce(bed.app, userId, { before: START, cost: expected, requestId: response.headers.get('x-request-id')! });
  });

  it("settles to the upstream's reported duration when it gives one", async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, speechChannel(bed.main));
    bed.main.next({ transcript: 'short', audioDurationSeconds: 2.5 });
    const { response } = await client(bed.app, key).chat.completions.create({ model: WHISPER, messages: audioMessage() }).withResponse();
    await expectChargedOnce(bed.app, userId, { before: START, cost: audioCost(2500), requestId: response.headers.get('x-request-id')! });
  });

  it('fails over from a failing transcription channel and charges once', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, speechChannel(bed.other, { priority: 10 }));
    await createChannel(bed.app, speechChannel(bed.main, { priority: 0 }));
    bed.other.next({ status: 503 });
    const { data, response } = await client(bed.app, key).chat.completions.create({ model: WHISPER, messages: audioMessage() }).withResponse();
    expect(data.choices[0]!.message.content).toBe(TRANSCRIPT);
    expect(bed.other.requests).toHaveLength(1);
    await expectChargedOnce(bed.app, userId, { before: START, cost: 150n, requestId: response.headers.get('x-request-id')! });
  });
});

describe('clear 400s', () => {
  it('a speech model given no audio', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, speechChannel(bed.main));
    const err = await client(bed.app, key)
      .chat.completions.create({ model: WHISPER, messages: [{ role: 'user', content: 'transcribe this please' }] })
      .then(() => undefined, (e: APIError) => e);
    expect(err).toMatchObject({ status: 400, param: 'messages', type: 'invalid_request_error' });
    expect(err!.message).toMatch(/speech-to-text model.*input_audio/);
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
  });

  it('a chat model given audio', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: ['gpt-4o-mini'] });
    const err = await client(bed.app, key)
      .chat.completions.create({ model: 'gpt-4o-mini', messages: audioMessage() })
      .then(() => undefined, (e: APIError) => e);
    expect(err).toMatchObject({ status: 400, param: 'messages[0].content[0]', type: 'invalid_request_error' });
    expect(err!.message).toMatch(/does not accept audio/);
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
  });

  it('audio that is not base64, or without a format', async () => {
    const { key } = await newCaller(bed.app, START);
    await createChannel(bed.app, speechChannel(bed.main));
    const notBase64 = await rawChat(bed.app, key, { model: WHISPER, messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'not base64!', format: 'wav' } }] }] });
    expect(notBase64.status).toBe(400);
    expect(await notBase64.json()).toMatchObject({ error: { param: 'messages[0].content[0].input_audio.data' } });
    const noFormat = await rawChat(bed.app, key, { model: WHISPER, messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: WAV.toString('base64') } }] }] });
    expect(noFormat.status).toBe(400);
    expect(await noFormat.json()).toMatchObject({ error: { param: 'messages[0].content[0].input_audio.format' } });
    expect(bed.main.requests).toHaveLength(0);
  });
});
