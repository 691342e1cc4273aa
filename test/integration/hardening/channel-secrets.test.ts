import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { resealChannelSecrets } from '../../../src/domain/channels/reseal-secrets';
import { SecretBox, channelSecretContext } from '../../../src/lib/secret-box';
import { CreateChannelDocument, TestChannelDocument, UpdateChannelDocument } from '../../generated/graphql';
import { createChannel } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

const OLD_KEY = 'the-previous-secret-key-0123456789abcdef';
const CURRENT_KEY = 'test-secret-key-0123456789abcdef0123456789'; // test-app.ts's SECRET_KEY

let app: TestApp;
let admin: string;
let upstream: FakeUpstream;
let htmlServer: Server;

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  htmlServer = createServer((_req, res) => {
    res.writeHead(500, { 'content-type': 'text/html' });
    res.end(`<html><body>internal admin page ${'secret-internal-data '.repeat(200)}</body></html>`);
  });
  await new Promise<void>((resolve) => htmlServer.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({ CHANNEL_ALLOW_PRIVATE: 'false', SECRET_KEY_PREVIOUS: OLD_KEY });
  admin = await adminSession(app);
});
afterAll(async () => {
  await app.close();
  await upstream.close();
  await new Promise((resolve) => htmlServer.close(resolve));
});

async function create(baseUrl: string, secretKey = 'sk-vendor-key-1234') {
  return (await gqlData(app, CreateChannelDocument, {
    input: { name: `ch-${Math.random().toString(36).slice(2, 8)}`, protocol: 'OPENAI', baseUrl, secretKey, models: ['gpt-4o-mini'], modelMapping: [], groups: ['default'] },
  }, admin)).createChannel;
}

async function storedCiphertext(id: number): Promise<string> {
  const [row] = await app.em().getConnection().execute<{ secret_ciphertext: string }[]>('select secret_ciphertext from channel_keys where channel_id = ?', [id]);
  return row!.secret_ciphertext;
}

describe('12.11 channel base URLs cannot reach internal networks or carry the secret elsewhere', () => {
  it.each([
    'http://127.0.0.1:8080/v1', 'http://169.254.169.254/latest', 'http://10.1.2.3/v1', 'http://192.168.1.1/v1', 'http://[::1]/v1',
    'http://[fd00:ec2::254]/v1', 'http://localhost:11434/v1', 'http://2130706433/v1', 'http://[::ffff:169.254.169.254]/v1', 'http://0.0.0.0/v1',
  ])('refuses %s unless CHANNEL_ALLOW_PRIVATE=true', async (baseUrl) => {
    const result = await create(baseUrl);
    expect(expectTypename(result, 'InputValidationError').field).toBe('baseUrl');
  });

  it('refuses a trailing "?" like any query', async () => {
    expect(expectTypename(await create('https://203.0.113.10/v1?'), 'InputValidationError').field).toBe('baseUrl');
  });

  it('requires the secret again when the host changes', async () => {
    const channel = expectTypename(await create('https://203.0.113.10/v1'), 'Channel');
    const moved = (await gqlData(app, UpdateChannelDocument, { id: channel.id, input: { baseUrl: 'https://198.51.100.20/v1' } }, admin)).updateChannel;
    expect(expectTypename(moved, 'InputValidationError').field).toBe('secretKey');
    const samePath = (await gqlData(app, UpdateChannelDocument, { id: channel.id, input: { baseUrl: 'https://203.0.113.10/v2' } }, admin)).updateChannel;
    expectTypename(samePath, 'Channel');
    const withSecret = (await gqlData(app, UpdateChannelDocument, {
      id: channel.id, input: { baseUrl: 'https://198.51.100.20/v1', secretKey: 'sk-other-vendor-key' },
    }, admin)).updateChannel;
    expect(expectTypename(withSecret, 'Channel').secretLast4).toBe('-key');
  });

  it('testChannel echoes a status and a short message, never the upstream page', async () => {
    const { port } = htmlServer.address() as AddressInfo;
    const id = await createChannel(app, { baseUrl: `http://127.0.0.1:${port}/v1`, models: ['gpt-4o-mini'] });
    const report = expectTypename((await gqlData(app, TestChannelDocument, { id: String(id) }, admin)).testChannel, 'ChannelTestReport');
    expect(report.status).toBe(500);
    expect(report.error!.length).toBeLessThanOrEqual(160);
    expect(report.error).not.toContain('secret-internal-data');
  });
});

describe('12.16 channel secrets at rest', () => {
  it('binds a ciphertext to its channel: copied to another channel it does not open', async () => {
    const a = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'], apiKey: 'sk-key-of-channel-a' });
    const b = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'], apiKey: 'sk-key-of-channel-b' });
    expect(await storedCiphertext(a)).toMatch(/^v2:[0-9a-f]{12}:/);
    await app.em().getConnection().execute('update channel_keys set secret_ciphertext = ? where channel_id = ?', [await storedCiphertext(a), b]);
    const report = expectTypename((await gqlData(app, TestChannelDocument, { id: String(b) }, admin)).testChannel, 'ChannelTestReport');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/cannot be decrypted/);
    expect(upstream.requests.length).toBe(0);
  });

  it('reads secrets sealed with SECRET_KEY_PREVIOUS or in the old format, and reseal moves them to the current key', async () => {
    const rotated = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
    const legacy = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
    await app.em().getConnection().execute('update channel_keys set secret_ciphertext = ? where channel_id = ?', [
      new SecretBox(OLD_KEY).seal('sk-rotated-key', channelSecretContext(rotated)), rotated,
    ]);
    await app.em().getConnection().execute('update channel_keys set secret_ciphertext = ? where channel_id = ?', [legacyV1Seal(OLD_KEY, 'sk-legacy-key'), legacy]);
    for (const id of [rotated, legacy]) {
      const report = expectTypename((await gqlData(app, TestChannelDocument, { id: String(id) }, admin)).testChannel, 'ChannelTestReport');
      expect(report.ok).toBe(true);
    }
    expect(upstream.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-rotated-key', 'Bearer sk-legacy-key']);

    const report = await resealChannelSecrets(app.em(), app.server.services.secretBox);
    expect(report.unreadable).toEqual([]);
    expect(report.resealed).toBeGreaterThanOrEqual(2);
    const currentOnly = new SecretBox(CURRENT_KEY);
    expect(currentOnly.open(await storedCiphertext(rotated), channelSecretContext(rotated))).toBe('sk-rotated-key');
    expect(currentOnly.open(await storedCiphertext(legacy), channelSecretContext(legacy))).toBe('sk-legacy-key');
    expect((await resealChannelSecrets(app.em(), app.server.services.secretBox)).resealed).toBe(0);
  });

  it('refuses a truncated authentication tag', () => {
    const box = new SecretBox(CURRENT_KEY);
    const [v, kid, iv, tag, body] = box.seal('sk-x', 'channel:1').split(':');
    const short = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => box.open([v, kid, iv, short, body].join(':'), 'channel:1')).toThrow(/malformed/);
  });
});

/** The first format: key = SHA-256(secret), no key id, no associated data. */
function legacyV1Seal(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(secret).digest(), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
}
