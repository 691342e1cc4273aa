import Anthropic, { type APIError } from '@anthropic-ai/sdk';
import type { GoogleGenAI as GoogleGenAIClass } from '@google/genai' with { 'resolution-mode': 'import' };
import { RateLimitError } from 'openai';
import { ChannelHealthDocument, CreateConcurrencyLimitedTokenDocument, UpdateSettingsDocument, UpdateTokenConcurrencyDocument, type UpdateSettingsInput } from '../../generated/graphql';
import { client, createChannel, createToken, createUser, disableAllChannels, eventually, usageLogs } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData, signUp } from '../../support/graphql-client';
import { HoldingUpstream } from '../../support/holding-upstream';
import { parsePrometheusText, sampleValue, type Sample } from '../../support/prometheus-text';
import { startTestApp, type TestApp } from '../../support/test-app';

// Issue 12.7: one key held every pooled connection to an upstream host; another user's request
// waited, timed out, was counted as the channel's failure and opened its breaker for everyone.
// Here: 2 requests in progress per key, 3 per user, 3 connections per upstream host, and a
// connection wait of 300 ms, far below the channel's first-byte budget (5 s), so a request that
// waits is told apart from an upstream that is slow. One failure would open a breaker.

// The SDK's types are ESM-only, its Node build also CommonJS (as in the Gemini surface tests).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { GoogleGenAI } = require('@google/genai') as { GoogleGenAI: typeof GoogleGenAIClass };

const METRICS_TOKEN = 'metrics-token-concurrency';
let app: TestApp;
let upstream: HoldingUpstream;
let channelId: number;
const HI = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'hi' }] };

beforeAll(async () => {
  app = await startTestApp({
    MAX_CONCURRENT_PER_KEY: '2',
    MAX_CONCURRENT_PER_USER: '3',
    UPSTREAM_CONNECTIONS: '3',
    UPSTREAM_POOL_WAIT_MS: '300',
    BREAKER_FAILURES: '1',
    METRICS_TOKEN,
  });
  upstream = await HoldingUpstream.start();
  await disableAllChannels(app);
  channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini', 'claude-3-5-haiku-20241022', 'gemini-2.5-flash'] });
});
afterAll(async () => {
  upstream.finishAll();
  await app.close();
  await upstream.close();
});

/** A streamed chat completion that is held open upstream; resolves once its first bytes arrived. */
async function openStream(key: string): Promise<{ response: Response; abort: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${app.v1Url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ ...HI, stream: true }),
    signal: controller.signal,
  });
  return { response, abort: () => controller.abort() };
}

async function newKey(userId?: number): Promise<{ key: string; userId: number; tokenId: number }> {
  const owner = userId ?? (await createUser(app, { freeQuota: 10_000_000n }));
  const { key, tokenId } = await createToken(app, owner);
  return { key, userId: owner, tokenId };
}

async function scrape(): Promise<Sample[]> {
  const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return parsePrometheusText(await res.text());
}

async function refusals(): Promise<number> {
  return (await scrape()).filter((s) => s.name === 'gw_rate_limit_refusals_total').reduce((n, s) => n + s.value, 0);
}

async function channelHealth(): Promise<{ state: string; failures: number; consecutiveFailures: number }> {
  const { channel } = await gqlData(app, ChannelHealthDocument, { id: String(channelId) }, await adminSession(app));
  return expectTypename(channel, 'Channel').health;
}

const held = () => app.server.services.concurrencyLimiter.held();

async function endAll(streams: Array<{ response: Response }>): Promise<void> {
  upstream.finishAll();
  for (const s of streams) await s.response.text();
}

