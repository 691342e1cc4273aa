import { RateLimitError } from 'openai';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import {
  client, createChannel, createToken, createUser, disableAllChannels, freeBalance, usageCharges,
} from '../../support/data-plane-fixtures';
import { closedPort, deleteKeys, itWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../../support/redis';
import { startTestApp, type TestApp } from '../../support/test-app';

// DESIGN §5: limits that must hold across processes do. Two gateway processes on one database
// and one Redis share a key's budget; a Redis that is down lets traffic through (fail open).

const HI = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'hi' }] };
const apps: TestApp[] = [];
let upstream: FakeUpstream;
const prefix = uniqueRedisPrefix('gateway');

beforeAll(async () => {
  upstream = (await FakeUpstream.start()).setDefault({ usage: { prompt_tokens: 10, completion_tokens: 20 } });
});
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
  await upstream.close();
  await deleteKeys(prefix);
});

async function start(env: Record<string, string>, database?: TestApp['database']): Promise<TestApp> {
  const app = await startTestApp(env, { database });
  apps.push(app);
  return app;
}

describe('rate limits with REDIS_URL', () => {
  itWithRedis('are shared by two gateway instances on the same database', async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
    const first = await start(env);
    await disableAllChannels(first);
    await createChannel(first, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
    // Started after the channel exists, so its caches load it at once.
    const second = await start(env, first.database);

    const userId = await createUser(first, { freeQuota: 1_000_000n });
    const { key, tokenId } = await createToken(first, userId);
    await first.em().getConnection().execute('update tokens set rate_limit_rpm = 3 where id = ?', [tokenId]);

    const remaining = [];
    for (const app of [first, second, first]) {
      const { response } = await client(app, key).chat.completions.create(HI).withResponse();
      remaining.push(response.headers.get('x-ratelimit-remaining-requests'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const balance = await freeBalance(first, userId);

    const refused = await client(second, key).chat.completions.create(HI).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect((refused as RateLimitError).headers.get('retry-after')).toMatch(/^(19|20)$/);
    const models = await fetch(`${first.v1Url}/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(models.status).toBe(429);

    expect(await freeBalance(first, userId)).toEqual(balance);
    expect(await usageCharges(first, userId)).toHaveLength(3);
  });
});

describe('rate limits with Redis unreachable', () => {
  it('fail open: requests go through, without limit headers', async () => {
    const app = await start({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, RATE_LIMIT_RPM: '1' });
    await disableAllChannels(app);
    await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
    const userId = await createUser(app, { freeQuota: 1_000_000n });
    const { key } = await createToken(app, userId);
    for (let i = 0; i < 3; i++) {
      const { response } = await client(app, key).chat.completions.create(HI).withResponse();
      expect(response.headers.get('x-ratelimit-limit-requests')).toBeNull();
      const models = await fetch(`${app.v1Url}/models`, { headers: { authorization: `Bearer ${key}` } });
      expect(models.status).toBe(200);
    }
    expect(await usageCharges(app, userId)).toHaveLength(3);
  });
});
