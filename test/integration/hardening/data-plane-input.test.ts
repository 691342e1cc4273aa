import { Channel, ChannelKey } from '../../../src/db/entities';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { createChannel, createToken, createUser, disableAllChannels, rawChat } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let key: string;
let upstream: FakeUpstream;

beforeAll(async () => {
  app = await startTestApp();
  upstream = await FakeUpstream.start();
  key = (await createToken(app, await createUser(app, { freeQuota: 1_000_000n }))).key;
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('12.10 a caller cannot get a shared channel disabled', () => {
  it('a 403 caused by the request goes back to the caller and leaves the channel and its key enabled', async () => {
    await disableAllChannels(app);
    const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
    upstream.next({ status: 403, errorBody: { error: { message: 'You may not access this resource', type: 'permission_denied', code: null } } });
    const res = await rawChat(app, key, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'read my file' }] });
    expect(res.status).toBe(403);
    const em = app.em();
    expect((await em.findOneOrFail(Channel, channelId)).status).toBe('ENABLED');
    expect((await em.find(ChannelKey, { channel: channelId })).map((k) => k.status)).toEqual(['ENABLED']);
    // And the channel still serves the next request.
    expect((await rawChat(app, key, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(200);
  });

  it('a Gemini request with a remote image URL is refused before any upstream call', async () => {
    await disableAllChannels(app);
    await createChannel(app, { baseUrl: upstream.url, protocol: 'GEMINI', models: ['gemini-2.5-flash'] });
    upstream.reset();
    const res = await rawChat(app, key, {
      model: 'gemini-2.5-flash', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/secret.png' } }] }],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param: string } }).error.param).toBe('messages[0].content[0]');
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('12.5 deeply nested JSON is refused when the body is read', () => {
  it.each([
    ['/chat/completions', { authorization: '' }],
    ['/messages', { 'anthropic-version': '2023-06-01' }],
    ['/responses', { authorization: '' }],
  ])('%s answers 400, not 500, for a body nested 10 000 levels', async (path, extra) => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const body = `{"model":"gpt-4o-mini","max_tokens":5,"messages":[{"role":"user","content":"hi"}],"input":"hi","metadata":${deep}}`;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...extra, authorization: `Bearer ${key}`, 'x-api-key': key };
    const res = await fetch(`${app.v1Url}${path}`, { method: 'POST', headers, body });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/nested more than 64 levels/);
  });

  it('still accepts ordinary nesting (64 levels)', async () => {
    const nested = '['.repeat(60) + ']'.repeat(60);
    const res = await fetch(`${app.v1Url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: `{"model":"no-such-model","messages":[{"role":"user","content":"hi"}],"metadata":${nested}}`,
    });
    expect(res.status).toBe(404);
  });
});