describe('concurrency limits per key and per user', () => {
  it("refuses a key's request over its limit in every surface's shape while another user is served, and admits it again once its streams are cut", async () => {
    const a = await newKey();
    const b = await newKey();
    const refusedBefore = await refusals();
    const streams = [await openStream(a.key), await openStream(a.key)];
    expect(streams.map((s) => s.response.status)).toEqual([200, 200]);
    await upstream.holding(2);

    // OpenAI (chat completions): RateLimitError, rate_limit_exceeded.
    const refused = await client(app, a.key).chat.completions.create(HI).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limit_exceeded', type: 'rate_limit_error' });
    expect((refused as RateLimitError).message).toContain('this API key may have 2 requests in progress at once');
    expect((refused as RateLimitError).headers.get('retry-after')).toBe('1');
    const [row] = await usageLogs(app, { requestId: (refused as RateLimitError).requestID! });
    expect(row).toMatchObject({ userId: a.userId, outcome: 'REJECTED', httpStatus: 429, errorCode: 'rate_limit_exceeded', cost: 0n });

    // Anthropic Messages: rate_limit_error in Anthropic's envelope.
    const anthropic = new Anthropic({ apiKey: a.key, baseURL: app.url, maxRetries: 0, timeout: 20_000 });
    const anthropicErr = (await anthropic.messages.create({ model: 'claude-3-5-haiku-20241022', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e)) as APIError;
    expect(anthropicErr).toBeInstanceOf(Anthropic.RateLimitError);
    expect(anthropicErr.error).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });

    // Gemini: RESOURCE_EXHAUSTED.
    const gemini = new GoogleGenAI({ apiKey: a.key, httpOptions: { baseUrl: app.url, timeout: 20_000 } });
    const geminiErr = await gemini.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' }).catch((e: unknown) => e);
    expect(geminiErr).toMatchObject({ status: 429 });
    const geminiRaw = await fetch(`${app.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-goog-api-key': a.key }, body: JSON.stringify({ contents: [] }),
    });
    expect(geminiRaw.status).toBe(429);
    expect(await geminiRaw.json()).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });

    // Responses and embeddings: OpenAI's shape.
    for (const path of ['/responses', '/embeddings']) {
      const res = await fetch(`${app.v1Url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${a.key}`, 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ error: { type: 'rate_limit_error', code: 'rate_limit_exceeded' } });
    }
    expect(await refusals()).toBe(refusedBefore + 6);

    // Another user's key is served at once: its request reaches the upstream and streams.
    const other = await openStream(b.key);
    expect(other.response.status).toBe(200);
    await upstream.holding(3);
    expect(held()).toBe(3);

    // A's callers leave: both slots come back, and A may hold two streams again.
    for (const s of streams) s.abort();
    await eventually(() => held() === 1 && upstream.aborted >= 2);
    const again = [await openStream(a.key), await openStream(a.key)];
    expect(again.map((s) => s.response.status)).toEqual([200, 200]);
    await upstream.holding(3);
    await endAll([other, ...again]);
    await eventually(() => held() === 0);
  });

  it('caps a user over all their keys, and a token may carry its own per-key limit', async () => {
    const first = await newKey();
    const second = await newKey(first.userId);
    const streams = [await openStream(first.key), await openStream(first.key), await openStream(second.key)];
    expect(streams.map((s) => s.response.status)).toEqual([200, 200, 200]);
    // The second key has room of its own (1 of 2) but the user is at 3.
    const refused = await client(app, second.key).chat.completions.create(HI).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect((refused as RateLimitError).message).toContain('your account may have 3 requests in progress at once');
    await endAll(streams);
    await eventually(() => held() === 0);

    // max_concurrent = 1 on the token: its second request is refused although the default is 2.
    const single = await newKey();
    await app.em().getConnection().execute('update tokens set max_concurrent = 1 where id = ?', [single.tokenId]);
    await app.server.services.changeBus.publish({ topic: 'token', id: String(single.tokenId) });
    const one = await openStream(single.key);
    expect(one.response.status).toBe(200);
    const over = await client(app, single.key).chat.completions.create(HI).catch((err: unknown) => err);
    expect((over as RateLimitError).message).toContain('this API key may have 1 request in progress at once');
    await endAll([one]);
    await eventually(() => held() === 0);
  });

  it('frees the slot of a JSON request whose caller leaves while the upstream is still answering', async () => {
    const a = await newKey();
    const controllers = [new AbortController(), new AbortController()];
    const pending = controllers.map((c) =>
      client(app, a.key).chat.completions.create(HI, { signal: c.signal }).catch((err: unknown) => err),
    );
    await upstream.holding(2);
    expect(held()).toBe(2);
    for (const c of controllers) c.abort();
    await Promise.all(pending);
    await eventually(() => held() === 0);
    const after = await openStream(a.key);
    expect(after.response.status).toBe(200);
    await endAll([after]);
    await eventually(() => held() === 0);
  });
});

describe('waiting for an upstream connection', () => {
  it('times out on its own limit with 503 gateway_busy, and the channel breaker stays closed', async () => {
    // Three users hold the three connections to the upstream host.
    const holders = [await newKey(), await newKey(), await newKey()];
    const streams = [];
    for (const h of holders) streams.push(await openStream(h.key));
    await upstream.holding(3);
    const before = await channelHealth();
    const received = upstream.received;
    const saturated = await scrape();
    expect(sampleValue(saturated, 'gw_upstream_connections', { state: 'in_use' })).toBe(3);
    expect(sampleValue(saturated, 'gw_concurrency_slots_held')).toBe(3);

    const waiting = await newKey();
    const busy = await client(app, waiting.key).chat.completions.create(HI).catch((err: unknown) => err);
    expect(busy).toMatchObject({ status: 503, code: 'gateway_busy', type: 'server_error' });
    expect(upstream.received).toBe(received); // nothing was sent upstream
    const [row] = await usageLogs(app, { userId: waiting.userId });
    expect(row).toMatchObject({ httpStatus: 503, errorCode: 'gateway_busy', cost: 0n });

    // Not the channel's failure: still closed, nothing counted; the next caller is served once a connection frees.
    expect(await channelHealth()).toMatchObject({ state: 'CLOSED', failures: before.failures, consecutiveFailures: 0 });
    await endAll(streams);
    const serving = client(app, waiting.key).chat.completions.create(HI);
    await upstream.holding(1);
    upstream.finishAll();
    expect((await serving).choices[0]!.message.content).toBe('held');
    expect(await channelHealth()).toMatchObject({ state: 'CLOSED', consecutiveFailures: 0 });
    await eventually(() => held() === 0 && app.server.services.upstream.connections().inUse === 0);
  });
});

describe('maxConcurrent on the control plane', () => {
  it('the limits are runtime settings: an admin changes them through GraphQL and the next request obeys, no restart', async () => {
    const admin = await adminSession(app);
    const setLimits = async (input: UpdateSettingsInput) => expectTypename((await gqlData(app, UpdateSettingsDocument, { input }, admin)).updateSettings, 'Settings');
    const a = await newKey();
    const b = await newKey(a.userId);
    expect(await setLimits({ defaultMaxConcurrentPerKey: 1, maxConcurrentPerUser: 2 })).toMatchObject({ defaultMaxConcurrentPerKey: 1, maxConcurrentPerUser: 2 });
    try {
      const one = await openStream(a.key);
      expect(one.response.status).toBe(200);
      const over = await client(app, a.key).chat.completions.create(HI).catch((err: unknown) => err);
      expect((over as RateLimitError).message).toContain('this API key may have 1 request in progress at once');
      // Raised: the same key gets a second slot at once; the user limit (now 2) stops the user's other key.
      await setLimits({ defaultMaxConcurrentPerKey: 3 });
      const streams = [one, await openStream(a.key)];
      expect(streams.map((s) => s.response.status)).toEqual([200, 200]);
      const userOver = await client(app, b.key).chat.completions.create(HI).catch((err: unknown) => err);
      expect((userOver as RateLimitError).message).toContain('your account may have 2 requests in progress at once');
      await endAll(streams);
      await eventually(() => held() === 0);
    } finally {
      await setLimits({ defaultMaxConcurrentPerKey: 2, maxConcurrentPerUser: 3 });
    }
  });

  it('is set by createToken, validated, and put back on the default by updateToken(null)', async () => {
    const { session } = await signUp(app, 'concurrency@tokens.test');
    for (const bad of [-1, 100_001]) {
      const { createToken: invalid } = await gqlData(app, CreateConcurrencyLimitedTokenDocument, { input: { name: 'bad', maxConcurrent: bad } }, session);
      expect(expectTypename(invalid, 'InputValidationError').field).toBe('maxConcurrent');
    }
    const { createToken: created } = await gqlData(app, CreateConcurrencyLimitedTokenDocument, { input: { name: 'one at a time', maxConcurrent: 1 } }, session);
    const { token } = expectTypename(created, 'CreateTokenSuccess');
    expect(token.maxConcurrent).toBe(1);
    const { updateToken: cleared } = await gqlData(app, UpdateTokenConcurrencyDocument, { id: token.id, input: { maxConcurrent: null } }, session);
    expect(expectTypename(cleared, 'Token').maxConcurrent).toBeNull();
  });
});
