import { ChannelOverridesDocument, SetChannelOverridesDocument } from '../../generated/graphql';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels } from '../../support/data-plane-fixtures';
import { collect } from '../../support/vendor-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// Per-channel overrides: the fake vendor sees the body fields and headers they set or remove,
// only for the models they name, on translated, spliced and passed-through requests alike; the
// auth headers and the gateway's own fields are refused on save; each change is in the audit.

let app: TestApp;
let upstream: FakeUpstream;
let admin: string;
let key: string;

beforeAll(async () => {
  app = await startTestApp({ MAX_ATTEMPTS: '1' });
  upstream = await FakeUpstream.start();
  admin = await adminSession(app);
  await disableAllChannels(app);
  const userId = await createUser(app, { freeQuota: 100_000_000n });
  ({ key } = await createToken(app, userId));
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});
beforeEach(() => upstream.reset());

type Rule = { target: 'BODY' | 'HEADER'; op: 'SET' | 'REMOVE'; path: string; value?: string | null; models?: string[] };

async function setOverrides(channelId: number, overrides: Rule[]) {
  const res = await gqlData(app, SetChannelOverridesDocument, { id: String(channelId), overrides }, admin);
  return res.updateChannel;
}

/** Waits until this process's channel directory holds the change (the change bus is asynchronous). */
async function applied(channelId: number, count: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const snapshot = await app.server.services.channels.get();
    if (snapshot.byId.get(channelId)?.overrides.length === count) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the channel directory never saw the overrides');
}

