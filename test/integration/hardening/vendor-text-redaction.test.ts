import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Channel, ChannelKey } from '../../../src/db/entities';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { createLogger } from '../../../src/lib/logger';
import { client, createChannel, createToken, createUser, disableAllChannels, eventually, usageLogs } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// A vendor that quotes the key it refused (whole), and another credential besides: nothing the
// gateway keeps of that text (the key's disabledReason and lastError, the channel's reason, the
// usage row, the log, the alert webhook, the breaker's last error) may hold either.

const CHANNEL_KEY = 'sk-live-quoted-4f9a8b7c6d5e';
const OTHER_SECRET = 'sk-proj-Zq81xXw0LmNc93Hd7Ty2AbCdEfGh';
const refusal = {
  error: {
    message: `Incorrect API key provided: ${CHANNEL_KEY}. The organisation key ${OTHER_SECRET} is not allowed either.`,
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  },
};

let app: TestApp;
let upstream: FakeUpstream;
let webhook: Server;
const alerts: string[] = [];
const logLines: string[] = [];
let key: string;
let userId: number;

beforeAll(async () => {
  webhook = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      alerts.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  app = await startTestApp(
    {
      MAX_ATTEMPTS: '1',
      ALERT_WEBHOOK_URL: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/alerts`,
      BREAKER_ALERT_AFTER_MS: '100',
      BREAKER_FAILURES: '1',
      CHANNEL_PROBE_INTERVAL_MS: '0',
    },
    { logger: createLogger('info', (line) => logLines.push(line)) },
  );
  upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  userId = await createUser(app, { freeQuota: 100_000_000n });
  ({ key } = await createToken(app, userId));
});
afterAll(async () => {
  await app?.close();
  await upstream?.close();
  webhook?.close();
});

const ask = (model: string) => client(app, key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });

function expectNoSecret(where: string, text: string): void {
  expect({ where, leaked: text.includes(CHANNEL_KEY) || text.includes(OTHER_SECRET) }).toEqual({ where, leaked: false });
}

it('a refused key: its disabledReason, the channel reason, the usage row, the log and the alert hold no key', async () => {
  const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'], apiKey: CHANNEL_KEY });
  upstream.setDefault({ status: 401, errorBody: refusal });
  await expect(ask('gpt-4o-mini')).rejects.toMatchObject({ status: 502 });
  await eventually(async () => (await app.em().findOneOrFail(Channel, { id: channelId })).status === 'DISABLED_AUTO');
  await eventually(() => alerts.some((a) => a.includes('channel_disabled')));

  const keyRow = await app.em().findOneOrFail(ChannelKey, { channel: channelId });
  expect(keyRow.status).toBe('DISABLED_AUTO');
  // Still says what happened, without the secrets.
  expect(keyRow.disabledReason).toMatch(/HTTP 401.*Incorrect API key provided: \[redacted\]/);
  expectNoSecret('disabledReason', keyRow.disabledReason ?? '');
  expectNoSecret('lastError', keyRow.lastError ?? '');
  expectNoSecret('channel status reason', JSON.stringify(await app.em().findOneOrFail(Channel, { id: channelId })));
  const rows = await usageLogs(app, { userId });
  expect(rows.length).toBeGreaterThan(0);
  expectNoSecret('usage attempts', JSON.stringify(rows.map((r) => r.attempts)));
  expectNoSecret('log', logLines.join('\n'));
  expect(logLines.some((l) => l.includes('channel key disabled automatically') || l.includes('disabled automatically'))).toBe(true);
  expectNoSecret('alert', alerts.join('\n'));
});

it('an upstream failure that opens the breaker: the breaker alert and the usage row hold no key', async () => {
  const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['deepseek-chat'], apiKey: CHANNEL_KEY });
  upstream.setDefault({ status: 500, errorBody: { error: { message: `internal error while using ${CHANNEL_KEY} and ${OTHER_SECRET}`, type: 'server_error' } } });
  await expect(ask('deepseek-chat')).rejects.toMatchObject({ status: 502 });
  await eventually(() => alerts.some((a) => a.includes('channel_breaker_open') && a.includes(`"channelId":${channelId}`)));
  const breakerAlert = alerts.find((a) => a.includes('channel_breaker_open'))!;
  expect(breakerAlert).toContain('[redacted]');
  expectNoSecret('breaker alert', alerts.join('\n'));
  expectNoSecret('usage attempts', JSON.stringify((await usageLogs(app, { userId })).map((r) => r.attempts)));
  expectNoSecret('log', logLines.join('\n'));
});
