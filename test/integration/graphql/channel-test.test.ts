import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { audioDurationMs } from '../../../src/lib/audio-duration';
import type { ChangeEvent } from '../../../src/lib/change-bus';
import { ChannelHealthDocument, TestChannelDocument } from '../../generated/graphql';
import {
  client, createChannel, createToken, createUser, disableAllChannels, type ChannelOptions,
} from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let upstream: FakeUpstream;
let admin: string;
const events: ChangeEvent[] = [];
const KEY = 'sk-channel-test-secret-7d41';

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  app = await startTestApp({ BREAKER_FAILURES: '2', BREAKER_COOLDOWN_MS: '60000' });
  admin = await adminSession(app);
  await disableAllChannels(app);
  app.server.services.changeBus.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.reset();
  events.length = 0;
});

const channel = (options: Partial<ChannelOptions> = {}) => createChannel(app, { baseUrl: upstream.openAIBaseUrl, apiKey: KEY, models: ['gpt-4o-mini'], ...options });

async function testChannel(id: number, model?: string) {
  const res = await gqlData(app, TestChannelDocument, { id: String(id), model }, admin);
  return expectTypename(res.testChannel, 'ChannelTestReport');
}

async function countRows(table: 'usage_logs' | 'ledger_entries' | 'quota_reservations'): Promise<number> {
  const [row] = await app.em().getConnection().execute<{ n: string }[]>(`select count(*) as n from ${table}`);
  return Number(row!.n);
}

it('tests an OPENAI channel with a tiny real request and records the result, billing nothing', async () => {
  const id = await channel({ modelMapping: { 'gpt-4o-mini': 'gpt-4o-mini-2024-07-18' } });
  const [before] = await app.em().getConnection().execute<{ updated_at: Date }[]>('select updated_at from channels where id = ?', [id]);
  const counts = await Promise.all([countRows('usage_logs'), countRows('ledger_entries'), countRows('quota_reservations')]);

  const report = await testChannel(id);

  expect(report).toMatchObject({ ok: true, status: 200, error: null, keyInvalid: false, model: 'gpt-4o-mini', reply: 'echo: ping' });
  expect(report.latencyMs).toEqual(expect.any(Number));
  expect(report.channel).toMatchObject({
    id: String(id), status: 'ENABLED', lastTestOk: true, lastTestLatencyMs: report.latencyMs, lastTestError: null, lastTestAt: report.testedAt,
  });
  expect(upstream.requests).toHaveLength(1);
  const sent = upstream.requests[0]!;
  expect(sent.path).toBe('/v1/chat/completions');
  expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(sent.body).toEqual({ model: 'gpt-4o-mini-2024-07-18', messages: [{ role: 'user', content: 'ping' }], stream: false, max_tokens: 8 });

  const [row] = await app.em().getConnection().execute<Array<{ last_test_ok: boolean; last_test_latency_ms: number; last_test_at: Date; updated_at: Date }>>(
    'select last_test_ok, last_test_latency_ms, last_test_at, updated_at from channels where id = ?', [id],
  );
  expect(row).toMatchObject({ last_test_ok: true, last_test_latency_ms: report.latencyMs });
  expect(new Date(row!.last_test_at).toISOString()).toBe(report.testedAt);
  expect(row!.updated_at).toEqual(before!.updated_at); // a test is not a settings change
  expect(await Promise.all([countRows('usage_logs'), countRows('ledger_entries'), countRows('quota_reservations')])).toEqual(counts);
  expect(events).toContainEqual({ topic: 'channel', id: String(id) });
});

it('tests an ANTHROPIC channel through the Messages API', async () => {
  const id = await channel({ protocol: 'ANTHROPIC', baseUrl: upstream.url, models: ['claude-3-5-haiku-20241022'] });
  const report = await testChannel(id);
  expect(report).toMatchObject({ ok: true, status: 200, model: 'claude-3-5-haiku-20241022', reply: 'echo: ping' });
  const sent = upstream.requests[0]!;
  expect(sent.path).toBe('/v1/messages');
  expect(sent.headers['x-api-key']).toBe(KEY);
  expect(sent.body).toMatchObject({ model: 'claude-3-5-haiku-20241022', max_tokens: 8, messages: [{ role: 'user' }] });
});

