import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { encodeSilentWav } from '../../support/audio-fixtures';
import { createChannel, rawChat } from '../../support/data-plane-fixtures';
import { expectChargedOnce, expectNothingCharged, newCaller, seedPrices, vendorTestbed } from '../../support/vendor-fixtures';

// Issue 12.1: the billed duration was min(upstream duration, header duration), so a 30 s WAV
// whose header claimed an absurd byte rate was held and billed 0 although the upstream reported
// 30 s. The upstream's duration is what is billed; the header only sizes the hold, and audio
// whose header does not agree with its own size is refused before anything is held.

const WHISPER = 'whisper-1';
const START = 1_000_000n;
const bed = vendorTestbed();

beforeEach(async () => {
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [WHISPER] });
});

function audioCost(audioMs: number): bigint {
  return costOf(seedPrices(WHISPER), { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs }, UNIT_MULTIPLIER);
}

function speechBody(wav: Buffer) {
  return { model: WHISPER, messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: wav.toString('base64'), format: 'wav' } }] }] };
}

/** 30 s of 16 kHz mono 16-bit PCM whose `fmt ` chunk claims 4 GB of audio per second. */
function forgedByteRate(): Buffer {
  const wav = encodeSilentWav(30);
  wav.writeUInt32LE(0xfffffff0, 28);
  return wav;
}

it('refuses a WAV whose byte rate disagrees with its sample format, holding and charging nothing', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  bed.main.setDefault({ transcript: 'thirty seconds', audioDurationSeconds: 30 });
  const res = await rawChat(bed.app, key, speechBody(forgedByteRate()));
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'messages[0].content[0].input_audio.data' } });
  expect(bed.main.requests).toHaveLength(0);
  await expectNothingCharged(bed.app, userId, START);
});

it('refuses a WAV whose data chunk declares more audio than it carries', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  const wav = encodeSilentWav(1);
  wav.writeUInt32LE(32_000 * 600, 40); // says ten minutes, carries one second
  const res = await rawChat(bed.app, key, speechBody(wav));
  expect(res.status).toBe(400);
  expect(bed.main.requests).toHaveLength(0);
  await expectNothingCharged(bed.app, userId, START);
});

it('bills the duration the upstream reports, not the shorter one the header gives', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  // The header says 30 s; the upstream heard 29.5 s of it and bills that.
  bed.main.next({ transcript: 'thirty seconds', audioDurationSeconds: 29.5 });
  const res = await rawChat(bed.app, key, speechBody(encodeSilentWav(30)));
  expect(res.status).toBe(200);
  await expectChargedOnce(bed.app, userId, { before: START, cost: audioCost(29_500), requestId: res.headers.get('x-request-id')! });
});

it('charges an upstream that reports more audio than the file holds at the bound of the file, and counts the anomaly', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  const channelId = await createChannel(bed.app, { baseUrl: bed.other.openAIBaseUrl, models: [WHISPER], priority: 10 });
  const anomalies = bed.app.server.services.chargeAnomalies.audioOverCapByChannel;
  const before = anomalies.get(channelId) ?? 0;
  bed.other.next({ transcript: 'ten seconds', audioDurationSeconds: 600 });
  const res = await rawChat(bed.app, key, speechBody(encodeSilentWav(10)));
  expect(res.status).toBe(200);
  await expectChargedOnce(bed.app, userId, { before: START, cost: audioCost(10_000), requestId: res.headers.get('x-request-id')! });
  expect(anomalies.get(channelId)).toBe(before + 1);
});
