import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { createChannel, createToken, createUser, disableAllChannels, rawChat } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// IP allow-lists behind a reverse proxy: the test client on 127.0.0.1 plays the proxy.

const BODY = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

async function setUp(env: Record<string, string>): Promise<{ app: TestApp; upstream: FakeUpstream; key: string }> {
  const app = await startTestApp(env);
  const upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
  const userId = await createUser(app, { freeQuota: 10_000_000n });
  const { key } = await createToken(app, userId, { allowedIps: ['203.0.113.0/24'] });
  return { app, upstream, key };
}

async function statusAndCode(res: Response): Promise<[number, string | null]> {
  const body = (await res.json()) as { error?: { code: string } };
  return [res.status, body.error?.code ?? null];
}

describe('TRUSTED_PROXIES=127.0.0.1', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({ TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => {
    await s.app.close();
    await s.upstream.close();
  });

  it('checks the allow-list against the address the proxy forwarded', async () => {
    expect(await statusAndCode(await rawChat(s.app, s.key, BODY, { 'x-forwarded-for': '203.0.113.7' }))).toEqual([200, null]);
    expect(await statusAndCode(await rawChat(s.app, s.key, BODY, { 'x-forwarded-for': '203.0.113.7, 198.51.100.9' }))).toEqual([403, 'ip_not_allowed']);
    expect(await statusAndCode(await rawChat(s.app, s.key, BODY))).toEqual([403, 'ip_not_allowed']);
    const models = await fetch(`${s.app.v1Url}/models`, { headers: { authorization: `Bearer ${s.key}`, 'x-forwarded-for': '203.0.113.200' } });
    expect(models.status).toBe(200);
  });
});

describe('without TRUSTED_PROXIES', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({});
  });
  afterAll(async () => {
    await s.app.close();
    await s.upstream.close();
  });

  it('ignores X-Forwarded-For: anyone could send it', async () => {
    expect(await statusAndCode(await rawChat(s.app, s.key, BODY, { 'x-forwarded-for': '203.0.113.7' }))).toEqual([403, 'ip_not_allowed']);
  });
});