it('tests a GEMINI channel through generateContent, picking a chat model over a reasoning one only when asked', async () => {
  const id = await channel({ protocol: 'GEMINI', baseUrl: upstream.url, models: ['gemini-2.5-flash', 'gemini-2.5-pro'] });
  const report = await testChannel(id);
  expect(report).toMatchObject({ ok: true, status: 200, model: 'gemini-2.5-flash', reply: 'echo: ping' });
  expect(upstream.requests[0]!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
  expect(upstream.requests[0]!.headers['x-goog-api-key']).toBe(KEY);
  expect(upstream.requests[0]!.body).toMatchObject({ generationConfig: { maxOutputTokens: 8 } });

  const reasoning = await testChannel(id, 'gemini-2.5-pro');
  expect(reasoning).toMatchObject({ ok: true, model: 'gemini-2.5-pro' });
  expect(upstream.requests[1]!.path).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
});

it('tests a speech-only channel with a short generated WAV through /audio/transcriptions', async () => {
  const id = await channel({ models: ['whisper-1'] });
  upstream.next({ transcript: '' });
  const report = await testChannel(id);
  expect(report).toMatchObject({ ok: true, status: 200, model: 'whisper-1', reply: '' });
  const sent = upstream.requests[0]!;
  expect(sent.path).toBe('/v1/audio/transcriptions');
  expect(String(sent.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
  const wavStart = sent.rawBody.indexOf('RIFF');
  expect(wavStart).toBeGreaterThan(0);
  expect(audioDurationMs(sent.rawBody.subarray(wavStart, wavStart + 44 + 16_000), 'wav')).toBe(500);
});

it('records a failing upstream (503) without touching the channel status', async () => {
  const id = await channel();
  upstream.next({ status: 503, errorBody: { error: { message: 'upstream overloaded', type: 'server_error' } } });
  const report = await testChannel(id);
  expect(report).toMatchObject({ ok: false, status: 503, keyInvalid: false, reply: null });
  expect(report.error).toMatch(/upstream overloaded/);
  expect(report.channel).toMatchObject({ status: 'ENABLED', lastTestOk: false, lastTestError: report.error, lastTestLatencyMs: report.latencyMs });
});

it('flags a refused key (401) for the admin, never echoing the key, and leaves the channel enabled', async () => {
  const id = await channel({ protocol: 'ANTHROPIC', baseUrl: upstream.url, models: ['claude-3-5-haiku-20241022'] });
  upstream.next({
    status: 401,
    errorBody: { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key: ${KEY}` } },
  });
  const report = await testChannel(id);
  expect(report).toMatchObject({ ok: false, status: 401, keyInvalid: true });
  expect(report.error).toContain('[redacted]');
  expect(report.channel.status).toBe('ENABLED');
  const [row] = await app.em().getConnection().execute<Array<{ last_test_error: string; status: string }>>('select last_test_error, status from channels where id = ?', [id]);
  expect(row!.last_test_error).not.toContain(KEY);
  expect(row!.status).toBe('ENABLED');
});

it('gives up after the first-byte timeout and says so', async () => {
  const id = await channel({ firstByteTimeoutMs: 200 });
  upstream.next({ delayMs: 1_500 });
  const report = await testChannel(id);
  expect(report).toMatchObject({ ok: false, status: null, keyInvalid: false, error: 'The upstream sent nothing within 200 ms.' });
  expect(report.latencyMs).toBeLessThan(1_500);
});

it('refuses a model the channel does not serve, and an unknown channel', async () => {
  const id = await channel();
  const wrong = await gqlData(app, TestChannelDocument, { id: String(id), model: 'gpt-4o' }, admin);
  expect(wrong.testChannel).toMatchObject({ __typename: 'InputValidationError', field: 'model' });
  const missing = await gqlData(app, TestChannelDocument, { id: '999999' }, admin);
  expect(missing.testChannel.__typename).toBe('NotFoundError');
  expect(upstream.requests).toHaveLength(0);
});

it('shows the breaker opening after failures through the data plane, and a test does not close it', async () => {
  const id = await channel({ models: ['qwen-plus'] });
  const health = async () => {
    const res = await gqlData(app, ChannelHealthDocument, { id: String(id) }, admin);
    return expectTypename(res.channel, 'Channel').health;
  };
  expect(await health()).toMatchObject({ state: 'CLOSED', consecutiveFailures: 0, recentRequests: 0, recentErrorRate: null, lastError: null });

  const userId = await createUser(app, { freeQuota: 1_000_000n });
  const { key } = await createToken(app, userId);
  const openai = client(app, key);
  const ask = () => openai.chat.completions.create({ model: 'qwen-plus', messages: [{ role: 'user', content: 'hi' }] });
  await ask();
  upstream.next({ status: 503 }, { status: 503 });
  await expect(ask()).rejects.toMatchObject({ status: 502 });
  await expect(ask()).rejects.toMatchObject({ status: 502 });

  const open = await health();
  expect(open).toMatchObject({
    state: 'OPEN', consecutiveFailures: 2, recentRequests: 3, recentFailures: 2, requests: 3, failures: 2, lastError: 'scripted 503',
  });
  expect(open.recentErrorRate).toBeCloseTo(2 / 3);
  expect(Date.parse(open.openUntil!)).toBeGreaterThan(Date.now());
  expect(Date.parse(open.lastErrorAt!)).toBeLessThanOrEqual(Date.now());

  expect(await testChannel(id)).toMatchObject({ ok: true });
  expect((await health()).state).toBe('OPEN');
});

it('is for admins only', async () => {
  const id = await channel();
  const user = await signUp(app, 'nosy@channel-test.test');
  for (const session of [undefined, user.session]) {
    const res = await gql(app, TestChannelDocument, { id: String(id) }, session);
    expect(res.errors?.[0]?.message).toMatch(/Not authorized/);
    const health = await gql(app, ChannelHealthDocument, { id: String(id) }, session);
    expect(health.errors?.[0]?.message).toMatch(/Not authorized/);
  }
  expect(upstream.requests).toHaveLength(0);
});
