import { ChannelDocument, DisableChannelKeyDocument, EnableChannelKeyDocument } from '../../generated/graphql';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels, eventually, usageLogs } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let upstream: FakeUpstream;
let admin: string;
let key: string;
let userId: number;

beforeAll(async () => {
  app = await startTestApp({ MAX_ATTEMPTS: '1' });
  upstream = await FakeUpstream.start();
  admin = await adminSession(app);
  await disableAllChannels(app);
  userId = await createUser(app, { freeQuota: 100_000_000n });
  ({ key } = await createToken(app, userId));
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.reset();
  upstream.refusedKeys.clear();
});

const ask = (model: string) => client(app, key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
const keysSent = () => upstream.requests.map((r) => String(r.headers.authorization).replace('Bearer ', ''));
const keysOf = async (channelId: number) => {
  const res = await gqlData(app, ChannelDocument, { id: String(channelId) }, admin);
  return expectTypename(res.channel, 'Channel');
};

it('spreads requests round robin over the enabled keys and counts each key', async () => {
  const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'], apiKeys: ['sk-a-0001', 'sk-b-0002', 'sk-c-0003'] });
  for (let i = 0; i < 6; i++) await ask('gpt-4o-mini');
  expect(keysSent()).toEqual(['sk-a-0001', 'sk-b-0002', 'sk-c-0003', 'sk-a-0001', 'sk-b-0002', 'sk-c-0003']);
  await app.server.services.channelKeys.flushUses();
  const channel = await keysOf(channelId);
  expect(channel.keys.map((k) => [k.last4, k.status, k.usedCount])).toEqual([['0001', 'ENABLED', '2'], ['0002', 'ENABLED', '2'], ['0003', 'ENABLED', '2']]);
  expect(channel.status).toBe('ENABLED');
  await app.em().getConnection().execute(`update channels set status = 'DISABLED_MANUAL' where id = ?`, [channelId]);
  await app.server.services.changeBus.publish({ topic: 'channel' });
});

it('a key the vendor refuses is disabled and the request goes on with another key of the same channel, unseen by the caller', async () => {
  const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['qwen-plus'], apiKeys: ['sk-good-1111', 'sk-dead-2222', 'sk-good-3333'] });
  upstream.refusedKeys.add('sk-dead-2222');
  const answers = [];
  for (let i = 0; i < 6; i++) answers.push(await ask('qwen-plus'));
  expect(answers.every((a) => a.choices[0]!.message.content === 'echo: hi')).toBe(true);
  // The refused key is tried once, then never again.
  expect(keysSent().filter((k) => k === 'sk-dead-2222')).toHaveLength(1);
  expect(new Set(keysSent().slice(-4))).toEqual(new Set(['sk-good-1111', 'sk-good-3333']));

  await eventually(async () => (await keysOf(channelId)).keys[1]!.status === 'DISABLED_AUTO');
  const channel = await keysOf(channelId);
  expect(channel.status).toBe('ENABLED');
  const dead = channel.keys[1]!;
  expect(dead).toMatchObject({ last4: '2222', status: 'DISABLED_AUTO' });
  expect(dead.disabledReason).toMatch(/401/);
  expect(dead.disabledAt).not.toBeNull();
  expect(dead.lastError).toMatch(/Incorrect API key/);
  expect(JSON.stringify(channel)).not.toContain('sk-dead-2222');
  // Every request succeeded on its first channel attempt from the caller's view; the usage log shows both tries of the one that met the dead key.
  const rows = await usageLogs(app, { userId });
  expect(rows.filter((r) => r.channelId === channelId && r.httpStatus === 200)).toHaveLength(6);

  // Re-enabled by an admin, it is used again.
  upstream.refusedKeys.clear();
  const enabled = await gqlData(app, EnableChannelKeyDocument, { id: dead.id }, admin);
  expect(enabled.enableChannelKey).toMatchObject({ status: 'ENABLED', disabledReason: null });
  upstream.reset();
  for (let i = 0; i < 3; i++) await ask('qwen-plus');
  expect(keysSent()).toContain('sk-dead-2222');

  // Disabled by hand: out of rotation with the admin's reason.
  const disabled = await gqlData(app, DisableChannelKeyDocument, { id: dead.id, reason: 'rotating' }, admin);
  expect(disabled.disableChannelKey).toMatchObject({ status: 'DISABLED_MANUAL', disabledReason: 'rotating' });
  upstream.reset();
  for (let i = 0; i < 4; i++) await ask('qwen-plus');
  expect(keysSent()).not.toContain('sk-dead-2222');
  await app.em().getConnection().execute(`update channels set status = 'DISABLED_MANUAL' where id = ?`, [channelId]);
  await app.server.services.changeBus.publish({ topic: 'channel' });
});

it('the channel is unavailable only when no key is left', async () => {
  const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['deepseek-chat'], apiKeys: ['sk-x-0001', 'sk-y-0002'] });
  upstream.refusedKeys.add('sk-x-0001').add('sk-y-0002');
  await expect(ask('deepseek-chat')).rejects.toMatchObject({ status: 502 });
  expect(keysSent().sort()).toEqual(['sk-x-0001', 'sk-y-0002']);
  await eventually(async () => (await keysOf(channelId)).status === 'DISABLED_AUTO');
  const channel = await keysOf(channelId);
  expect(channel.keys.map((k) => k.status)).toEqual(['DISABLED_AUTO', 'DISABLED_AUTO']);
  expect(channel.statusReason).toMatch(/every key was refused/);
  upstream.reset();
  await expect(ask('deepseek-chat')).rejects.toMatchObject({ status: 503 });
  expect(upstream.requests).toHaveLength(0);
});
