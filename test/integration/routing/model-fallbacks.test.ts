import { SetModelFallbacksDocument } from '../../generated/graphql';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { createChannel, createToken, createUser, disableAllChannels, freeBalance, usageLogs } from '../../support/data-plane-fixtures';
import { seedPrices } from '../../support/vendor-fixtures';
import { adminSession, gqlData } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// Model fallbacks: when every channel of a model fails before a usable byte, the next model of
// its chain (the admin's, or the caller's `models`) serves; the answer and the usage row name it
// and the charge is its price. Every surface, streamed and not; never across a tier.

let app: TestApp;
let failing: FakeUpstream;
let healthy: FakeUpstream;
let admin: string;
const USAGE = { prompt_tokens: 100, completion_tokens: 20 };

beforeAll(async () => {
  app = await startTestApp({ MAX_ATTEMPTS: '2', BREAKER_FAILURES: '1000' });
  failing = (await FakeUpstream.start()).setDefault({ status: 500, errorBody: { error: { message: 'overloaded', type: 'server_error' } } });
  healthy = (await FakeUpstream.start()).setDefault({ usage: USAGE, content: 'from the fallback' });
  admin = await adminSession(app);
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: failing.openAIBaseUrl, models: ['gpt-4o-mini'] });
  await createChannel(app, { baseUrl: healthy.openAIBaseUrl, models: ['qwen-plus', 'gpt-4o'] });
});
afterAll(async () => {
  await app.close();
  await failing.close();
  await healthy.close();
});

async function caller(): Promise<{ userId: number; key: string }> {
  const userId = await createUser(app, { freeQuota: 100_000_000n });
  return { userId, ...(await createToken(app, userId)) };
}

const fallbackCost = costOf(seedPrices('qwen-plus'), { promptTokens: 100, completionTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);

type Surface = { name: string; path: (model: string, stream: boolean) => string; body: (model: string, stream: boolean) => unknown; headers: (key: string) => Record<string, string> };
const SURFACES: Surface[] = [
  {
    name: 'chat completions', path: () => '/v1/chat/completions',
    body: (model, stream) => ({ model, stream, messages: [{ role: 'user', content: 'hi' }] }),
    headers: (key) => ({ authorization: `Bearer ${key}` }),
  },
  {
    name: 'messages', path: () => '/v1/messages',
    body: (model, stream) => ({ model, stream, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }),
    headers: (key) => ({ 'x-api-key': key, 'anthropic-version': '2023-06-01' }),
  },
  {
    name: 'responses', path: () => '/v1/responses',
    body: (model, stream) => ({ model, stream, input: 'hi' }),
    headers: (key) => ({ authorization: `Bearer ${key}` }),
  },
  {
    name: 'gemini', path: (model, stream) => `/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
    body: () => ({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    headers: (key) => ({ 'x-goog-api-key': key }),
  },
];

async function send(surface: Surface, key: string, model: string, stream: boolean, extra: Record<string, unknown> = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(app.url + surface.path(model, stream), {
    method: 'POST', headers: { 'content-type': 'application/json', ...surface.headers(key) },
    body: JSON.stringify({ ...(surface.body(model, stream) as object), ...extra }),
  });
  return { status: res.status, text: await res.text() };
}

describe('the admin\'s chain', () => {
  beforeAll(async () => {
    const set = await gqlData(app, SetModelFallbacksDocument, { modelId: 'gpt-4o-mini', fallbacks: ['qwen-plus'] }, admin);
    expect(set.setModelFallbacks).toMatchObject({ __typename: 'Model', fallbacks: ['qwen-plus'] });
  });

  for (const surface of SURFACES) {
    for (const stream of [false, true]) {
      it(`${surface.name}, ${stream ? 'streamed' : 'JSON'}: served and billed by the fallback, which the answer and the usage row name`, async () => {
        const { userId } = await caller();
        const { key } = await createToken(app, userId);
        const before = (await freeBalance(app, userId)).quota;
        healthy.reset().setDefault({ usage: USAGE, content: 'from the fallback' });
        const res = await send(surface, key, 'gpt-4o-mini', stream);
        expect(res.status).toBe(200);
        expect(res.text).toContain('from');
        if (surface.name !== 'gemini') expect(res.text).toContain('qwen-plus');
        expect(res.text).not.toContain('gpt-4o-mini');
        expect((healthy.requests[0]!.body as { model: string }).model).toBe('qwen-plus');
        const rows = await usageLogs(app, { userId });
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ modelId: 'qwen-plus', httpStatus: 200 });
        expect(BigInt(rows[0]!.cost)).toBe(fallbackCost);
        const after = await freeBalance(app, userId);
        expect(after).toEqual({ quota: before - fallbackCost, reserved: 0n });
      });
    }
  }
});

describe('tiers', () => {
  it('an admin cannot chain a free model to a subscription model', async () => {
    const res = await gqlData(app, SetModelFallbacksDocument, { modelId: 'gpt-4o-mini', fallbacks: ['gpt-4o'] }, admin);
    expect(res.setModelFallbacks).toMatchObject({ __typename: 'InputValidationError', field: 'fallbacks' });
    expect((res.setModelFallbacks as { message: string }).message).toMatch(/tier/);
  });

  it('a caller\'s `models` are tried in order, skipping a model of another tier, and never sent upstream', async () => {
    const { userId, key } = await caller();
    healthy.reset().setDefault({ usage: USAGE });
    const res = await send(SURFACES[0]!, key, 'gpt-4o-mini', false, { models: ['gpt-4o', 'qwen-plus'] });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ model: 'qwen-plus' });
    expect(healthy.requests.map((r) => (r.body as { model: string }).model)).toEqual(['qwen-plus']);
    expect(healthy.requests[0]!.body).not.toHaveProperty('models');
    expect((await usageLogs(app, { userId }))[0]).toMatchObject({ modelId: 'qwen-plus' });
  });

  it('with only a model of another tier to fall back to, the caller gets the primary\'s failure, nothing charged', async () => {
    const { userId, key } = await caller();
    const before = await freeBalance(app, userId);
    healthy.reset();
    const res = await send(SURFACES[0]!, key, 'gpt-4o-mini', false, { models: ['gpt-4o'] });
    expect(res.status).toBe(502);
    expect(healthy.requests).toHaveLength(0);
    expect(await freeBalance(app, userId)).toEqual(before);
    expect((await usageLogs(app, { userId }))[0]).toMatchObject({ modelId: 'gpt-4o-mini', cost: 0n });
  });

  it('a caller\'s bad `models` is a 400 naming the param', async () => {
    const { key } = await caller();
    const res = await send(SURFACES[0]!, key, 'gpt-4o-mini', false, { models: 'qwen-plus' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ error: { param: 'models' } });
  });
});
