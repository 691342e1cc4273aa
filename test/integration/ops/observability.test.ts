import { Client } from 'pg';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { createLogger } from '../../../src/lib/logger';
import { client, createChannel, createToken, createUser, disableAllChannels, eventually, rawChat } from '../../support/data-plane-fixtures';
import { parsePrometheusText, sampleValue } from '../../support/prometheus-text';
import { startTestApp, type TestApp } from '../../support/test-app';
import { adminDatabaseUrl } from '../../support/test-env';

// What an operator sees: access lines captured from the pino destination the app writes to (no
// logger mocking), the /metrics scrape parsed as Prometheus reads it, and /readyz.

const METRICS_TOKEN = 'metrics-token-0123456789';
const lines: string[] = [];
let app: TestApp;
let good: FakeUpstream;
let bad: FakeUpstream;
let key: string;
let userId: number;
let tokenId: number;
let brokeKey: string;
let badChannel: number;
let goodChannel: number;

function jsonLines(): Array<Record<string, unknown>> {
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}
function accessLine(requestId: string): Record<string, unknown> {
  const found = jsonLines().filter((l) => l.log === 'access' && l.requestId === requestId);
  expect(found).toHaveLength(1);
  return found[0]!;
}

beforeAll(async () => {
  const logger = createLogger({ level: 'info', destination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) } });
  app = await startTestApp({ METRICS_TOKEN, BREAKER_FAILURES: '2', BREAKER_COOLDOWN_MS: '60000' }, { logger });
  good = await FakeUpstream.start();
  bad = await FakeUpstream.start();
  bad.setDefault({ status: 503 });
  await disableAllChannels(app);
  goodChannel = await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['gpt-4o-mini', 'deepseek-chat'], priority: 0, apiKey: 'sk-upstream-very-secret' });
  badChannel = await createChannel(app, { baseUrl: bad.openAIBaseUrl, models: ['deepseek-chat'], priority: 10 });
  userId = await createUser(app, { freeQuota: 100_000_000n });
  ({ key, tokenId } = await createToken(app, userId));
  ({ key: brokeKey } = await createToken(app, await createUser(app)));
});
afterAll(async () => {
  await app?.close();
  await good?.close();
  await bad?.close();
});

async function scrape(): Promise<ReturnType<typeof parsePrometheusText>> {
  const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return parsePrometheusText(await res.text());
}

