import { channelSecretContext } from '../../../src/lib/secret-box';
import { ChannelKey } from '../../../src/db/entities';
import type { ChangeEvent } from '../../../src/lib/change-bus';
import {
  ChannelDocument, ChannelsDocument, CreateChannelDocument, DisableChannelDocument, EnableChannelDocument,
  UpdateChannelDocument, type CreateChannelMutationVariables,
} from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: string;
const events: ChangeEvent[] = [];
const SECRET = 'sk-upstream-secret-value-9f3a';

beforeAll(async () => {
  app = await startTestApp();
  admin = await adminSession(app);
  app.server.services.changeBus.subscribe((e) => events.push(e));
});
afterAll(() => app.close());

const input = (over: Partial<CreateChannelMutationVariables['input']> = {}): CreateChannelMutationVariables['input'] => ({
  name: 'openai-main', protocol: 'OPENAI', baseUrl: 'https://api.example.com/v1/', secretKey: SECRET,
  models: ['gpt-4o-mini', 'gpt-4o'], modelMapping: [{ model: 'gpt-4o', upstreamModel: 'gpt-4o-2024-08-06' }],
  groups: ['default'], priority: 10, weight: 3, ...over,
});

it('creates a channel with its secret sealed at rest and never returned', async () => {
  const res = await gql(app, CreateChannelDocument, { input: input() }, admin);
  const channel = expectTypename(res.data!.createChannel, 'Channel');
  expect(channel).toMatchObject({
    name: 'openai-main', protocol: 'OPENAI', baseUrl: 'https://api.example.com/v1', hasSecret: true, secretLast4: '9f3a',
    models: ['gpt-4o-mini', 'gpt-4o'], modelMapping: [{ model: 'gpt-4o', upstreamModel: 'gpt-4o-2024-08-06' }],
    groups: ['default'], priority: 10, weight: 3, status: 'ENABLED', statusReason: null, lastTestAt: null,
  });
  expect(JSON.stringify(res)).not.toContain(SECRET);
  expect(channel.keys).toEqual([expect.objectContaining({ last4: '9f3a', status: 'ENABLED', usedCount: '0', disabledReason: null })]);
  const [row] = await app.em().getConnection().execute<{ secret_ciphertext: string }[]>('select secret_ciphertext from channel_keys where channel_id = ?', [Number(channel.id)]);
  expect(row!.secret_ciphertext).not.toContain(SECRET);
  expect(app.server.services.secretBox.open(row!.secret_ciphertext, channelSecretContext(Number(channel.id)))).toBe(SECRET);
  expect(events).toContainEqual({ topic: 'channel', id: channel.id });

  const listed = await gql(app, ChannelsDocument, {}, admin);
  expect(JSON.stringify(listed)).not.toContain(SECRET);
});

it('validates protocol, URL, models, groups, mapping and numbers', async () => {
  const cases: Array<[Partial<CreateChannelMutationVariables['input']>, string]> = [
    [{ baseUrl: 'ftp://example.com' }, 'baseUrl'],
    [{ baseUrl: 'not a url' }, 'baseUrl'],
    [{ baseUrl: 'https://user:pass@example.com/v1' }, 'baseUrl'],
    [{ models: ['no-such-model'] }, 'models'],
    [{ groups: ['no-such-group'] }, 'groups'],
    [{ modelMapping: [{ model: 'claude-sonnet-4-20250514', upstreamModel: 'x' }] }, 'modelMapping'],
    [{ weight: -1 }, 'weight'],
    [{ name: ' ' }, 'name'],
  ];
  for (const [over, field] of cases) {
    const res = await gqlData(app, CreateChannelDocument, { input: input(over) }, admin);
    expect(res.createChannel).toMatchObject({ __typename: 'InputValidationError', field });
  }
  const badEnum = await gql(app, CreateChannelDocument, { input: input({ protocol: 'SMTP' as 'OPENAI' }) }, admin);
  expect(badEnum.errors?.[0]?.message).toMatch(/SMTP/);
});

