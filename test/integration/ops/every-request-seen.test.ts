import { createLogger } from '../../../src/lib/logger';
import { createToken, createUser, usageLogs } from '../../support/data-plane-fixtures';
import { parsePrometheusText } from '../../support/prometheus-text';
import { startTestApp, type TestApp } from '../../support/test-app';

// A /v1 request refused before authentication (401, and the other early answers: 405, 413, 404
// for an unknown route, 429 from a limit) wrote no access line and was not counted in
// gw_requests_total, so a key-guessing run was invisible. Every /v1 and /v1beta request now gets
// exactly one access line and one count, with its status and error code and never the key; the
// usage-log row is written in one place, at the end of the request, refusals included.

const METRICS_TOKEN = 'metrics-token-every-request';
const GUESSED = 'sk-guessed-0123456789abcdef';
const lines: string[] = [];
let app: TestApp;
let limited: string;
let limitedUser: number;
let lister: string;

beforeAll(async () => {
  const logger = createLogger({ level: 'info', destination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) } });
  app = await startTestApp({ METRICS_TOKEN, RATE_LIMIT_RPM: '1', BODY_LIMIT: '2kb' }, { logger });
  limitedUser = await createUser(app, { freeQuota: 1_000_000n });
  ({ key: limited } = await createToken(app, limitedUser));
  ({ key: lister } = await createToken(app, await createUser(app)));
});
afterAll(() => app.close());

async function requestsTotal(): Promise<Array<{ labels: Record<string, string>; value: number }>> {
  const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return parsePrometheusText(await res.text()).filter((s) => s.name === 'gw_requests_total');
}

function accessLines(requestId: string): Array<Record<string, unknown>> {
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.log === 'access' && l.requestId === requestId);
}

const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

it('writes one access line and one count for every early answer, with status and code, never the key', async () => {
  const before = await requestsTotal();
  const cases: Array<{ send: () => Promise<Response>; status: number; code: string | null; surface: string }> = [
    { send: () => post('/v1/chat/completions', chat), status: 401, code: 'invalid_api_key', surface: 'chat.completions' },
    { send: () => post('/v1/chat/completions', chat, { authorization: `Bearer ${GUESSED}` }), status: 401, code: 'invalid_api_key', surface: 'chat.completions' },
    { send: () => post('/v1/messages', chat, { 'x-api-key': GUESSED, 'anthropic-version': '2023-06-01' }), status: 401, code: 'invalid_api_key', surface: 'messages' },
    { send: () => post(`/v1beta/models/gemini-2.5-flash:generateContent?key=${GUESSED}`, {}), status: 401, code: 'invalid_api_key', surface: 'gemini' },
    { send: () => fetch(`${app.url}/v1/models`, { headers: { authorization: `Bearer ${GUESSED}` } }), status: 401, code: 'invalid_api_key', surface: 'models' },
    { send: () => fetch(`${app.url}/v1/chat/completions`), status: 405, code: 'method_not_allowed', surface: 'none' },
    { send: () => post('/v1/no/such/route', chat, { authorization: `Bearer ${GUESSED}` }), status: 404, code: 'unknown_url', surface: 'none' },
    { send: () => post('/v1beta/nothing', {}), status: 404, code: 'unknown_url', surface: 'none' },
    { send: () => post('/v1/chat/completions', { ...chat, pad: 'x'.repeat(4000) }, { authorization: `Bearer ${limited}` }), status: 413, code: 'request_too_large', surface: 'chat.completions' },
    { send: () => post('/v1/chat/completions', chat, { authorization: `Bearer ${limited}` }), status: 429, code: 'rate_limit_exceeded', surface: 'chat.completions' },
    { send: () => fetch(`${app.url}/v1/models`, { headers: { authorization: `Bearer ${lister}` } }), status: 200, code: null, surface: 'models' },
  ];
  for (const c of cases) {
    const res = await c.send();
    await res.text();
    expect(res.status).toBe(c.status);
    const requestId = res.headers.get('x-request-id')!;
    const found = accessLines(requestId);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ status: c.status, errorCode: c.code, surface: c.surface });
  }
  expect(lines.join('\n')).not.toContain(GUESSED);
  expect(lines.join('\n')).not.toContain(limited);

  const after = await requestsTotal();
  const sum = (samples: Array<{ value: number }>) => samples.reduce((n, s) => n + s.value, 0);
  expect(sum(after) - sum(before)).toBe(cases.length);
  const count = (samples: typeof after, labels: Record<string, string>) =>
    sum(samples.filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v)));
  expect(count(after, { status: '401', error_code: 'invalid_api_key' }) - count(before, { status: '401', error_code: 'invalid_api_key' })).toBe(5);
  expect(count(after, { surface: 'none', status: '405' }) - count(before, { surface: 'none', status: '405' })).toBe(1);
  expect(count(after, { surface: 'none', status: '404' }) - count(before, { surface: 'none', status: '404' })).toBe(2);
  expect(count(after, { status: '413' }) - count(before, { status: '413' })).toBe(1);
  expect(count(after, { status: '429' }) - count(before, { status: '429' })).toBe(1);
});

it('writes exactly one usage row per authenticated request of a billed surface, the 413 and the 429 included', async () => {
  const rows = await usageLogs(app, { userId: limitedUser });
  expect(rows.map((r) => [r.httpStatus, r.errorCode, r.outcome]).sort()).toEqual([[413, 'request_too_large', 'REJECTED'], [429, 'rate_limit_exceeded', 'REJECTED']]);
  expect(new Set(rows.map((r) => r.requestId)).size).toBe(rows.length);
});
