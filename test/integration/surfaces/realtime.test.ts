import type { MeteredUsage } from '../../../src/domain/billing/billing.types';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { createChannel, createToken, createUser, eventually, freeBalance, ledgerSum, usageCharges, usageLogs } from '../../support/data-plane-fixtures';
import { startTestApp } from '../../support/test-app';
import { newCaller, seedPrices, vendorTestbed } from '../../support/vendor-fixtures';
import { connectRealtime, say } from '../../support/realtime-client';

// GET /v1/realtime as a WebSocket (OpenAI's Realtime protocol) relayed to a fake realtime
// upstream on loopback, spoken to with the `ws` package as a client would: a charge and a usage
// row per response, the close on an exhausted balance, a client that drops mid-response, the
// drain, and refused upgrades.

const MODEL = 'gpt-realtime';
const connect = (url: string, options: { key?: string; protocols?: string[] }) => connectRealtime(url, MODEL, options);
const bed = vendorTestbed();

const USAGE = {
  total_tokens: 1_700, input_tokens: 1_200, output_tokens: 500,
  input_token_details: { text_tokens: 300, audio_tokens: 900, cached_tokens: 400, cached_tokens_details: { text_tokens: 100, audio_tokens: 300 } },
  output_token_details: { text_tokens: 100, audio_tokens: 400 },
};
// 1,200 in: 400 cached, 600 uncached audio, 200 uncached text; 500 out: 400 audio, 100 text.
const METERED: MeteredUsage = { promptTokens: 1_200, completionTokens: 500, cacheReadTokens: 400, cacheWriteTokens: 0, audioMs: 0, audioPromptTokens: 600, audioCompletionTokens: 400 };
const RESPONSE_COST = costOf(seedPrices(MODEL), METERED, UNIT_MULTIPLIER);

async function rows(userId: number) {
  return (await usageLogs(bed.app, { userId })).filter((r) => r.surface === 'realtime');
}

it('relays a session and charges each response.done as it arrives, with its own usage row', async () => {
  expect(RESPONSE_COST).toBe(23_680n); // (200 x 2M + 600 x 16M + 400 x 0.2M + 100 x 8M + 400 x 32M) / 1M
  const { userId, key } = await newCaller(bed.app, 1_000_000n);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL], modelMapping: { [MODEL]: 'gpt-realtime-upstream' } });
  bed.main.setDefault({ realtimeUsage: USAGE });
  const conn = await connect(bed.app.url, { key });
  await conn.next('session.created');
  expect(bed.main.requests[0]!.path).toBe('/v1/realtime?model=gpt-realtime-upstream');
  expect(bed.main.requests[0]!.headers.authorization).toBe('Bearer upstream-secret-key');
  say(conn, 'hello there');
  const done = await conn.next('response.done');
  expect(conn.events.some((e) => e.type === 'response.output_audio.delta')).toBe(true);
  await eventually(async () => (await usageCharges(bed.app, userId)).length === 1);
  const n = conn.events.length;
  say(conn, 'again');
  await conn.next('response.done', n);
  await eventually(async () => (await usageCharges(bed.app, userId)).length === 2);
  const charges = await usageCharges(bed.app, userId);
  expect(charges.map((c) => c.amount)).toEqual([-RESPONSE_COST, -RESPONSE_COST]);
  expect(new Set(charges.map((c) => c.requestId)).size).toBe(2);
  // The next response's hold stays armed while the session is open.
  expect((await freeBalance(bed.app, userId)).reserved).toBeGreaterThan(0n);
  conn.ws.close();
  await conn.closed;
  await eventually(async () => (await freeBalance(bed.app, userId)).reserved === 0n);
  expect(await freeBalance(bed.app, userId)).toEqual({ quota: 1_000_000n - 2n * RESPONSE_COST, reserved: 0n });
  expect(await ledgerSum(bed.app, userId, 'FREE')).toBe(1_000_000n - 2n * RESPONSE_COST);
  await eventually(async () => (await rows(userId)).length === 2);
  const logged = await rows(userId);
  expect(logged.map((r) => [r.requestId, r.cost, r.promptTokens, r.completionTokens, r.cachedTokens, r.outcome, r.modelId]).sort())
    .toEqual(charges.map((c) => [c.requestId, RESPONSE_COST, 1_200, 500, 400, 'SUCCESS', MODEL]).sort());
  expect((done.response as { status: string }).status).toBe('completed');
});

