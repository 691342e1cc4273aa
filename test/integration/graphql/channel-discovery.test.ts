import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { AddDiscoveredModelsDocument, CreateChannelDocument, DiscoverChannelModelsDocument, type CreateChannelMutationVariables } from '../../generated/graphql';
import { client, createToken, createUser, disableAllChannels } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: string;
let upstream: FakeUpstream;
const KEY = 'sk-discovery-key-1234';

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
beforeEach(() => upstream.reset());

async function channel(input: Partial<CreateChannelMutationVariables['input']>): Promise<string> {
  const res = await gqlData(app, CreateChannelDocument, { input: { name: 'discover', protocol: 'OPENAI', baseUrl: upstream.openAIBaseUrl, keys: [KEY], groups: ['default'], ...input } }, admin);
  return expectTypename(res.createChannel, 'Channel').id;
}
async function discover(channelId: string) {
  const res = (await gqlData(app, DiscoverChannelModelsDocument, { channelId }, admin)).discoverChannelModels;
  return expectTypename(res, 'ChannelModelDiscovery').models;
}

it('lists an OpenAI upstream /v1/models beside what the channel serves and the catalogue knows', async () => {
  const id = await channel({ models: ['gpt-4o-mini', 'gpt-4o'], modelMapping: [{ model: 'gpt-4o', upstreamModel: 'gpt-4o-2024-08-06' }] });
  upstream.setDefault({ models: ['gpt-4o-mini', 'gpt-4o-2024-08-06', 'gpt-9-preview', 'deepseek-chat'] });
  expect(await discover(id)).toEqual([
    { modelId: 'deepseek-chat', servedByChannel: false, inCatalogue: true },
    { modelId: 'gpt-4o-2024-08-06', servedByChannel: true, inCatalogue: false },
    { modelId: 'gpt-4o-mini', servedByChannel: true, inCatalogue: true },
    { modelId: 'gpt-9-preview', servedByChannel: false, inCatalogue: false },
  ]);
  expect(upstream.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
  expect(upstream.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
});

it("lists Anthropic's models (paged by after_id) and Gemini's (models/ prefix removed)", async () => {
  const anthropic = await channel({ protocol: 'ANTHROPIC', baseUrl: upstream.url, models: ['claude-sonnet-4-20250514'] });
  upstream.setDefault({ models: ['claude-sonnet-4-20250514', 'claude-new-5'] });
  expect(await discover(anthropic)).toEqual([
    { modelId: 'claude-new-5', servedByChannel: false, inCatalogue: false },
    { modelId: 'claude-sonnet-4-20250514', servedByChannel: true, inCatalogue: true },
  ]);
  expect(upstream.requests[0]!.headers).toMatchObject({ 'x-api-key': KEY, 'anthropic-version': expect.any(String) });

  upstream.reset();
  const gemini = await channel({ protocol: 'GEMINI', baseUrl: upstream.url, models: ['gemini-2.5-flash'] });
  upstream.setDefault({ models: ['gemini-2.5-flash', 'gemini-9-flash-lite'] });
  expect(await discover(gemini)).toEqual([
    { modelId: 'gemini-2.5-flash', servedByChannel: true, inCatalogue: true },
    { modelId: 'gemini-9-flash-lite', servedByChannel: false, inCatalogue: false },
  ]);
  expect(upstream.requests[0]!.path).toMatch(/^\/v1beta\/models\?/);
  expect(upstream.requests[0]!.headers['x-goog-api-key']).toBe(KEY);
});

it('adds unknown models to the catalogue with a price and serves them at once, all or nothing', async () => {
  const id = await channel({ models: ['gpt-4o-mini'] });
  const bad = await gqlData(app, AddDiscoveredModelsDocument, {
    channelId: id,
    models: [
      { modelId: 'gpt-9-preview', vendor: 'openai', series: 'gpt-9', type: 'CHAT', tier: 'FREE', inputPrice: '1000000', outputPrice: '4000000' },
      { modelId: 'gpt-4o-mini', vendor: 'openai', series: 'gpt-4o', type: 'CHAT', tier: 'FREE' },
    ],
  }, admin);
  expect(bad.addDiscoveredModels).toMatchObject({ __typename: 'InputValidationError', message: expect.stringContaining('gpt-4o-mini') });
  upstream.setDefault({ models: ['gpt-4o-mini', 'gpt-9-preview'] });
  expect((await discover(id)).find((m) => m.modelId === 'gpt-9-preview')).toMatchObject({ inCatalogue: false });

  const added = await gqlData(app, AddDiscoveredModelsDocument, {
    channelId: id,
    models: [{ modelId: 'gpt-9-preview', vendor: 'openai', series: 'gpt-9', type: 'CHAT', tier: 'FREE', inputPrice: '1000000', outputPrice: '4000000' }],
  }, admin);
  expect(expectTypename(added.addDiscoveredModels, 'Channel').models).toEqual(['gpt-4o-mini', 'gpt-9-preview']);
  expect((await discover(id)).find((m) => m.modelId === 'gpt-9-preview')).toEqual({ modelId: 'gpt-9-preview', servedByChannel: true, inCatalogue: true });

  upstream.reset();
  const { key } = await createToken(app, await createUser(app, { freeQuota: 100_000_000n }));
  const answer = await client(app, key).chat.completions.create({ model: 'gpt-9-preview', messages: [{ role: 'user', content: 'hi' }] });
  expect(answer.model).toBe('gpt-9-preview');
});

it("reports an upstream's refusal without echoing the key", async () => {
  const id = await channel({ models: ['gpt-4o-mini'] });
  upstream.refusedKeys.add(KEY);
  const res = (await gqlData(app, DiscoverChannelModelsDocument, { channelId: id }, admin)).discoverChannelModels;
  expect(res).toMatchObject({ __typename: 'InputValidationError', message: expect.stringContaining('HTTP 401') });
  expect(JSON.stringify(res)).not.toContain(KEY);
  upstream.refusedKeys.clear();
  expect((await gqlData(app, DiscoverChannelModelsDocument, { channelId: '999999' }, admin)).discoverChannelModels.__typename).toBe('NotFoundError');
});
