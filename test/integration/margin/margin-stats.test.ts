import { MarginStatsDocument, OwnMarginStatsDocument } from '../../generated/graphql';
import { parseCsv } from '../../../src/lib/csv';
import { createChannel } from '../../support/data-plane-fixtures';
import { adminSession, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// Revenue, upstream cost and margin in the statistics for every grouping and in the usage CSV,
// for admins only: a user asking for them gets an authorization error, and blank CSV cells.

let app: TestApp;
let admin: string;
let a: { session: string; userId: number };
let b: { session: string; userId: number };
let ch1: number;
let ch2: number;
let seq = 0;

async function insert(row: { user: number; model: string; channel: number; group: string; at: string; cost: number; upstream: number }) {
  seq++;
  await app.em().execute(
    `insert into usage_logs (request_id, user_id, token_id, group_name, model_id, attempts, channel_id, stream, prompt_tokens,
                             completion_tokens, cached_tokens, audio_ms, cost, upstream_cost, bucket, outcome, http_status, latency_ms, created_at, surface)
     values (?, ?, 1, ?, ?, '[]', ?, false, 10, 10, 0, 0, ?, ?, 'FREE', 'SUCCESS', 200, 50, ?, 'chat.completions')`,
    [`req_margin_${seq}`, row.user, row.group, row.model, row.channel, row.cost, row.upstream, row.at],
  );
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await adminSession(app);
  a = await signUp(app, 'margin-a@stats.test');
  b = await signUp(app, 'margin-b@stats.test');
  ch1 = await createChannel(app, { baseUrl: 'http://127.0.0.1:9/v1' });
  ch2 = await createChannel(app, { baseUrl: 'http://127.0.0.1:9/v1' });
  await insert({ user: a.userId, model: 'gpt-4o-mini', channel: ch1, group: 'default', at: '2026-11-01T10:05:00Z', cost: 100, upstream: 30 });
  await insert({ user: a.userId, model: 'gpt-4o', channel: ch2, group: 'vip', at: '2026-11-01T11:00:00Z', cost: 1_000, upstream: 1_200 });
  await insert({ user: b.userId, model: 'gpt-4o', channel: ch1, group: 'default', at: '2026-11-02T00:30:00Z', cost: 500, upstream: 250 });
});
afterAll(() => app.close());

const RANGE = { from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' };

async function grouped(groupBy: 'HOUR' | 'DAY' | 'MODEL' | 'USER' | 'CHANNEL' | 'GROUP') {
  const res = (await gqlData(app, MarginStatsDocument, { ...RANGE, groupBy: [groupBy] }, admin)).usageStats;
  if (res.__typename !== 'UsageStats') throw new Error(JSON.stringify(res));
  return res;
}

const figures = (rows: Array<{ cost: string; upstreamCost: string | null; margin: string | null }>) => rows.map((r) => [r.cost, r.upstreamCost, r.margin]);

it('gives upstream cost and margin for every grouping, and in the totals', async () => {
  expect(figures((await grouped('HOUR')).rows)).toEqual([['100', '30', '70'], ['1000', '1200', '-200'], ['500', '250', '250']]);
  expect(figures((await grouped('DAY')).rows)).toEqual([['1100', '1230', '-130'], ['500', '250', '250']]);
  expect(figures((await grouped('MODEL')).rows)).toEqual([['1500', '1450', '50'], ['100', '30', '70']]);
  const byUser = (await grouped('USER')).rows.map((r) => [r.userId, r.margin]);
  expect(byUser).toEqual(expect.arrayContaining([[String(a.userId), '-130'], [String(b.userId), '250']]));
  const byChannel = (await grouped('CHANNEL')).rows.map((r) => [r.channelId, r.upstreamCost, r.margin]);
  expect(byChannel).toEqual([[String(ch1), '280', '320'], [String(ch2), '1200', '-200']]);
  expect(figures((await grouped('GROUP')).rows)).toEqual([['600', '280', '320'], ['1000', '1200', '-200']]);
  expect((await grouped('DAY')).totals).toMatchObject({ requests: 3, cost: '1600', upstreamCost: '1480', margin: '120' });
});

it('never shows a user the upstream cost or the margin', async () => {
  const res = await gql(app, OwnMarginStatsDocument, RANGE, a.session);
  expect(res.errors?.map((e) => e.path?.at(-1))).toEqual(expect.arrayContaining(['upstreamCost', 'margin']));
  const totals = res.data?.usageStats.__typename === 'UsageStats' ? res.data.usageStats.totals : null;
  expect(totals).toMatchObject({ cost: '1100', upstreamCost: null, margin: null });
});

async function usageCsv(session: string): Promise<Array<Record<string, string>>> {
  const res = await fetch(`${app.url}/export/usage.csv?from=${RANGE.from}&to=${RANGE.to}`, { headers: { authorization: `Bearer ${session}` } });
  expect(res.status).toBe(200);
  const [header, ...rows] = parseCsv(await res.text());
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

it('adds upstream_cost and margin columns to the usage CSV, blank for users', async () => {
  expect((await usageCsv(admin)).map((r) => [r.cost, r.upstream_cost, r.margin])).toEqual([['100', '30', '70'], ['1000', '1200', '-200'], ['500', '250', '250']]);
  expect((await usageCsv(a.session)).map((r) => [r.cost, r.upstream_cost, r.margin])).toEqual([['100', '', ''], ['1000', '', '']]);
});