describe('access lines and metrics', () => {
  it('one access line per request with its fields, and exact counters on /metrics', async () => {
    const json = await client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello there' }] }).withResponse();
    const stream = await client(app, key).chat.completions.create({
      model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'stream please' }], stream: true, stream_options: { include_usage: true },
    }).withResponse();
    let text = '';
    for await (const chunk of stream.data) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text.length).toBeGreaterThan(0);
    const failover = await client(app, key).chat.completions.create({ model: 'deepseek-chat', messages: [{ role: 'user', content: 'hi' }] }).withResponse();
    const refused = await rawChat(app, brokeKey, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(refused.status).toBe(402);

    const jsonId = json.response.headers.get('x-request-id')!;
    const streamId = stream.response.headers.get('x-request-id')!;
    const failoverId = failover.response.headers.get('x-request-id')!;
    const refusedId = refused.headers.get('x-request-id')!;
    await eventually(() => jsonLines().filter((l) => l.log === 'access').length >= 4);

    const a = accessLine(jsonId);
    expect(a).toMatchObject({
      level: 'info', msg: 'request', surface: 'chat.completions', userId, tokenId, model: 'gpt-4o-mini', channels: [goodChannel], channelId: goodChannel,
      status: 200, outcome: 'SUCCESS', errorCode: null, stream: false,
    });
    expect(a.promptTokens).toBe(json.data.usage!.prompt_tokens);
    expect(a.completionTokens).toBe(json.data.usage!.completion_tokens);
    expect(BigInt(a.cost as string)).toBeGreaterThan(0n);
    expect(typeof a.latencyMs).toBe('number');
    expect(typeof a.time).toBe('string');

    const s = accessLine(streamId);
    expect(s).toMatchObject({ model: 'gpt-4o-mini', stream: true, status: 200, outcome: 'SUCCESS', channels: [goodChannel] });
    expect(typeof s.ttftMs).toBe('number');
    expect(s.ttftMs as number).toBeLessThanOrEqual(s.latencyMs as number);

    expect(accessLine(failoverId)).toMatchObject({ model: 'deepseek-chat', channels: [badChannel, goodChannel], channelId: goodChannel, status: 200 });
    expect(accessLine(refusedId)).toMatchObject({ model: 'gpt-4o-mini', status: 402, errorCode: 'insufficient_quota', outcome: 'REJECTED', channels: [], cost: '0' });

    const m = await scrape();
    const req = (model: string, status: string, error_code = '') => sampleValue(m, 'gw_requests_total', { surface: 'chat.completions', model, status, error_code });
    expect(req('gpt-4o-mini', '200')).toBe(2);
    expect(req('deepseek-chat', '200')).toBe(1);
    expect(req('gpt-4o-mini', '402', 'insufficient_quota')).toBe(1);
    expect(sampleValue(m, 'gw_upstream_attempts_total', { channel: String(badChannel), outcome: 'http_5xx' })).toBe(1);
    expect(sampleValue(m, 'gw_upstream_attempts_total', { channel: String(goodChannel), outcome: 'success' })).toBe(3);
    expect(sampleValue(m, 'gw_request_duration_seconds_count', { surface: 'chat.completions', stream: 'false' })).toBe(3);
    expect(sampleValue(m, 'gw_request_duration_seconds_count', { surface: 'chat.completions', stream: 'true' })).toBe(1);
    expect(sampleValue(m, 'gw_time_to_first_token_seconds_count', { surface: 'chat.completions' })).toBe(1);
    const completion = [a, s].reduce((n, l) => n + (l.completionTokens as number), 0);
    expect(sampleValue(m, 'gw_tokens_total', { model: 'gpt-4o-mini', kind: 'completion' })).toBe(completion);
    expect(sampleValue(m, 'gw_cost_quota_units_total', { model: 'gpt-4o-mini', bucket: 'FREE' })).toBe(Number(BigInt(a.cost as string) + BigInt(s.cost as string)));
    expect(sampleValue(m, 'gw_active_streams')).toBe(0);
    expect(sampleValue(m, 'gw_breaker_state', { channel: String(badChannel) })).toBe(0);
    expect(sampleValue(m, 'gw_billing_statement_seconds_count')).toBeGreaterThan(0);
    expect(m.some((x) => x.name === 'process_cpu_user_seconds_total')).toBe(true);
    // No per-user or per-key series.
    expect(m.some((x) => Object.keys(x.labels).some((l) => /user|token|key|request/i.test(l)))).toBe(false);
  });

  it('an unknown model name gets no label of its own', async () => {
    const res = await rawChat(app, key, { model: `no-such-model-${Date.now()}`, messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(404);
    const m = await scrape();
    expect(sampleValue(m, 'gw_requests_total', { surface: 'chat.completions', model: 'other', status: '404', error_code: 'model_not_found' })).toBe(1);
  });

  it('a breaker opening logs a warning naming the channel, and shows on /metrics', async () => {
    const flaky = await createChannel(app, { baseUrl: bad.openAIBaseUrl, models: ['glm-4-flash'], priority: 10 });
    await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['glm-4-flash'], priority: 0 });
    for (let i = 0; i < 2; i++) await client(app, key).chat.completions.create({ model: 'glm-4-flash', messages: [{ role: 'user', content: 'hi' }] });
    const warning = jsonLines().find((l) => l.msg === 'channel breaker opened: requests skip this channel');
    expect(warning).toMatchObject({ level: 'warn', channelId: flaky });
    expect(sampleValue(await scrape(), 'gw_breaker_state', { channel: String(flaky) })).toBe(2);
  });

  it('/metrics wants the METRICS_TOKEN bearer when it is set', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
  });

  it('no key, password or secret in any line, nested fields included', async () => {
    app.server.services.logger.warn('probe of redaction', {
      headers: { authorization: `Bearer ${key}`, cookie: 'session=abc' },
      user: { email: 'a@b.c', password: 'hunter2-password' },
      deep: { nested: { apiKey: 'sk-nested-secret', secret: 'nested-secret-value' } },
      body: { messages: [{ content: 'private prompt' }] },
      error: Object.assign(new Error('boom'), { parameters: ['sql-parameter-value'] }),
    });
    const redacted = jsonLines().find((l) => l.msg === 'probe of redaction')!;
    expect(redacted).toMatchObject({ headers: { authorization: '[redacted]', cookie: '[redacted]' }, user: { email: 'a@b.c', password: '[redacted]' }, body: '[redacted]' });
    expect(redacted.error).toEqual({ name: 'Error', message: 'boom' });
    const all = lines.join('\n');
    for (const secret of [key, brokeKey, 'hunter2-password', 'sk-nested-secret', 'nested-secret-value', 'private prompt', 'sql-parameter-value', 'sk-upstream-very-secret', 'test-secret-key-0123456789']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('GraphQL operation lines', () => {
  it('one line per operation: name, type, viewer, duration and error codes, never the variables', async () => {
    const res = await fetch(app.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation SignIn($e: String!, $p: String!) { login(email: $e, password: $p) { __typename } }', variables: { e: 'admin@test.local', p: 'admin-password-1' } }),
    });
    expect(res.status).toBe(200);
    await fetch(app.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query Me { me { id } }' }) });
    const ops = jsonLines().filter((l) => l.log === 'graphql');
    expect(ops.find((l) => l.operationName === 'SignIn')).toMatchObject({ msg: 'graphql operation', operationType: 'mutation', errorCodes: [] });
    expect(typeof ops.find((l) => l.operationName === 'SignIn')!.durationMs).toBe('number');
    expect(ops.find((l) => l.operationName === 'Me')).toMatchObject({ operationType: 'query', viewerId: null });
    expect((ops.find((l) => l.operationName === 'Me')!.errorCodes as string[]).length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('admin-password-1');
  });
});

describe('health', () => {
  it('/healthz answers; /readyz names the failing check while the database is unreachable', async () => {
    expect(await (await fetch(`${app.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, draining: { ok: true } } });

    const admin = new Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    const db = app.database.name;
    try {
      await admin.query(`alter database "${db}" with allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db]);
      const down = await fetch(`${app.url}/readyz`);
      expect(down.status).toBe(503);
      const body = (await down.json()) as { status: string; checks: { database: { ok: boolean; error?: string }; draining: { ok: boolean } }; failed: string[] };
      expect(body.status).toBe('not_ready');
      expect(body.checks.database.ok).toBe(false);
      // Which check failed, never the driver's text: /readyz needs no sign-in.
      expect(body.checks.database.error).toBeUndefined();
      expect(body.failed).toContain('database');
      expect(body.checks.draining.ok).toBe(true);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      await admin.query(`alter database "${db}" with allow_connections true`);
      await admin.end();
    }
    await eventually(async () => (await fetch(`${app.url}/readyz`)).status === 200, 10_000);
  });

  it('/readyz is false from the moment a drain starts', async () => {
    app.server.services.inFlight.beginDrain();
    const res = await fetch(`${app.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ checks: { draining: { ok: false } }, failed: ['draining'] });
    expect(res.headers.get('connection')).toBe('close');
  });
});