it('accepts the key as the browser subprotocol and answers with `realtime`; refuses bad keys before the upgrade', async () => {
  const { key } = await newCaller(bed.app, 1_000_000n);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL] });
  const conn = await connect(bed.app.url, { protocols: ['realtime', `openai-insecure-api-key.${key}`] });
  expect(conn.ws.protocol).toBe('realtime');
  await conn.next('session.created');
  conn.ws.close();
  await conn.closed;
  const refused = await connect(bed.app.url, { key: 'sk-not-a-real-key' }).catch((e: { status: number; body: string }) => e);
  expect((refused as { status: number }).status).toBe(401);
  expect(JSON.parse((refused as { body: string }).body).error.code).toBe('invalid_api_key');
  const none = await connect(bed.app.url, {}).catch((e: { status: number }) => e);
  expect((none as { status: number }).status).toBe(401);
});

it('fails over to another channel when an upstream refuses the upgrade', async () => {
  const { userId, key } = await newCaller(bed.app, 1_000_000n);
  await createChannel(bed.app, { baseUrl: bed.other.openAIBaseUrl, models: [MODEL], priority: 10 });
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL] });
  bed.other.next({ status: 503 });
  const conn = await connect(bed.app.url, { key });
  await conn.next('session.created');
  expect(bed.other.requests).toHaveLength(1);
  conn.ws.close();
  await conn.closed;
  await eventually(async () => (await freeBalance(bed.app, userId)).reserved === 0n);
  expect(await usageCharges(bed.app, userId)).toEqual([]);
});

it('closes the session cleanly with an error event when the balance cannot cover the next response', async () => {
  // The hold for a response: 4,096 output tokens at the audio rate (32 units a token) = 131,072.
  const { userId, key } = await newCaller(bed.app, 150_000n);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL] });
  bed.main.setDefault({ realtimeUsage: USAGE });
  const conn = await connect(bed.app.url, { key });
  await conn.next('session.created');
  say(conn, 'hello');
  await conn.next('response.done');
  const error = await conn.next('error');
  expect((error.error as { code: string }).code).toBe('insufficient_quota');
  expect((await conn.closed).code).toBe(1008);
  await eventually(async () => (await freeBalance(bed.app, userId)).reserved === 0n);
  expect(await freeBalance(bed.app, userId)).toEqual({ quota: 150_000n - RESPONSE_COST, reserved: 0n });
  expect((await usageCharges(bed.app, userId)).map((c) => c.amount)).toEqual([-RESPONSE_COST]);
  // Too little for even the first response: refused before the upgrade.
  const poor = await newCaller(bed.app, 1_000n);
  const refused = await connect(bed.app.url, { key: poor.key }).catch((e: { status: number }) => e);
  expect((refused as { status: number }).status).toBe(402);
});

it('a client that drops mid-response cancels it upstream and is charged what the upstream reports', async () => {
  const { userId, key } = await newCaller(bed.app, 1_000_000n);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL] });
  bed.main.setDefault({ chunkDelayMs: 50, content: Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ') });
  const conn = await connect(bed.app.url, { key });
  await conn.next('session.created');
  say(conn, 'talk for a while');
  await conn.next('response.output_audio.delta');
  conn.ws.terminate();
  await eventually(async () => (await rows(userId)).length === 1, 8_000);
  const [row] = await rows(userId);
  expect(row!.outcome).toBe('CLIENT_ABORTED');
  expect(row!.completionTokens).toBeGreaterThan(0);
  expect(row!.completionTokens).toBeLessThan(200);
  const charges = await usageCharges(bed.app, userId);
  expect(charges.map((c) => [c.amount, c.requestId])).toEqual([[-row!.cost, row!.requestId]]);
  await eventually(async () => (await freeBalance(bed.app, userId)).reserved === 0n);
});

it('counts sessions against the key concurrency limit like streams', async () => {
  const userId = await createUser(bed.app, { freeQuota: 1_000_000n });
  const { key } = await createToken(bed.app, userId, { maxConcurrent: 1 });
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL] });
  const first = await connect(bed.app.url, { key });
  await first.next('session.created');
  const second = await connect(bed.app.url, { key }).catch((e: { status: number }) => e);
  expect((second as { status: number }).status).toBe(429);
  first.ws.close();
  await first.closed;
  await eventually(async () => {
    const again = await connect(bed.app.url, { key }).catch(() => null);
    again?.ws.close();
    return again !== null;
  });
});

it('drain ends open sessions with an error event after the grace period, settling what was used', async () => {
  const app = await startTestApp({ SHUTDOWN_GRACE_MS: '300' });
  const upstream = await FakeUpstream.start();
  try {
    const userId = await createUser(app, { freeQuota: 1_000_000n });
    const { key } = await createToken(app, userId);
    await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: [MODEL] });
    upstream.setDefault({ chunkDelayMs: 50, content: Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ') });
    const conn = await connect(app.url, { key });
    await conn.next('session.created');
    say(conn, 'keep talking');
    await conn.next('response.output_audio.delta');
    const closing = app.close();
    const error = await conn.next('error');
    expect((error.error as { code: string }).code).toBe('server_shutting_down');
    expect((await conn.closed).code).toBe(1012);
    await closing;
  } finally {
    await upstream.close();
  }
});
