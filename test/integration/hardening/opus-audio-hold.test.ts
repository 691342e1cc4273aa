import { createChannel, createToken, createUser, disableAllChannels, freeBalance, rawChat, usageCharges } from '../../support/data-plane-fixtures';
import { encodeOggOpus } from '../../support/audio-fixtures';
import { ProbeUpstream } from '../../support/probe-upstream';
import { startTestApp, type TestApp } from '../../support/test-app';

// Audio the gateway could not measure (ogg, opus, webm, m4a) was held at 16 kbit/s of its size,
// and the charge is capped at the hold: Opus voice at 6 kbit/s runs 2.7 times longer, so a
// 60-minute transcription was charged as about 22 minutes. Containers are now read for their
// real duration (music-metadata), checked against the file's size.

const WHISPER_UNITS_PER_SECOND = 50n; // whisper-1: 3,000 units per minute
let app: TestApp;
let upstream: ProbeUpstream;
let userId: number;
const held: bigint[] = [];

beforeAll(async () => {
  app = await startTestApp();
  upstream = await ProbeUpstream.start(async () => {
    // The hold is in place before any request goes upstream.
    held.push((await freeBalance(app, userId)).reserved);
    return { status: 200, body: { task: 'transcribe', language: 'english', duration: 60, text: 'sixty seconds of speech' } };
  });
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['whisper-1'] });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

const speech = (data: Buffer, format: string) => ({
  model: 'whisper-1',
  messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: data.toString('base64'), format } }] }],
});

it('a 60 s Ogg Opus file at ~5.9 kbit/s (2.7x what 16 kbit/s suggests) is held for 60 s and charged for the 60 s transcribed', async () => {
  const ogg = encodeOggOpus(60);
  expect(60 / (ogg.length / 2_000)).toBeGreaterThanOrEqual(2.7);
  userId = await createUser(app, { freeQuota: 100_000n });
  const { key } = await createToken(app, userId);

  const res = await rawChat(app, key, speech(ogg, 'ogg'));
  expect(res.status).toBe(200);
  // 60 s, rounded up, plus a second of slack for a duration that is the container's word, not counted samples.
  expect(held).toEqual([61n * WHISPER_UNITS_PER_SECOND]);
  expect((await usageCharges(app, userId)).map((e) => e.amount)).toEqual([-60n * WHISPER_UNITS_PER_SECOND]);
  expect(await freeBalance(app, userId)).toEqual({ quota: 100_000n - 60n * WHISPER_UNITS_PER_SECOND, reserved: 0n });
});

it('a container that claims a shorter duration than its bytes can carry is a 400 naming the audio, with nothing held', async () => {
  userId = await createUser(app, { freeQuota: 100_000n });
  const { key } = await createToken(app, userId);
  const before = upstream.requests.length;
  const res = await rawChat(app, key, speech(encodeOggOpus(60, 200, 1), 'opus'));
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { param: string; message: string } };
  expect(body.error.param).toBe('messages[0].content[0].input_audio.data');
  expect(body.error.message).toMatch(/container gives 1 s/);
  expect(upstream.requests.length).toBe(before);
  expect(await freeBalance(app, userId)).toEqual({ quota: 100_000n, reserved: 0n });
});
