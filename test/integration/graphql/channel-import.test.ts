import { channelSecretContext } from '../../../src/lib/secret-box';
import { ChannelKey } from '../../../src/db/entities';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { parseCsv } from '../../../src/lib/csv';
import { ChannelsDocument, ImportChannelsDocument, UpdateChannelsByTagDocument } from '../../generated/graphql';
import { client, createToken, createUser, disableAllChannels } from '../../support/data-plane-fixtures';
import { adminSession, gqlData } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: string;
let upstream: FakeUpstream;

beforeAll(async () => {
  app = await startTestApp();
  upstream = await FakeUpstream.start();
  admin = await adminSession(app);
  await disableAllChannels(app);
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

const channelCount = async () => Number((await app.em().getConnection().execute<{ n: string }[]>('select count(*) as n from channels'))[0]!.n);
const keyCount = () => app.em().fork().count(ChannelKey, {});

it('imports 100 channels with 5 keys each from JSON, all sealed, and they serve traffic at once', async () => {
  const document = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({
    name: `pool-${i}`, protocol: 'OPENAI', baseUrl: upstream.openAIBaseUrl,
    keys: Array.from({ length: 5 }, (_, k) => `sk-pool-${i}-key-${k}-${String(i * 10 + k).padStart(4, '0')}`),
    models: ['gpt-4o-mini', 'deepseek-chat'], modelMapping: { 'gpt-4o-mini': 'gpt-4o-mini-2024-07-18' },
    groups: ['default'], priority: i % 2, weight: 1 + (i % 3), tags: ['bulk', i < 50 ? 'first-half' : 'second-half'],
  })));
  const before = await keyCount();
  const res = await gqlData(app, ImportChannelsDocument, { format: 'JSON', document }, admin);
  expect(res.importChannels.errors).toEqual([]);
  expect(res.importChannels.imported).toBe(100);
  const first = res.importChannels.channels[0]!;
  expect(first).toMatchObject({
    name: 'pool-0', protocol: 'OPENAI', baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini', 'deepseek-chat'],
    modelMapping: [{ model: 'gpt-4o-mini', upstreamModel: 'gpt-4o-mini-2024-07-18' }], groups: ['default'], tags: ['bulk', 'first-half'],
    priority: 0, weight: 1,
  });
  expect(first.keys.map((k) => k.last4)).toEqual(['0000', '0001', '0002', '0003', '0004']);
  expect(JSON.stringify(res)).not.toContain('sk-pool-');
  expect((await keyCount()) - before).toBe(500);
  const [sealed] = await app.em().getConnection().execute<{ secret_ciphertext: string; channel_id: number }[]>(
    'select secret_ciphertext, k.channel_id from channel_keys k join channels c on c.id = k.channel_id where c.name = ? order by k.id limit 1', ['pool-7'],
  );
  expect(sealed!.secret_ciphertext).not.toContain('sk-pool');
  expect(app.server.services.secretBox.open(sealed!.secret_ciphertext, channelSecretContext(sealed!.channel_id))).toBe('sk-pool-7-key-0-0070');

  const { key } = await createToken(app, await createUser(app, { freeQuota: 100_000_000n }));
  const answer = await client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
  expect(answer.choices[0]!.message.content).toBe('echo: hi');
  expect((upstream.requests[0]!.body as { model: string }).model).toBe('gpt-4o-mini-2024-07-18');
  expect(String(upstream.requests[0]!.headers.authorization)).toMatch(/^Bearer sk-pool-\d+-key-0-/);
});

it('imports CSV with | lists and model=upstream pairs, RFC 4180 quoting included', async () => {
  const document = [
    'name,protocol,baseUrl,keys,models,modelMapping,groups,priority,weight,tags',
    `"csv, one",OPENAI,https://api.example.com/v1,sk-a-1111|sk-b-2222,gpt-4o-mini|gpt-4o,gpt-4o=gpt-4o-2024-08-06,default,5,2,csv|"quoted"`,
    `csv-two,ANTHROPIC,https://api.anthropic.example,sk-ant-3333,claude-sonnet-4-20250514,,default,,,csv`,
  ].join('\r\n').replace('csv|"quoted"', '"csv|""q"""');
  const res = await gqlData(app, ImportChannelsDocument, { format: 'CSV', document }, admin);
  expect(res.importChannels.errors).toEqual([]);
  expect(res.importChannels.channels.map((c) => ({ ...c, id: undefined }))).toEqual([
    {
      id: undefined, name: 'csv, one', protocol: 'OPENAI', baseUrl: 'https://api.example.com/v1', models: ['gpt-4o-mini', 'gpt-4o'],
      modelMapping: [{ model: 'gpt-4o', upstreamModel: 'gpt-4o-2024-08-06' }], groups: ['default'], tags: ['csv', '"q"'], priority: 5, weight: 2,
      keys: [{ last4: '1111', status: 'ENABLED' }, { last4: '2222', status: 'ENABLED' }],
    },
    {
      id: undefined, name: 'csv-two', protocol: 'ANTHROPIC', baseUrl: 'https://api.anthropic.example', models: ['claude-sonnet-4-20250514'],
      modelMapping: [], groups: ['default'], tags: ['csv'], priority: 0, weight: 1, keys: [{ last4: '3333', status: 'ENABLED' }],
    },
  ]);
});

