import { anthropicErrorBody } from '../../../src/demo/fake-upstream/anthropic-wire';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels, rawChat, sleep } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';
import { expectNothingCharged } from '../../support/vendor-fixtures';

// An adapter may refuse to translate a request its protocol cannot carry (a 400 before anything
// is sent). That refusal must end the request like an upstream 400 - hold released, attempt
// logged - and must not cost the channel its half-open probe, or its breaker would stay shut.

const HAIKU = 'claude-3-5-haiku-20241022';
const START = 1_000_000n;
const unsendable = [
  { role: 'system', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] },
  { role: 'user', content: 'hi' },
];

let app: TestApp;
let upstream: FakeUpstream;

beforeAll(async () => {
  app = await startTestApp({ BREAKER_FAILURES: '1', BREAKER_COOLDOWN_MS: '300' });
  upstream = await FakeUpstream.start();
  await disableAllChannels(app);
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

it('a refused request leaves a half-open breaker its probe, and releases the hold', async () => {
  const userId = await createUser(app, { freeQuota: START });
  const { key } = await createToken(app, userId);
  const channelId = await createChannel(app, { baseUrl: upstream.url, protocol: 'ANTHROPIC', models: [HAIKU] });
  const sdk = client(app, key);

  upstream.next({ status: 500, errorBody: anthropicErrorBody('api_error', 'Internal server error') });
  await expect(sdk.chat.completions.create({ model: HAIKU, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 502 });
  expect(app.server.services.breakers.health(channelId).state).toBe('OPEN');
  await sleep(350); // cooldown over: the next request through is the probe

  const refused = await rawChat(app, key, { model: HAIKU, messages: unsendable });
  expect(refused.status).toBe(400);
  expect(upstream.requests).toHaveLength(1);
  expect(app.server.services.breakers.health(channelId).state).toBe('HALF_OPEN');

  const probe = await sdk.chat.completions.create({ model: HAIKU, messages: [{ role: 'user', content: 'hi' }] });
  expect(probe.choices[0]!.message.content).toBe('echo: hi');
  expect(app.server.services.breakers.health(channelId).state).toBe('CLOSED');
  expect((await rawChat(app, key, { model: HAIKU, messages: unsendable, stream: true })).status).toBe(400);
  // Only the probe was charged: the failed and the refused requests left nothing behind.
  const charged = await app.em().getConnection().execute<Array<{ n: string }>>(
    `select count(*) as n from ledger_entries where user_id = ? and kind = 'USAGE_CHARGE'`,
    [userId],
  );
  expect(charged[0]!.n).toBe('1');
});

it('a refusal is charged nothing', async () => {
  const userId = await createUser(app, { freeQuota: START });
  const { key } = await createToken(app, userId);
  await createChannel(app, { baseUrl: upstream.url, protocol: 'ANTHROPIC', models: [HAIKU] });
  expect((await rawChat(app, key, { model: HAIKU, messages: unsendable })).status).toBe(400);
  expect((await rawChat(app, key, { model: HAIKU, messages: unsendable, stream: true })).status).toBe(400);
  await expectNothingCharged(app, userId, START);
});
