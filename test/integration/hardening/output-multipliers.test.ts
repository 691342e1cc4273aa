import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import {
  createChannel, createToken, createUser, disableAllChannels, freeBalance, ledgerRows, rawChat,
} from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// Issue 12.2: fields that multiply output (`n`, `best_of`, Gemini `candidateCount`) used to be
// ignored by the reservation and forwarded, and the settle is capped at the hold: `n=100,
// max_tokens=1000` on a 2,000-unit balance bought 100,000 tokens of output for 2,000 units.

let app: TestApp;
let upstream: FakeUpstream;

beforeAll(async () => {
  app = await startTestApp();
  upstream = await FakeUpstream.start();
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});
beforeEach(() => upstream.reset());

async function caller(balance: bigint): Promise<{ userId: number; key: string }> {
  const userId = await createUser(app, { freeQuota: balance });
  return { userId, key: (await createToken(app, userId)).key };
}

/** Nothing was charged or left held, and the ledger holds only the grant. */
async function expectUntouched(userId: number, balance: bigint): Promise<void> {
  expect(await freeBalance(app, userId)).toEqual({ quota: balance, reserved: 0n });
  expect((await ledgerRows(app, userId)).map((e) => e.kind)).toEqual(['ADMIN_ADJUSTMENT']);
}

const hi = [{ role: 'user', content: 'hi' }];

describe('12.2 chat completions reserve for every choice', () => {
  beforeAll(async () => {
    await disableAllChannels(app);
    await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
  });

  it('n=100, max_tokens=1000 on a 2,000-unit balance is refused with 402 before any upstream call', async () => {
    const { userId, key } = await caller(2_000n);
    const res = await rawChat(app, key, { model: 'gpt-4o-mini', n: 100, max_tokens: 1000, messages: hi });
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('insufficient_quota');
    expect(upstream.requests).toHaveLength(0);
    await expectUntouched(userId, 2_000n);
  });

  it('the hold is the output cap times n: 6 x 1000 tokens fit 2,000 units (gpt-4o-mini: 300 units each), 7 do not', async () => {
    const { userId, key } = await caller(2_000n);
    const seven = await rawChat(app, key, { model: 'gpt-4o-mini', n: 7, max_tokens: 1000, messages: hi });
    expect(seven.status).toBe(402);
    expect(upstream.requests).toHaveLength(0);
    await expectUntouched(userId, 2_000n);

    const six = await rawChat(app, key, { model: 'gpt-4o-mini', n: 6, max_tokens: 1000, messages: hi });
    expect(six.status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
    expect((upstream.requests[0]!.body as { n: number }).n).toBe(6);
    const after = await freeBalance(app, userId);
    expect(after.reserved).toBe(0n);
    expect(after.quota).toBeLessThan(2_000n);
  });

  it('without max_tokens the hold is the model cap (16,384 tokens = 4,916 units), times n', async () => {
    const { userId, key } = await caller(10_000n);
    expect((await rawChat(app, key, { model: 'gpt-4o-mini', n: 3, messages: hi })).status).toBe(402);
    expect(upstream.requests).toHaveLength(0);
    await expectUntouched(userId, 10_000n);
    expect((await rawChat(app, key, { model: 'gpt-4o-mini', n: 2, messages: hi })).status).toBe(200);
  });

  it.each([
    [{ n: 0 }, 'n'],
    [{ n: 129 }, 'n'],
    [{ n: 1.5 }, 'n'],
    [{ best_of: 2 }, 'best_of'],
  ])('%j is a 400 naming %s, before anything is held', async (extra, param) => {
    const { userId, key } = await caller(1_000_000n);
    const res = await rawChat(app, key, { model: 'gpt-4o-mini', messages: hi, ...extra });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param: string } }).error.param).toBe(param);
    expect(upstream.requests).toHaveLength(0);
    await expectUntouched(userId, 1_000_000n);
  });

  it('a model with no output cap on record wants max_tokens (nothing else bounds the upstream)', async () => {
    const conn = app.em().getConnection();
    await conn.execute(`update catalogue_models set max_output_tokens = 0, context_length = 0 where model_id = 'gpt-4o-mini'`);
    await app.server.services.changeBus.publish({ topic: 'catalogue', id: 'gpt-4o-mini' });
    try {
      const { userId, key } = await caller(1_000_000n);
      const res = await rawChat(app, key, { model: 'gpt-4o-mini', messages: hi });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { param: string } }).error.param).toBe('max_tokens');
      expect(upstream.requests).toHaveLength(0);
      await expectUntouched(userId, 1_000_000n);
      expect((await rawChat(app, key, { model: 'gpt-4o-mini', max_tokens: 10, messages: hi })).status).toBe(200);
    } finally {
      await conn.execute(`update catalogue_models set max_output_tokens = 16384, context_length = 128000 where model_id = 'gpt-4o-mini'`);
      await app.server.services.changeBus.publish({ topic: 'catalogue', id: 'gpt-4o-mini' });
    }
  });
});

describe('12.2 channels that answer one choice refuse n > 1 instead of dropping it', () => {
  it.each([
    ['ANTHROPIC', 'claude-3-5-haiku-20241022'],
    ['GEMINI', 'gemini-2.5-flash'],
  ] as const)('%s: n=2 is a 400 naming n, the upstream sees nothing, nothing stays held', async (protocol, model) => {
    await disableAllChannels(app);
    await createChannel(app, { baseUrl: upstream.url, protocol, models: [model] });
    const { userId, key } = await caller(1_000_000n);
    const res = await rawChat(app, key, { model, n: 2, max_tokens: 10, messages: hi });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param: string } }).error.param).toBe('n');
    expect(upstream.requests).toHaveLength(0);
    await expectUntouched(userId, 1_000_000n);
  });
});

describe('12.2 Gemini candidateCount is reserved for on the Gemini surface', () => {
  beforeAll(async () => {
    await disableAllChannels(app);
    await createChannel(app, { baseUrl: upstream.url, protocol: 'GEMINI', models: ['gemini-2.5-flash'] });
  });

  const generate = (key: string, generationConfig: Record<string, unknown>) =>
    fetch(`${app.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': key },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig }),
    });

  it('8 candidates x 1000 tokens (1,250 units each) on 5,000 units: refused in Gemini\'s shape, no upstream call', async () => {
    const { userId, key } = await caller(5_000n);
    const res = await generate(key, { candidateCount: 8, maxOutputTokens: 1000 });
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: { status: string } }).error.status).toBe('FAILED_PRECONDITION');
    expect(upstream.requests).toHaveLength(0);
    await expectUntouched(userId, 5_000n);

    // Three fit: the request goes through (pass-through keeps candidateCount).
    const three = await generate(key, { candidateCount: 3, maxOutputTokens: 1000 });
    expect(three.status).toBe(200);
    expect((upstream.requests[0]!.body as { generationConfig: { candidateCount: number } }).generationConfig.candidateCount).toBe(3);
  });

  it('more than Gemini\'s 8 candidates is a 400', async () => {
    const { userId, key } = await caller(1_000_000n);
    const res = await generate(key, { candidateCount: 9, maxOutputTokens: 10 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
    expect(upstream.requests).toHaveLength(0);
    await expectUntouched(userId, 1_000_000n);
  });
});
