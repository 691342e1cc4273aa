import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Channel } from '../../../src/db/entities';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { ChannelDocument, DisableChannelKeyDocument } from '../../generated/graphql';
import { client, createChannel, createToken, createUser, disableAllChannels, eventually, sleep } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// Channel operations as an operator sees them: the alert webhook (a real HTTP server here) gets
// exactly one call per incident, and the health probe puts a recovered channel back.

const BREAKER_ALERT_AFTER_MS = 300;
let app: TestApp;
let webhook: Server;
const alerts: Array<Record<string, unknown>> = [];
let good: FakeUpstream;
let flaky: FakeUpstream;
let key: string;
let admin: string;

beforeAll(async () => {
  webhook = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      alerts.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({
    ALERT_WEBHOOK_URL: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/alerts`,
    BREAKER_ALERT_AFTER_MS: String(BREAKER_ALERT_AFTER_MS),
    BREAKER_FAILURES: '2',
    BREAKER_COOLDOWN_MS: '60000',
    CHANNEL_PROBE_INTERVAL_MS: '0',
  });
  good = await FakeUpstream.start();
  flaky = await FakeUpstream.start();
  await disableAllChannels(app);
  const userId = await createUser(app, { freeQuota: 100_000_000n });
  ({ key } = await createToken(app, userId));
  admin = await adminSession(app);
});
afterAll(async () => {
  await app?.close();
  await good?.close();
  await flaky?.close();
  webhook?.close();
});
beforeEach(() => {
  flaky.reset();
  good.reset();
  flaky.refusedKeys.clear();
});

const ask = (model: string) => client(app, key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
const keysSentTo = (upstream: FakeUpstream) => upstream.requests.map((r) => String(r.headers.authorization).replace('Bearer ', ''));
const channelSeen = async (id: number) => expectTypename((await gqlData(app, ChannelDocument, { id: String(id) }, admin)).channel, 'Channel');
const alertsFor = (event: string, channelId: number) => alerts.filter((a) => a.event === event && a.channelId === channelId);

it('a channel disabled for a refused key: one alert, and the probe re-enables it once the upstream answers again', async () => {
  const refused = await createChannel(app, { baseUrl: flaky.openAIBaseUrl, models: ['gpt-4o-mini'], priority: 10 });
  await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['gpt-4o-mini'], priority: 0 });
  flaky.setDefault({ status: 401, errorBody: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } });
  await ask('gpt-4o-mini');
  await eventually(async () => (await app.em().findOneOrFail(Channel, { id: refused })).status === 'DISABLED_AUTO');
  await ask('gpt-4o-mini');
  await eventually(() => alertsFor('channel_disabled', refused).length === 1);
  await sleep(300);
  expect(alertsFor('channel_disabled', refused)).toHaveLength(1);
  expect(alertsFor('channel_disabled', refused)[0]).toMatchObject({ channelId: refused, at: expect.any(String), instance: expect.any(String) });

  // Still refusing: the probe leaves it disabled.
  await app.server.services.channelProber.probeAll();
  expect((await app.em().findOneOrFail(Channel, { id: refused })).status).toBe('DISABLED_AUTO');

  flaky.setDefault({});
  await app.server.services.channelProber.probeAll();
  expect((await app.em().findOneOrFail(Channel, { id: refused })).status).toBe('ENABLED');
  const before = flaky.requests.length;
  await eventually(async () => {
    await ask('gpt-4o-mini');
    return flaky.requests.length > before;
  });
});

it('a breaker open past BREAKER_ALERT_AFTER_MS: exactly one alert; the probe closes it when the upstream recovers', async () => {
  const tripped = await createChannel(app, { baseUrl: flaky.openAIBaseUrl, models: ['deepseek-chat'], priority: 10 });
  await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['deepseek-chat'], priority: 0 });
  flaky.setDefault({ status: 503 });
  await ask('deepseek-chat');
  await ask('deepseek-chat');
  expect(app.server.services.breakers.health(tripped).state).toBe('OPEN');
  await eventually(() => alertsFor('channel_breaker_open', tripped).length === 1);
  await sleep(BREAKER_ALERT_AFTER_MS * 2);
  expect(alertsFor('channel_breaker_open', tripped)).toHaveLength(1);

  flaky.setDefault({});
  await app.server.services.channelProber.probeAll();
  expect(app.server.services.breakers.health(tripped).state).toBe('CLOSED');
});

it('the probe tries each automatically disabled key with that key: exactly the keys that answer come back, with the channel; a key disabled by hand stays out', async () => {
  const keys = ['sk-one-0001', 'sk-two-0002', 'sk-three-0003', 'sk-four-0004'];
  const channelId = await createChannel(app, { baseUrl: flaky.openAIBaseUrl, models: ['qwen-plus'], priority: 10, apiKeys: keys });
  await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['qwen-plus'], priority: 0 });
  const manual = (await channelSeen(channelId)).keys[3]!;
  expectTypename((await gqlData(app, DisableChannelKeyDocument, { id: manual.id, reason: 'rotating' }, admin)).disableChannelKey, 'ChannelKey');

  // The vendor revokes the three keys in use: one request meets all three, and the caller is served by the other channel.
  for (const k of keys.slice(0, 3)) flaky.refusedKeys.add(k);
  await eventually(async () => {
    await ask('qwen-plus');
    return keysSentTo(flaky).length >= 3;
  });
  await eventually(async () => (await channelSeen(channelId)).status === 'DISABLED_AUTO');
  await eventually(async () => (await channelSeen(channelId)).keys.every((k) => k.status !== 'ENABLED'));

  // The upstream failing as a whole (503): one probe tells that, its other keys wait for the next round.
  flaky.reset().setDefault({ status: 503 });
  flaky.refusedKeys.clear();
  await app.server.services.channelProber.probeAll();
  expect(flaky.requests).toHaveLength(1);
  expect((await channelSeen(channelId)).keys.map((k) => k.status)).toEqual(['DISABLED_AUTO', 'DISABLED_AUTO', 'DISABLED_AUTO', 'DISABLED_MANUAL']);
  expect((await channelSeen(channelId)).status).toBe('DISABLED_AUTO');

  // Keys 1 and 3 are good again (the vendor lifted the block); key 2 stays revoked.
  flaky.refusedKeys.add('sk-two-0002');
  flaky.reset();
  await app.server.services.channelProber.probeAll();
  // One probe with each automatically disabled key; never one with the key an admin took out.
  expect(keysSentTo(flaky).sort()).toEqual(['sk-one-0001', 'sk-three-0003', 'sk-two-0002']);

  const channel = await channelSeen(channelId);
  expect(channel.status).toBe('ENABLED');
  expect(channel.statusReason).toBeNull();
  // Its last test is the answer that brought it back, not the refusal of key 2.
  expect(channel.lastTestOk).toBe(true);
  expect(channel.keys.map((k) => [k.last4, k.status])).toEqual([['0001', 'ENABLED'], ['0002', 'DISABLED_AUTO'], ['0003', 'ENABLED'], ['0004', 'DISABLED_MANUAL']]);
  expect(channel.keys[0]).toMatchObject({ disabledReason: null, disabledAt: null });
  expect(channel.keys[1]!.disabledReason).toMatch(/refused the key \(HTTP 401\)/);
  expect(channel.keys[1]!.disabledAt).not.toBeNull();
  expect(channel.keys[3]).toMatchObject({ disabledReason: 'rotating' });

  // A second round (another instance probing too) changes nothing.
  await app.server.services.channelProber.probeAll();
  expect((await channelSeen(channelId)).keys.map((k) => k.status)).toEqual(['ENABLED', 'DISABLED_AUTO', 'ENABLED', 'DISABLED_MANUAL']);

  // Traffic spreads over keys 1 and 3 only.
  flaky.reset();
  await eventually(async () => {
    await ask('qwen-plus');
    return flaky.requests.length > 0;
  });
  for (let i = 0; i < 6; i++) await ask('qwen-plus');
  expect(new Set(keysSentTo(flaky))).toEqual(new Set(['sk-one-0001', 'sk-three-0003']));
});

it('a key disabled automatically on a channel other keys kept alive is probed too, and comes back once the vendor takes it again', async () => {
  const channelId = await createChannel(app, { baseUrl: flaky.openAIBaseUrl, models: ['deepseek-reasoner'], priority: 10, apiKeys: ['sk-live-1111', 'sk-dead-2222'] });
  flaky.refusedKeys.add('sk-dead-2222');
  await ask('deepseek-reasoner');
  await ask('deepseek-reasoner');
  await eventually(async () => (await channelSeen(channelId)).keys[1]!.status === 'DISABLED_AUTO');
  expect((await channelSeen(channelId)).status).toBe('ENABLED');

  // Still refused: stays out, and the probe does not mark the healthy channel as failing its test.
  await app.server.services.channelProber.probeAll();
  let channel = await channelSeen(channelId);
  expect(channel.keys.map((k) => k.status)).toEqual(['ENABLED', 'DISABLED_AUTO']);
  expect(channel.status).toBe('ENABLED');
  expect(channel.lastTestOk).toBeNull();

  // Two probers at once (two instances): each put-back is a conditional UPDATE, so the outcome is the same.
  flaky.refusedKeys.clear();
  await Promise.all([app.server.services.channelProber.probeAll(), app.server.services.channelProber.probeAll()]);
  channel = await channelSeen(channelId);
  expect(channel.keys.map((k) => k.status)).toEqual(['ENABLED', 'ENABLED']);
  flaky.reset();
  await eventually(async () => {
    await ask('deepseek-reasoner');
    return keysSentTo(flaky).includes('sk-dead-2222');
  });
});

it('a key the vendor keeps refusing is probed less and less often (rounds 1, 2, 4, 8, 16), and still comes back once the vendor takes it', async () => {
  const channelId = await createChannel(app, { baseUrl: flaky.openAIBaseUrl, models: ['gpt-5.4-nano'], priority: 10, apiKeys: ['sk-kept-3333', 'sk-gone-4444'] });
  flaky.refusedKeys.add('sk-gone-4444');
  await eventually(async () => {
    await ask('gpt-5.4-nano');
    return (await channelSeen(channelId)).keys[1]!.status === 'DISABLED_AUTO';
  });
  const prober = app.server.services.channelProber;
  const probedIn: number[] = [];
  for (let round = 1; round <= 20; round++) {
    flaky.reset();
    await prober.probeAll();
    if (keysSentTo(flaky).includes('sk-gone-4444')) probedIn.push(round);
  }
  expect(probedIn).toEqual([1, 2, 4, 8, 16]);
  expect((await channelSeen(channelId)).keys.map((k) => k.status)).toEqual(['ENABLED', 'DISABLED_AUTO']);

  // The vendor takes it again: back in its next due round (32), not before.
  flaky.refusedKeys.clear();
  let back = 0;
  for (let round = 21; round <= 40 && back === 0; round++) {
    await prober.probeAll();
    if ((await channelSeen(channelId)).keys[1]!.status === 'ENABLED') back = round;
  }
  expect(back).toBe(32);
});