describe('applied', () => {
  it('sets and removes body fields and headers on an OpenAI channel, JSON and spliced stream, only for the models named', async () => {
    const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini', 'qwen-plus'], apiKey: 'sk-channel-secret-1' });
    const saved = await setOverrides(channelId, [
      { target: 'BODY', op: 'REMOVE', path: '/service_tier' },
      { target: 'BODY', op: 'REMOVE', path: '/store' },
      { target: 'BODY', op: 'SET', path: '/reasoning_effort', value: '"high"', models: ['qwen-plus'] },
      { target: 'BODY', op: 'SET', path: '/metadata/route~1tag', value: '{"team":"a"}' },
      { target: 'HEADER', op: 'SET', path: 'X-Vendor-Region', value: 'eu-west' },
    ]);
    expect(expectTypename(saved, 'Channel').overrides).toHaveLength(5);
    await applied(channelId, 5);
    const openai = client(app, key);

    await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], service_tier: 'flex', store: true });
    const chunks = await collect(await openai.chat.completions.create({ model: 'qwen-plus', stream: true, messages: [{ role: 'user', content: 'hi' }], service_tier: 'flex' }));
    expect(chunks.length).toBeGreaterThan(0);

    const [json, stream] = upstream.requests.map((r) => ({ body: r.body as Record<string, unknown>, headers: r.headers }));
    expect(json!.body).not.toHaveProperty('service_tier');
    expect(json!.body).not.toHaveProperty('store');
    expect(json!.body).not.toHaveProperty('reasoning_effort');
    expect(json!.body.metadata).toEqual({ 'route/tag': { team: 'a' } });
    expect(json!.headers['x-vendor-region']).toBe('eu-west');
    expect(json!.headers.authorization).toBe('Bearer sk-channel-secret-1');

    expect(stream!.body).toMatchObject({ reasoning_effort: 'high', stream: true, stream_options: { include_usage: true } });
    expect(stream!.body).not.toHaveProperty('service_tier');
    expect(stream!.headers['x-vendor-region']).toBe('eu-west');
    await app.em().getConnection().execute(`update channels set status = 'DISABLED_MANUAL' where id = ?`, [channelId]);
    await app.server.services.changeBus.publish({ topic: 'channel' });
  });

  it('applies to requests passed through as bytes (Anthropic caller on an Anthropic channel)', async () => {
    const channelId = await createChannel(app, { baseUrl: upstream.url, protocol: 'ANTHROPIC', models: ['claude-haiku-4-5'], apiKey: 'sk-ant-channel-2' });
    await setOverrides(channelId, [
      { target: 'HEADER', op: 'SET', path: 'anthropic-beta', value: 'context-1m-2025-08-07' },
      { target: 'BODY', op: 'REMOVE', path: '/top_k' },
      { target: 'BODY', op: 'SET', path: '/metadata/user_id', value: '"operator-pinned"' },
    ]);
    await applied(channelId, 3);
    const res = await fetch(`${app.v1Url}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'claude-haiku-4-5', max_tokens: 64, top_k: 5, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    const sent = upstream.requests[0]!;
    expect(sent.headers['anthropic-beta']).toBe('context-1m-2025-08-07');
    expect(sent.headers['x-api-key']).toBe('sk-ant-channel-2');
    expect(sent.body).not.toHaveProperty('top_k');
    expect(sent.body).toMatchObject({ metadata: { user_id: 'operator-pinned' }, max_tokens: 64 });
    await app.em().getConnection().execute(`update channels set status = 'DISABLED_MANUAL' where id = ?`, [channelId]);
    await app.server.services.changeBus.publish({ topic: 'channel' });
  });
});

describe('refused on save', () => {
  let channelId: number;
  beforeAll(async () => {
    channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'], status: 'DISABLED_MANUAL' });
  });

  const cases: Array<[string, Rule, RegExp]> = [
    ['the Authorization header', { target: 'HEADER', op: 'SET', path: 'Authorization', value: 'Bearer other' }, /credentials/],
    ['x-api-key', { target: 'HEADER', op: 'REMOVE', path: 'x-api-key' }, /credentials/],
    ['x-goog-api-key', { target: 'HEADER', op: 'SET', path: 'x-goog-api-key', value: 'k' }, /credentials/],
    ['api-key (Azure)', { target: 'HEADER', op: 'SET', path: 'api-key', value: 'k' }, /credentials/],
    ['a vendor\'s own credential header', { target: 'HEADER', op: 'SET', path: 'X-Upstream-Token', value: 'k' }, /credentials/],
    ['a header value that starts another header', { target: 'HEADER', op: 'SET', path: 'x-region', value: 'eu\r\nauthorization: x' }, /printable/],
    ['a path that is not a JSON pointer', { target: 'BODY', op: 'SET', path: 'stream_options/include_usage', value: 'true' }, /JSON pointer/],
    ['a bad escape', { target: 'BODY', op: 'SET', path: '/a~2b', value: 'true' }, /JSON pointer/],
    ['the model', { target: 'BODY', op: 'SET', path: '/model', value: '"gpt-5"' }, /model mapping/],
    ['the usage report', { target: 'BODY', op: 'REMOVE', path: '/stream_options/include_usage' }, /billing/],
    ['a prototype member', { target: 'BODY', op: 'SET', path: '/__proto__/polluted', value: 'true' }, /prototype/],
    ['a value that is not JSON', { target: 'BODY', op: 'SET', path: '/reasoning_effort', value: 'high' }, /not valid JSON/],
    ['a model the channel does not serve', { target: 'BODY', op: 'REMOVE', path: '/store', models: ['qwen-plus'] }, /not one of this channel's models/],
  ];
  it.each(cases)('%s', async (_name, rule, message) => {
    const res = await setOverrides(channelId, [{ target: 'BODY', op: 'REMOVE', path: '/store' }, rule]);
    expect(res).toMatchObject({ __typename: 'InputValidationError', field: 'overrides[1]' });
    expect((res as { message: string }).message).toMatch(message);
    const now = await gqlData(app, ChannelOverridesDocument, { id: String(channelId) }, admin);
    expect(expectTypename(now.channel, 'Channel').overrides).toEqual([]);
  });

  it('a change of models may not orphan a rule', async () => {
    const both = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini', 'qwen-plus'], status: 'DISABLED_MANUAL' });
    await setOverrides(both, [{ target: 'BODY', op: 'REMOVE', path: '/store', models: ['qwen-plus'] }]);
    const res = await gqlData(app, SetChannelOverridesDocument, { id: String(both), overrides: [{ target: 'BODY', op: 'REMOVE', path: '/store', models: ['qwen-plus'] }], models: ['gpt-4o-mini'] }, admin);
    expect(res.updateChannel).toMatchObject({ __typename: 'InputValidationError', field: 'overrides[0]' });
  });
});

it('every change is in the channel\'s audit, with who made it and the overrides before and after', async () => {
  const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'], status: 'DISABLED_MANUAL' });
  await setOverrides(channelId, [{ target: 'BODY', op: 'REMOVE', path: '/store' }]);
  await setOverrides(channelId, [{ target: 'HEADER', op: 'SET', path: 'x-region', value: 'eu' }]);
  await setOverrides(channelId, [{ target: 'HEADER', op: 'SET', path: 'x-region', value: 'eu' }]); // no change: no row
  const res = await gqlData(app, ChannelOverridesDocument, { id: String(channelId) }, admin);
  const changes = expectTypename(res.channel, 'Channel').changes;
  expect(changes).toHaveLength(2);
  expect(changes[0]).toMatchObject({ fields: ['overrides'], actorEmail: 'admin@test.local' });
  expect(JSON.parse(changes[0]!.before)).toEqual({ overrides: [{ target: 'BODY', op: 'REMOVE', path: '/store', value: null, models: [] }] });
  expect(JSON.parse(changes[0]!.after)).toEqual({ overrides: [{ target: 'HEADER', op: 'SET', path: 'x-region', value: 'eu', models: [] }] });
});