it('updates settings, replaces or removes the secret, and drops mappings for models no longer served', async () => {
  const created = expectTypename((await gqlData(app, CreateChannelDocument, { input: input({ name: 'to-edit' }) }, admin)).createChannel, 'Channel');
  const updated = await gqlData(app, UpdateChannelDocument, {
    id: created.id, input: { models: ['gpt-4o-mini'], secretKey: 'new-secret-abcd', priority: 1, totalTimeoutMs: 60000 },
  }, admin);
  expect(expectTypename(updated.updateChannel, 'Channel')).toMatchObject({
    models: ['gpt-4o-mini'], modelMapping: [], secretLast4: 'abcd', priority: 1, totalTimeoutMs: 60000, baseUrl: 'https://api.example.com/v1',
  });
  const removed = await gqlData(app, UpdateChannelDocument, { id: created.id, input: { secretKey: null } }, admin);
  expect(expectTypename(removed.updateChannel, 'Channel')).toMatchObject({ hasSecret: false, secretLast4: null });
  expect(expectTypename(removed.updateChannel, 'Channel').keys).toEqual([]);
  const stored = await app.em().count(ChannelKey, { channel: Number(created.id) });
  expect(stored).toBe(0);
  const missing = await gqlData(app, UpdateChannelDocument, { id: '999999', input: { priority: 1 } }, admin);
  expect(missing.updateChannel.__typename).toBe('NotFoundError');
});

it('disables by hand with a reason and enables again', async () => {
  const created = expectTypename((await gqlData(app, CreateChannelDocument, { input: input({ name: 'flaky' }) }, admin)).createChannel, 'Channel');
  events.length = 0;
  const disabled = await gqlData(app, DisableChannelDocument, { id: created.id, reason: 'upstream maintenance' }, admin);
  expect(disabled.disableChannel).toMatchObject({ status: 'DISABLED_MANUAL', statusReason: 'upstream maintenance' });
  const enabled = await gqlData(app, EnableChannelDocument, { id: created.id }, admin);
  expect(enabled.enableChannel).toMatchObject({ status: 'ENABLED', statusReason: null });
  expect(events).toEqual([{ topic: 'channel', id: created.id }, { topic: 'channel', id: created.id }]);
  const one = await gqlData(app, ChannelDocument, { id: created.id }, admin);
  expect(expectTypename(one.channel, 'Channel').name).toBe('flaky');
});

it('lists channels with filters', async () => {
  await gqlData(app, CreateChannelDocument, { input: input({ name: 'claude-pool', protocol: 'ANTHROPIC', models: ['claude-sonnet-4-20250514'], modelMapping: [] }) }, admin);
  const byModel = await gqlData(app, ChannelsDocument, { filter: { model: 'claude-sonnet-4-20250514' } }, admin);
  expect(byModel.channels.edges.map((e) => e.node.name)).toEqual(['claude-pool']);
  const byProtocol = await gqlData(app, ChannelsDocument, { filter: { protocol: 'ANTHROPIC', group: 'default' } }, admin);
  expect(byProtocol.channels.edges.map((e) => e.node.name)).toEqual(['claude-pool']);
  const byName = await gqlData(app, ChannelsDocument, { filter: { nameContains: 'OPENAI' } }, admin);
  expect(byName.channels.edges.map((e) => e.node.name)).toEqual(['openai-main']);
  const disabled = await gqlData(app, ChannelsDocument, { filter: { status: 'DISABLED_MANUAL' } }, admin);
  expect(disabled.channels.edges).toEqual([]);
});

it('is for admins only', async () => {
  const user = await signUp(app, 'nosy@channels.test');
  for (const session of [undefined, user.session]) {
    expect((await gql(app, ChannelsDocument, {}, session)).errors?.[0]?.message).toMatch(/Not authorized/);
    expect((await gql(app, CreateChannelDocument, { input: input() }, session)).errors?.[0]?.message).toMatch(/Not authorized/);
  }
});
