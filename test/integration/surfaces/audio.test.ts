import OpenAI, { toFile } from 'openai';
import { parseMultipart } from '../../../src/demo/fake-upstream/multipart-parser';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { encodeSilentWav } from '../../support/audio-fixtures';
import { createChannel } from '../../support/data-plane-fixtures';
import { expectChargedOnce, expectNothingCharged, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// POST /v1/audio/transcriptions and /v1/audio/translations through the official OpenAI SDK:
// OpenAI's multipart upload, on the chat-completions pipeline, billed per minute of the duration
// the upstream reports. AUDIO_FILE_LIMIT is lowered so the size limit can be crossed cheaply.

const WHISPER = 'whisper-1';
const START = 1_000_000n;
const WAV = encodeSilentWav(3); // 3 s of 16 kHz mono 16-bit PCM, 96 KB
const TRANSCRIPT = 'The quick brown fox jumps over the lazy dog.';
const bed = vendorTestbed({ BREAKER_FAILURES: '1000', AUDIO_FILE_LIMIT: '256kb' });

function sdk(key: string): OpenAI {
  return new OpenAI({ apiKey: key, baseURL: bed.app.v1Url, maxRetries: 0, timeout: 20_000 });
}

function audioCost(audioMs: number): bigint {
  return costOf(seedPrices(WHISPER), { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs }, UNIT_MULTIPLIER);
}

function sentFields(): Record<string, string[]> {
  const sent = bed.main.requests[0]!;
  const fields: Record<string, string[]> = {};
  for (const part of parseMultipart(sent.rawBody, sent.headers['content-type'] as string)!) {
    (fields[part.name] ??= []).push(part.filename !== undefined ? `<file ${part.filename} ${part.data.length}>` : part.data.toString('utf8'));
  }
  return fields;
}

/** A multipart POST the SDK would not send. */
function rawPost(key: string, path: string, body: BodyInit, contentType?: string): Promise<Response> {
  return fetch(`${bed.app.v1Url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, ...(contentType ? { 'content-type': contentType } : {}) },
    body,
  });
}

function wavForm(fields: Record<string, string>, wav: Buffer = WAV, filename = 'speech.wav'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wav)]), filename);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

beforeEach(async () => {
  bed.main.setDefault({ transcript: TRANSCRIPT });
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [WHISPER, 'gpt-4o-mini'], modelMapping: { [WHISPER]: 'whisper-upstream' } });
});

describe('transcriptions', () => {
  it('answers json and bills the per-minute price of the duration the upstream reports, once', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    bed.main.next({ transcript: TRANSCRIPT, audioDurationSeconds: 2.5 });
    const { data, response } = await sdk(key)
      .audio.transcriptions.create({ file: await toFile(WAV, 'speech.wav'), model: WHISPER, language: 'en', prompt: 'foxes', temperature: 0.2 })
      .withResponse();

    expect(data).toEqual({ text: TRANSCRIPT, usage: { type: 'duration', seconds: 3 } });
    expect(bed.main.requests[0]!.path).toBe('/v1/audio/transcriptions');
    expect(sentFields()).toEqual({
      file: [`<file audio.wav ${WAV.length}>`], model: ['whisper-upstream'], response_format: ['verbose_json'],
      language: ['en'], prompt: ['foxes'], temperature: ['0.2'],
    });
    const requestId = response.headers.get('x-request-id')!;
    const cost = audioCost(2500);
    expect(cost).toBe(125n); // 2.5 s x 3000 units per minute
    await expectChargedOnce(bed.app, userId, { before: START, cost, requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'audio.transcriptions', outcome: 'SUCCESS', modelId: WHISPER, audioMs: 2500, cost, stream: false });
  });

  it('answers text, srt, vtt and verbose_json in the caller format', async () => {
    const { key } = await newCaller(bed.app, 10n * START);
    const client = sdk(key);
    const text = await client.audio.transcriptions.create({ file: await toFile(WAV, 'speech.wav'), model: WHISPER, response_format: 'text' });
    expect(text).toBe(`${TRANSCRIPT}\n`);
    const srt = await client.audio.transcriptions.create({ file: await toFile(WAV, 'speech.wav'), model: WHISPER, response_format: 'srt' });
    expect(srt).toBe(`1\n00:00:00,000 --> 00:00:03,000\n${TRANSCRIPT}\n\n`);
    const vtt = await client.audio.transcriptions.create({ file: await toFile(WAV, 'speech.wav'), model: WHISPER, response_format: 'vtt' });
    expect(vtt).toBe(`WEBVTT\n\n00:00:00.000 --> 00:00:03.000\n${TRANSCRIPT}\n\n`);
    const verbose = await client.audio.transcriptions.create({
      file: await toFile(WAV, 'speech.wav'), model: WHISPER, response_format: 'verbose_json', timestamp_granularities: ['segment'],
    });
    expect(verbose).toMatchObject({ task: 'transcribe', duration: 3, text: TRANSCRIPT, segments: [{ start: 0, end: 3, text: TRANSCRIPT }] });
    // Whatever the caller asked for, the upstream is asked for the answer that carries the duration.
    expect(sentFields().response_format).toEqual(['verbose_json']);
  });

  it('fails over from a failing channel and charges once', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.other.openAIBaseUrl, models: [WHISPER], priority: 10 });
    bed.other.next({ status: 503 });
    const { data, response } = await sdk(key).audio.transcriptions.create({ file: await toFile(WAV, 'speech.wav'), model: WHISPER }).withResponse();
    expect(data.text).toBe(TRANSCRIPT);
    expect(bed.other.requests).toHaveLength(1);
    await expectChargedOnce(bed.app, userId, { before: START, cost: audioCost(3000), requestId: response.headers.get('x-request-id')! });
  });
});

describe('translations', () => {
  it('go to the upstream translation endpoint without a language and are billed the same way', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    const { data, response } = await sdk(key).audio.translations.create({ file: await toFile(WAV, 'speech.wav'), model: WHISPER, prompt: 'foxes' }).withResponse();
    expect(data.text).toBe(TRANSCRIPT);
    expect(bed.main.requests[0]!.path).toBe('/v1/audio/translations');
    expect(sentFields()).toEqual({ file: [`<file audio.wav ${WAV.length}>`], model: ['whisper-upstream'], response_format: ['verbose_json'], prompt: ['foxes'] });
    const requestId = response.headers.get('x-request-id')!;
    await expectChargedOnce(bed.app, userId, { before: START, cost: audioCost(3000), requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'audio.translations', outcome: 'SUCCESS', audioMs: 3000 });

    const text = await sdk(key).audio.translations.create({ file: await toFile(WAV, 'speech.wav'), model: WHISPER, response_format: 'text' });
    expect(text).toBe(`${TRANSCRIPT}\n`);
  });
});

describe('bad input: an OpenAI-shaped 4xx, no upstream call, nothing charged', () => {
  async function expectRefused(res: Response, status: number, param: string | null): Promise<void> {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: { message: string; type: string; param: string | null; code: string } };
    expect(body.error).toMatchObject({ type: 'invalid_request_error', param });
    expect(typeof body.error.message).toBe('string');
  }

  it('no file, no model, a second file, an empty file, an unknown format', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    const noFile = new FormData();
    noFile.append('model', WHISPER);
    await expectRefused(await rawPost(key, '/audio/transcriptions', noFile), 400, 'file');
    const sdkNoModel = await sdk(key).audio.transcriptions.create({ file: await toFile(WAV, 'speech.wav'), model: '' }).catch((e: unknown) => e);
    expect(sdkNoModel).toBeInstanceOf(OpenAI.BadRequestError);
    expect(sdkNoModel).toMatchObject({ param: 'model' });
    const twoFiles = wavForm({ model: WHISPER });
    twoFiles.append('file', new Blob([new Uint8Array(WAV)]), 'again.wav');
    await expectRefused(await rawPost(key, '/audio/transcriptions', twoFiles), 400, 'file');
    await expectRefused(await rawPost(key, '/audio/transcriptions', wavForm({ model: WHISPER }, Buffer.alloc(0))), 400, 'file');
    await expectRefused(await rawPost(key, '/audio/transcriptions', wavForm({ model: WHISPER }, Buffer.from('just some text'), 'notes.txt')), 400, 'file');
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
  });

  it('an unknown model is 404, a chat model is 400, bad field values are 400 naming the field', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    const unknown = await sdk(key).audio.transcriptions.create({ file: await toFile(WAV, 'speech.wav'), model: 'whisper-9' }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown).toMatchObject({ code: 'model_not_found' });
    const chat = await sdk(key).audio.transcriptions.create({ file: await toFile(WAV, 'speech.wav'), model: 'gpt-4o-mini' }).catch((e: unknown) => e);
    expect(chat).toBeInstanceOf(OpenAI.BadRequestError);
    expect(chat).toMatchObject({ param: 'model' });
    await expectRefused(await rawPost(key, '/audio/transcriptions', wavForm({ model: WHISPER, response_format: 'docx' })), 400, 'response_format');
    await expectRefused(await rawPost(key, '/audio/transcriptions', wavForm({ model: WHISPER, temperature: 'warm' })), 400, 'temperature');
    await expectRefused(await rawPost(key, '/audio/transcriptions', wavForm({ model: WHISPER, 'timestamp_granularities[]': 'syllable' })), 400, 'timestamp_granularities[0]');
    await expectRefused(await rawPost(key, '/audio/transcriptions', wavForm({ model: WHISPER, stream: 'true' })), 400, 'stream');
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
  });

  it('a body that is not multipart, or malformed multipart', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await expectRefused(await rawPost(key, '/audio/transcriptions', JSON.stringify({ model: WHISPER }), 'application/json'), 400, 'file');
    await expectRefused(await rawPost(key, '/audio/transcriptions', 'garbage', 'multipart/form-data; boundary=xyz'), 400, null);
    const cut = `--xyz\r\nContent-Disposition: form-data; name="model"\r\n\r\n${WHISPER}\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF`;
    await expectRefused(await rawPost(key, '/audio/translations', cut, 'multipart/form-data; boundary=xyz'), 400, null);
    await expectRefused(await rawPost(key, '/audio/transcriptions', 'x', 'multipart/form-data'), 400, 'file'); // no boundary
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
  });

  it('a file over AUDIO_FILE_LIMIT is 413', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    const big = await sdk(key).audio.transcriptions.create({ file: await toFile(encodeSilentWav(10), 'long.wav'), model: WHISPER }).catch((e: unknown) => e);
    expect(big).toMatchObject({ status: 413, code: 'request_too_large' });
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
  });

  it('a WAV whose header disagrees with its size (issue 12.1) is refused here too', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    const forged = encodeSilentWav(3);
    forged.writeUInt32LE(0xfffffff0, 28); // byte rate
    const err = await sdk(key).audio.transcriptions.create({ file: await toFile(forged, 'speech.wav'), model: WHISPER }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err).toMatchObject({ param: 'file' });
    expect((err as Error).message).toMatch(/header does not agree/);
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
  });

  it('a missing or wrong key is 401 before the body is read', async () => {
    const res = await rawPost('sk-nope', '/audio/transcriptions', wavForm({ model: WHISPER }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
  });
});
