import { RateLimitError } from 'openai';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { CreateRateLimitedTokenDocument, UpdateSettingsDocument, UpdateTokenRateLimitDocument } from '../../generated/graphql';
import {
  client, createChannel, createToken, createUser, disableAllChannels, eventually, freeBalance, rawChat, usageCharges, usageLogs,
} from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// One process, no REDIS_URL: the in-process limiter. RATE_LIMIT_RPM=2 is the default a token
// without its own limit gets. Windows are the real 60 s: every test uses fresh tokens.

let app: TestApp;
let upstream: FakeUpstream;
const USAGE = { prompt_tokens: 10, completion_tokens: 20 };
const HI = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'hi' }] };

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_RPM: '2' });
  upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.reset().setDefault({ usage: USAGE });
});

async function limitedKey(rateLimitRpm: number | null): Promise<{ key: string; userId: number }> {
  const userId = await createUser(app, { freeQuota: 1_000_000n });
  const { key, tokenId } = await createToken(app, userId);
  // Set before the key's first use, so no cache holds the old value.
  await app.em().getConnection().execute('update tokens set rate_limit_rpm = ? where id = ?', [rateLimitRpm, tokenId]);
  return { key, userId };
}

function limitHeaders(headers: Headers): Record<string, string | null> {
  return {
    limit: headers.get('x-ratelimit-limit-requests'),
    remaining: headers.get('x-ratelimit-remaining-requests'),
    reset: headers.get('x-ratelimit-reset-requests'),
  };
}

const listModels = (key: string) => fetch(`${app.v1Url}/models`, { headers: { authorization: `Bearer ${key}` } });

