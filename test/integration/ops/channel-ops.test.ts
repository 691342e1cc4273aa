import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Channel } from '../../../src/db/entities';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels, eventually, sleep } from '../../support/data-plane-fixtures';
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
});

const ask = (model: string) => client(app, key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
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