it('a document with bad rows imports nothing and names every bad row and field', async () => {
  const before = await channelCount();
  const keysBefore = await keyCount();
  const rows = Array.from({ length: 10 }, (_, i) => ({ name: `ok-${i}`, protocol: 'OPENAI', baseUrl: 'https://api.example.com/v1', keys: ['sk-1'], models: ['gpt-4o-mini'] }));
  rows[3] = { ...rows[3]!, name: 'bad-three', models: ['no-such-model'], baseUrl: 'ftp://x' };
  (rows[7] as Record<string, unknown>).weight = -2;
  (rows[8] as Record<string, unknown>).protocol = 'SMTP';
  const res = await gqlData(app, ImportChannelsDocument, { format: 'JSON', document: JSON.stringify(rows) }, admin);
  expect(res.importChannels.imported).toBe(0);
  expect(res.importChannels.channels).toEqual([]);
  const errors = res.importChannels.errors;
  expect(errors.map((e) => [e.row, e.name])).toEqual([[4, 'bad-three'], [8, 'ok-7'], [9, 'ok-8']]);
  expect(errors[0]!.errors.map((e) => e.field).sort()).toEqual(['baseUrl', 'models']);
  expect(errors[0]!.errors.find((e) => e.field === 'models')!.message).toMatch(/no-such-model/);
  expect(errors[1]!.errors).toEqual([{ field: 'weight', message: expect.stringMatching(/0 to/) }]);
  expect(errors[2]!.errors[0]!.field).toBe('protocol');
  expect(await channelCount()).toBe(before);
  expect(await keyCount()).toBe(keysBefore);

  const csv = 'name,protocol,baseUrl,keys,models,colour\nfine,OPENAI,https://a.example/v1,sk-1,gpt-4o-mini,\nx,OPENAI,https://a.example/v1,sk-1,gpt-4o-mini,red\n';
  const csvRes = await gqlData(app, ImportChannelsDocument, { format: 'CSV', document: csv }, admin);
  expect(csvRes.importChannels.errors).toEqual([{ row: 2, name: 'x', errors: [{ field: 'colour', message: expect.any(String) }] }]);
  const notJson = await gqlData(app, ImportChannelsDocument, { format: 'JSON', document: '{"name":' }, admin);
  expect(notJson.importChannels.errors[0]).toMatchObject({ row: 0, errors: [{ field: 'document' }] });
  expect(await channelCount()).toBe(before);
});

it('enables, disables and sets priority or weight for every channel with a tag', async () => {
  const disabled = await gqlData(app, UpdateChannelsByTagDocument, { tag: 'first-half', input: { status: 'DISABLED_MANUAL' } }, admin);
  expect(disabled.updateChannelsByTag).toEqual({ __typename: 'UpdateChannelsByTagSuccess', data: 50 });
  const listed = await gqlData(app, ChannelsDocument, { first: 100, filter: { tag: 'first-half' } }, admin);
  expect(listed.channels.edges).toHaveLength(50);
  expect(new Set(listed.channels.edges.map((e) => e.node.status))).toEqual(new Set(['DISABLED_MANUAL']));
  const tuned = await gqlData(app, UpdateChannelsByTagDocument, { tag: 'bulk', input: { priority: 7, weight: 9 } }, admin);
  expect(tuned.updateChannelsByTag).toMatchObject({ data: 100 });
  const second = await gqlData(app, ChannelsDocument, { first: 100, filter: { tag: 'second-half' } }, admin);
  expect(second.channels.edges.every((e) => e.node.priority === 7 && e.node.weight === 9 && e.node.status === 'ENABLED')).toBe(true);
  const enabled = await gqlData(app, UpdateChannelsByTagDocument, { tag: 'first-half', input: { status: 'ENABLED' } }, admin);
  expect(enabled.updateChannelsByTag).toMatchObject({ data: 50 });
  const bad = await gqlData(app, UpdateChannelsByTagDocument, { tag: 'bulk', input: { weight: -1 } }, admin);
  expect(bad.updateChannelsByTag).toMatchObject({ __typename: 'InputValidationError', field: 'weight' });
  const none = await gqlData(app, UpdateChannelsByTagDocument, { tag: 'no-such-tag', input: { status: 'ENABLED' } }, admin);
  expect(none.updateChannelsByTag).toMatchObject({ data: 0 });
});

it('parses RFC 4180 CSV', () => {
  expect(parseCsv('a,"b,c","d""e"\r\n"multi\nline",,x\n')).toEqual([['a', 'b,c', 'd"e'], ['multi\nline', '', 'x']]);
});