describe('per-key rate limit', () => {
  it('gives a token with rate_limit_rpm=3 three completions, then a 429 that costs nothing', async () => {
    // The default is the ceiling of a key's own limit: raised for this test so the key's 3 is below it.
    await setDefaultRpm(4);
    try {
      await threeCompletionsThenRefused();
    } finally {
      // Restored even when an assertion fails, so the tests after this one see the default of 2.
      await setDefaultRpm(2);
    }
  });

  // The windows are real time: the figures below allow for a slow machine (the three completions
  // may take several seconds under load), never for a wrong window (20 s for 3 a minute).
  async function threeCompletionsThenRefused(): Promise<void> {
    const { key, userId } = await limitedKey(3);
    const openai = client(app, key);
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(limitHeaders((await openai.chat.completions.create(HI).withResponse()).response.headers));
    // Reset: until the oldest of the three frees its slot, 20 s (60 s / 3) after it was spent.
    const reset = expect.stringMatching(/^(1\d(\.\d+)?|20)s$/);
    expect(seen).toEqual([
      { limit: '3', remaining: '2', reset },
      { limit: '3', remaining: '1', reset },
      { limit: '3', remaining: '0', reset },
    ]);
    const before = await freeBalance(app, userId);
    expect((await usageCharges(app, userId)).length).toBe(3);

    const refused = await openai.chat.completions.create(HI).then(
      () => { throw new Error('expected a 429'); },
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(RateLimitError);
    const err = refused as RateLimitError;
    expect(err).toMatchObject({ status: 429, code: 'rate_limit_exceeded', type: 'rate_limit_error', param: null });
    expect(err.message).toContain('3 requests per minute');
    const retryAfter = Number(err.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(10);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect(Number(err.headers.get('retry-after-ms'))).toBeLessThanOrEqual(20_000);
    expect(limitHeaders(err.headers)).toMatchObject({ limit: '3', remaining: '0' });
    expect(err.headers.get('x-ratelimit-reset-requests')).toMatch(/^(1\d(\.\d+)?|20)s$/);

    // Nothing reserved, nothing charged, the upstream never asked.
    expect(await freeBalance(app, userId)).toEqual(before);
    expect(before.reserved).toBe(0n);
    expect((await usageCharges(app, userId)).length).toBe(3);
    expect(upstream.requests).toHaveLength(3);
    const [row] = await usageLogs(app, { requestId: err.requestID! });
    expect(row).toMatchObject({ userId, outcome: 'REJECTED', httpStatus: 429, errorCode: 'rate_limit_exceeded', cost: 0n, bucket: null });

    // The wire: OpenAI's error body, and a refusal does not spend (the next one is refused the same way).
    const raw = await rawChat(app, key, HI);
    expect(raw.status).toBe(429);
    expect(await raw.json()).toEqual({
      error: { message: expect.stringContaining('Rate limit reached'), type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' },
    });
    expect(Number(raw.headers.get('retry-after'))).toBeLessThanOrEqual(20);
  }

  it('applies RATE_LIMIT_RPM to a token without its own limit, and counts models listings too', async () => {
    const { key } = await limitedKey(null);
    const listed = await listModels(key);
    expect(listed.status).toBe(200);
    expect(limitHeaders(listed.headers)).toEqual({ limit: '2', remaining: '1', reset: '30s' }); // a fresh key: exactly 60 s / 2
    const completion = await client(app, key).chat.completions.create(HI).withResponse();
    expect(limitHeaders(completion.response.headers)).toMatchObject({ limit: '2', remaining: '0' });
    const refused = await listModels(key);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(20);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    expect((await rawChat(app, key, HI)).status).toBe(429);
  });

  it('holds a token with rate_limit_rpm=0 (saved before the default became a ceiling) to the default', async () => {
    const { key } = await limitedKey(0);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await listModels(key)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('a request its key\'s limit refuses spends nothing of its owner\'s per-user budget', async () => {
    // A user's 3 a minute over two keys: one key allows 1 a minute, the other (the default, raised to 4) more than the user.
    await updateSettings({ defaultRpm: 4, maxRpmPerUser: 3 });
    try {
      const userId = await createUser(app, { freeQuota: 1_000_000n });
      const tight = await createToken(app, userId);
      await app.em().getConnection().execute('update tokens set rate_limit_rpm = 1 where id = ?', [tight.tokenId]);
      const other = await createToken(app, userId);
      expect((await listModels(tight.key)).status).toBe(200);
      const refusedByKey = await listModels(tight.key);
      expect(refusedByKey.status).toBe(429);
      expect(((await refusedByKey.json()) as { error: { message: string } }).error.message).toContain('1 requests per minute');
      // The user spent one of three: two left for the other key, then the user's own limit refuses.
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await listModels(other.key));
      expect(statuses.map((r) => r.status)).toEqual([200, 200, 429]);
      expect(((await statuses[2]!.json()) as { error: { message: string } }).error.message).toContain('3 requests per minute');
    } finally {
      await updateSettings({ defaultRpm: 2, maxRpmPerUser: 0 });
    }
  });

  it('still answers 401 before any limit for a bad key', async () => {
    for (let i = 0; i < 4; i++) expect((await rawChat(app, 'sk-unknown-key', HI)).status).toBe(401);
  });
});

async function setDefaultRpm(defaultRpm: number): Promise<void> {
  await updateSettings({ defaultRpm });
}

async function updateSettings(input: { defaultRpm?: number; maxRpmPerUser?: number }): Promise<void> {
  const updated = (await gqlData(app, UpdateSettingsDocument, { input }, await adminSession(app))).updateSettings;
  expect(updated).toMatchObject({ __typename: 'Settings', ...input });
}

describe('rateLimitRpm on the control plane', () => {
  it('is set by createToken, validated, and changed by updateToken with effect on the gateway', async () => {
    const { session } = await signUp(app, 'rate-limited@tokens.test');
    for (const bad of [-1, 1_000_001]) {
      const { createToken: invalid } = await gqlData(app, CreateRateLimitedTokenDocument, { input: { name: 'bad', rateLimitRpm: bad } }, session);
      expect(expectTypename(invalid, 'InputValidationError').field).toBe('rateLimitRpm');
    }
    const { createToken: created } = await gqlData(app, CreateRateLimitedTokenDocument, { input: { name: 'one a minute', rateLimitRpm: 1 } }, session);
    const { key, token } = expectTypename(created, 'CreateTokenSuccess');
    expect(token.rateLimitRpm).toBe(1);
    expect((await listModels(key)).status).toBe(200);
    expect((await listModels(key)).status).toBe(429);

    // Unlimited, or above the default (2), is not the user's to choose.
    for (const above of [0, 3]) {
      const { updateToken: refused } = await gqlData(app, UpdateTokenRateLimitDocument, { id: token.id, input: { rateLimitRpm: above } }, session);
      expect(expectTypename(refused, 'InputValidationError').field).toBe('rateLimitRpm');
    }

    const { updateToken: bad } = await gqlData(app, UpdateTokenRateLimitDocument, { id: token.id, input: { rateLimitRpm: 2_000_000 } }, session);
    expect(expectTypename(bad, 'InputValidationError').field).toBe('rateLimitRpm');
    const { updateToken: cleared } = await gqlData(app, UpdateTokenRateLimitDocument, { id: token.id, input: { rateLimitRpm: null } }, session);
    expect(expectTypename(cleared, 'Token').rateLimitRpm).toBeNull();
    // Back on the default (2 per minute); the request spent at 1 per minute still counts.
    await eventually(async () => (await listModels(key)).headers.get('x-ratelimit-limit-requests') === '2');
  });
});
