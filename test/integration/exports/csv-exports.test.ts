import { parseCsv } from '../../../src/lib/csv';
import { adminSession, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: string;
let a: { session: string; userId: number };
let b: { session: string; userId: number };

const RANGE = 'from=2026-10-01T00:00:00Z&to=2026-11-01T00:00:00Z';

beforeAll(async () => {
  app = await startTestApp();
  admin = await adminSession(app);
  a = await signUp(app, 'export-a@exports.test');
  b = await signUp(app, 'export-b@exports.test');
  // 4,500 rows for A across batch boundaries, many sharing one timestamp (the keyset must neither repeat nor skip them).
  await app.em().execute(
    `insert into usage_logs (request_id, user_id, token_id, group_name, model_id, attempts, channel_id, stream, prompt_tokens, completion_tokens,
                             cached_tokens, audio_ms, cost, bucket, outcome, http_status, error_code, latency_ms, created_at, surface)
     select 'req_export_' || g, ?, 5, 'default', 'gpt-4o-mini', '[]', 3, g % 2 = 0, g, g * 2, 0, 0, g * 10, 'FREE', 'SUCCESS', 200,
            case when g = 7 then 'odd, "quoted"' || chr(10) || 'line' end, 40,
            timestamptz '2026-10-05 12:00:00+00' + (g / 1000) * interval '1 microsecond', 'chat.completions'
       from generate_series(1, 4500) g`,
    [a.userId],
  );
  await app.em().execute(
    `insert into usage_logs (request_id, user_id, token_id, group_name, model_id, attempts, channel_id, stream, prompt_tokens, completion_tokens,
                             cached_tokens, audio_ms, cost, bucket, outcome, http_status, latency_ms, created_at, surface)
     values ('req_export_b', ?, 9, 'default', 'gpt-4o', '[]', 4, false, 1, 1, 0, 0, 77, 'FREE', 'SUCCESS', 200, 40, '2026-10-20T08:00:00Z', 'messages'),
            ('req_export_late', ?, 9, 'default', 'gpt-4o', '[]', 4, false, 1, 1, 0, 0, 1, 'FREE', 'SUCCESS', 200, 40, '2026-11-01T00:00:00Z', 'messages')`,
    [b.userId, b.userId],
  );
  await app.em().execute(
    `insert into ledger_entries (user_id, bucket, amount, balance_after, kind, reference, memo, created_at)
     values (?, 'FREE', -250, 100, 'ADMIN_ADJUSTMENT', 'ref,1', 'memo with "quotes", commas', '2026-10-10T00:00:00Z'),
            (?, 'FREE', 40, 140, 'CHECK_IN', null, null, '2026-10-11T00:00:00Z')`,
    [a.userId, b.userId],
  );
});
afterAll(() => app.close());

const get = (path: string, session?: string) => fetch(`${app.url}${path}`, { headers: session ? { authorization: `Bearer ${session}` } : {} });
async function csv(path: string, session: string): Promise<Array<Record<string, string>>> {
  const res = await get(path, session);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  const text = await res.text();
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

it('exports usage as RFC 4180 CSV that parses back to the rows, across batches', async () => {
  const rows = await csv(`/export/usage.csv?${RANGE}&userId=${a.userId}`, admin);
  expect(rows).toHaveLength(4500);
  expect(new Set(rows.map((r) => r.request_id)).size).toBe(4500);
  const dbRows = await app.em().execute<Array<{ request_id: string; prompt_tokens: number; cost: string }>>(
    `select request_id, prompt_tokens, cost from usage_logs where user_id = ? order by created_at, id`, [a.userId],
  );
  expect(rows.map((r) => [r.request_id, r.prompt_tokens, r.cost])).toEqual(dbRows.map((r) => [r.request_id, String(r.prompt_tokens), String(r.cost)]));
  const seventh = rows.find((r) => r.request_id === 'req_export_7')!;
  expect(seventh).toMatchObject({
    user_id: String(a.userId), token_id: '5', model: 'gpt-4o-mini', channel_id: '3', surface: 'chat.completions', status: 'SUCCESS',
    prompt_tokens: '7', completion_tokens: '14', cost: '70', stream: 'false', error_code: 'odd, "quoted"\nline', created_at: '2026-10-05T12:00:00.000000Z',
  });
  expect(rows[4499]!.created_at).toBe('2026-10-05T12:00:00.000004Z');
});

it('filters by time (to exclusive), user, token, model and channel', async () => {
  const all = await csv(`/export/usage.csv?${RANGE}`, admin);
  expect(all).toHaveLength(4501);
  expect(all.some((r) => r.request_id === 'req_export_late')).toBe(false);
  expect((await csv(`/export/usage.csv?${RANGE}&model=gpt-4o`, admin)).map((r) => r.request_id)).toEqual(['req_export_b']);
  expect((await csv(`/export/usage.csv?${RANGE}&tokenId=9&channelId=4`, admin)).map((r) => r.request_id)).toEqual(['req_export_b']);
  // The usage log page's outcome filter travels to its CSV button too.
  await app.em().execute(`update usage_logs set outcome = 'UPSTREAM_ERROR', http_status = 502 where request_id = 'req_export_b'`);
  expect((await csv(`/export/usage.csv?${RANGE}&outcome=UPSTREAM_ERROR`, admin)).map((r) => [r.request_id, r.status])).toEqual([['req_export_b', 'UPSTREAM_ERROR']]);
  await app.em().execute(`update usage_logs set outcome = 'SUCCESS', http_status = 200 where request_id = 'req_export_b'`);
  expect(await csv(`/export/usage.csv?from=2026-10-06T00:00:00Z&to=2026-10-20T08:00:00Z`, admin)).toEqual([]);
  expect((await csv(`/export/usage.csv?from=2026-10-20T08:00:00Z&to=2026-11-01T00:00:00.001Z`, admin)).map((r) => r.request_id)).toEqual(['req_export_b', 'req_export_late']);
});

it('exports the ledger', async () => {
  const rows = await csv(`/export/ledger.csv?${RANGE}`, admin);
  expect(rows.map((r) => ({ ...r, id: undefined }))).toEqual([
    {
      id: undefined, created_at: '2026-10-10T00:00:00.000000Z', user_id: String(a.userId), bucket: 'FREE', subscription_id: '', kind: 'ADMIN_ADJUSTMENT',
      amount: '-250', balance_after: '100', request_id: '', reference: 'ref,1', memo: 'memo with "quotes", commas',
    },
    {
      id: undefined, created_at: '2026-10-11T00:00:00.000000Z', user_id: String(b.userId), bucket: 'FREE', subscription_id: '', kind: 'CHECK_IN',
      amount: '40', balance_after: '140', request_id: '', reference: '', memo: '',
    },
  ]);
  const own = await csv(`/export/ledger.csv?${RANGE}`, b.session);
  expect(own.map((r) => r.kind)).toEqual(['CHECK_IN']);
});

it('authorizes like GraphQL: anonymous 401, users their own only (403 for others), admins anyone', async () => {
  expect((await get(`/export/usage.csv?${RANGE}`)).status).toBe(401);
  expect((await get(`/export/ledger.csv?${RANGE}`, 'not-a-session')).status).toBe(401);
  const own = await csv(`/export/usage.csv?${RANGE}`, b.session);
  expect(own.map((r) => [r.request_id, r.channel_id])).toEqual([['req_export_b', '']]);
  expect((await csv(`/export/usage.csv?${RANGE}&userId=${b.userId}`, b.session))).toHaveLength(1);
  const spy = await get(`/export/usage.csv?${RANGE}&userId=${a.userId}`, b.session);
  expect(spy.status).toBe(403);
  expect(await spy.json()).toMatchObject({ error: { code: 'forbidden' } });
  expect((await get(`/export/ledger.csv?${RANGE}&userId=${a.userId}`, b.session)).status).toBe(403);
  expect((await get(`/export/usage.csv?${RANGE}&channelId=4`, b.session)).status).toBe(403);
});

it('refuses bad filters with a 400 that names them', async () => {
  for (const [query, word] of [['from=yesterday', 'from'], ['userId=abc', 'userId'], ['colour=red', 'colour'], ['from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z', 'after'], ['userId=1&userId=2', 'once']]) {
    const res = await get(`/export/usage.csv?${query}`, admin);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(word);
  }
  const ledgerByModel = await get(`/export/ledger.csv?model=gpt-4o`, admin);
  expect(ledgerByModel.status).toBe(400);
  expect((await get(`/export/usage.csv?outcome=MAYBE`, admin)).status).toBe(400);
  expect((await get(`/export/ledger.csv?outcome=SUCCESS`, admin)).status).toBe(400);
});
