import { UsageStatsAdminDocument, UsageStatsGroupedDocument, type UsageStatsGroupedQueryVariables } from '../../generated/graphql';
import { createChannel } from '../../support/data-plane-fixtures';
import { adminSession, gql, gqlData, signUp } from '../../support/graphql-client';
import { selectRecorder } from '../../support/query-recorder';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: string;
let a: { session: string; userId: number };
let b: { session: string; userId: number };
let ch1: number;
let ch2: number;
let recordSelects: ReturnType<typeof selectRecorder>;
let seq = 0;

async function insert(row: { user: number; token: number; model: string; channel: number; group: string; surface: string; at: string; prompt: number; completion: number; cost: number; outcome?: string }) {
  seq++;
  await app.em().execute(
    `insert into usage_logs (request_id, user_id, token_id, group_name, model_id, attempts, channel_id, stream, prompt_tokens,
                             completion_tokens, cached_tokens, audio_ms, cost, bucket, outcome, http_status, latency_ms, created_at, surface)
     values (?, ?, ?, ?, ?, '[]', ?, false, ?, ?, 0, 0, ?, 'FREE', ?, 200, 50, ?, ?)`,
    [`req_stats_${seq}`, row.user, row.token, row.group, row.model, row.channel, row.prompt, row.completion, row.cost, row.outcome ?? 'SUCCESS', row.at, row.surface],
  );
}

beforeAll(async () => {
  app = await startTestApp({ QUOTA_PER_USD: '500000' });
  admin = await adminSession(app);
  a = await signUp(app, 'stats-a@groupings.test');
  b = await signUp(app, 'stats-b@groupings.test');
  ch1 = await createChannel(app, { baseUrl: 'http://127.0.0.1:9/v1' });
  ch2 = await createChannel(app, { baseUrl: 'http://127.0.0.1:9/v1' });
  await insert({ user: a.userId, token: 11, model: 'gpt-4o-mini', channel: ch1, group: 'default', surface: 'chat.completions', at: '2026-11-01T10:05:00Z', prompt: 100, completion: 10, cost: 5 });
  await insert({ user: a.userId, token: 11, model: 'gpt-4o-mini', channel: ch2, group: 'default', surface: 'responses', at: '2026-11-01T10:55:00Z', prompt: 50, completion: 5, cost: 3 });
  await insert({ user: a.userId, token: 12, model: 'gpt-4o', channel: ch1, group: 'vip', surface: 'chat.completions', at: '2026-11-01T11:00:00Z', prompt: 200, completion: 20, cost: 500000, outcome: 'UPSTREAM_ERROR' });
  await insert({ user: b.userId, token: 21, model: 'gpt-4o', channel: ch2, group: 'default', surface: 'messages', at: '2026-11-02T00:30:00Z', prompt: 9000, completion: 900, cost: 999 });
  recordSelects = selectRecorder(app);
});
afterAll(() => app.close());

const RANGE = { from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' };
type Vars = Omit<UsageStatsGroupedQueryVariables, 'from' | 'to'>;
async function stats(session: string, vars: Vars) {
  const res = (await gqlData(app, UsageStatsGroupedDocument, { ...RANGE, ...vars }, session)).usageStats;
  if (res.__typename !== 'UsageStats') throw new Error(JSON.stringify(res));
  return res;
}
const pick = (rows: Array<Record<string, unknown>>, keys: string[]) => rows.map((r) => Object.fromEntries([...keys, 'requests', 'cost'].map((k) => [k, r[k]])));

it('groups by each dimension with exact figures (admin, everyone)', async () => {
  expect(pick((await stats(admin, { groupBy: ['HOUR'] })).rows, ['hour'])).toEqual([
    { hour: '2026-11-01T10:00:00Z', requests: 2, cost: '8' },
    { hour: '2026-11-01T11:00:00Z', requests: 1, cost: '500000' },
    { hour: '2026-11-02T00:00:00Z', requests: 1, cost: '999' },
  ]);
  expect(pick((await stats(admin, { groupBy: ['DAY'] })).rows, ['day'])).toEqual([
    { day: '2026-11-01', requests: 3, cost: '500008' },
    { day: '2026-11-02', requests: 1, cost: '999' },
  ]);
  expect(pick((await stats(admin, { groupBy: ['MODEL'] })).rows, ['modelId'])).toEqual([
    { modelId: 'gpt-4o', requests: 2, cost: '500999' },
    { modelId: 'gpt-4o-mini', requests: 2, cost: '8' },
  ]);
  const byUser = pick((await stats(admin, { groupBy: ['USER'] })).rows, ['userId']);
  expect(byUser).toContainEqual({ userId: String(a.userId), requests: 3, cost: '500008' });
  expect(byUser).toContainEqual({ userId: String(b.userId), requests: 1, cost: '999' });
  expect(pick((await stats(admin, { groupBy: ['TOKEN'] })).rows, ['tokenId'])).toEqual([
    { tokenId: '11', requests: 2, cost: '8' },
    { tokenId: '12', requests: 1, cost: '500000' },
    { tokenId: '21', requests: 1, cost: '999' },
  ]);
  expect(pick((await stats(admin, { groupBy: ['GROUP'] })).rows, ['group'])).toEqual([
    { group: 'default', requests: 3, cost: '1007' },
    { group: 'vip', requests: 1, cost: '500000' },
  ]);
  expect(pick((await stats(admin, { groupBy: ['SURFACE'] })).rows, ['surface'])).toEqual([
    { surface: 'chat.completions', requests: 2, cost: '500005' },
    { surface: 'messages', requests: 1, cost: '999' },
    { surface: 'responses', requests: 1, cost: '3' },
  ]);
  const channels = (await gqlData(app, UsageStatsAdminDocument, { ...RANGE, groupBy: ['CHANNEL'] }, admin)).usageStats;
  if (channels.__typename !== 'UsageStats') throw new Error('expected stats');
  expect(channels.rows.map((r) => [r.channelId, r.requests, r.cost])).toEqual([[String(ch1), 2, '500005'], [String(ch2), 2, '1002']]);
  expect(channels.rows.every((r) => /^channel/.test(r.channelName ?? ''))).toBe(true);
});

it('combines dimensions and filters, with money at the display rate', async () => {
  const combo = await stats(admin, { groupBy: ['DAY', 'MODEL', 'SURFACE'] });
  expect(pick(combo.rows, ['day', 'modelId', 'surface'])).toEqual([
    { day: '2026-11-01', modelId: 'gpt-4o', surface: 'chat.completions', requests: 1, cost: '500000' },
    { day: '2026-11-01', modelId: 'gpt-4o-mini', surface: 'chat.completions', requests: 1, cost: '5' },
    { day: '2026-11-01', modelId: 'gpt-4o-mini', surface: 'responses', requests: 1, cost: '3' },
    { day: '2026-11-02', modelId: 'gpt-4o', surface: 'messages', requests: 1, cost: '999' },
  ]);
  expect(combo.rows[0]!.costUsd).toBe(1);
  expect(combo.rows[0]!.successfulRequests).toBe(0);
  expect(combo.totals).toMatchObject({ requests: 4, promptTokens: '9350', completionTokens: '935', cost: '501007' });

  const filtered = await stats(admin, { groupBy: ['TOKEN'], modelId: 'gpt-4o-mini', surface: 'responses', group: 'default', channelId: String(ch2) });
  expect(pick(filtered.rows, ['tokenId'])).toEqual([{ tokenId: '11', requests: 1, cost: '3' }]);
  const legacy = await stats(admin, { groupBy: ['DAY_AND_MODEL'], userId: String(b.userId) });
  expect(pick(legacy.rows, ['day', 'modelId'])).toEqual([{ day: '2026-11-02', modelId: 'gpt-4o', requests: 1, cost: '999' }]);
  const totalsOnly = await stats(admin, { groupBy: [] });
  expect(totalsOnly.rows).toEqual([]);
  expect(totalsOnly.totals).toMatchObject({ requests: 4, cost: '501007' });
});

it('a user sees only their own figures and no channels', async () => {
  const own = await stats(a.session, { groupBy: ['USER', 'TOKEN'] });
  expect(pick(own.rows, ['userId', 'tokenId'])).toEqual([
    { userId: String(a.userId), tokenId: '11', requests: 2, cost: '8' },
    { userId: String(a.userId), tokenId: '12', requests: 1, cost: '500000' },
  ]);
  // Another user's token filters to nothing rather than revealing it.
  expect((await stats(a.session, { groupBy: ['TOKEN'], tokenId: '21' })).rows).toEqual([]);
  const spy = await gql(app, UsageStatsGroupedDocument, { ...RANGE, userId: String(b.userId) }, a.session);
  expect(spy.errors?.[0]?.message).toMatch(/not authorized/i);
  const byChannel = (await gqlData(app, UsageStatsGroupedDocument, { ...RANGE, groupBy: ['CHANNEL'] }, a.session)).usageStats;
  expect(byChannel).toMatchObject({ __typename: 'InputValidationError', field: 'groupBy' });
  const names = await gql(app, UsageStatsAdminDocument, { ...RANGE, groupBy: ['USER'] }, a.session);
  expect(names.errors?.[0]?.message).toMatch(/not authorized/i);
  expect((await gql(app, UsageStatsGroupedDocument, { ...RANGE })).errors?.[0]?.message).toMatch(/not authorized/i);
});

it('resolves user e-mails and channel names for admin rows in a constant number of queries', async () => {
  for (let i = 0; i < 12; i++) {
    const u = await signUp(app, `stats-many-${i}@groupings.test`);
    const c = await createChannel(app, { baseUrl: 'http://127.0.0.1:9/v1' });
    await insert({ user: u.userId, token: 100 + i, model: 'gpt-4o', channel: c, group: 'default', surface: 'chat.completions', at: '2026-11-02T05:00:00Z', prompt: 1, completion: 1, cost: 1 });
  }
  const { result, selects: queries } = await recordSelects(() => gqlData(app, UsageStatsAdminDocument, { ...RANGE, groupBy: ['USER', 'CHANNEL'] }, admin));
  const res = result.usageStats;
  if (res.__typename !== 'UsageStats') throw new Error('expected stats');
  expect(res.rows.length).toBe(15);
  expect(res.rows.every((r) => r.userEmail?.endsWith('@groupings.test') && r.channelName?.startsWith('channel'))).toBe(true);
  // session lookup, the aggregate, one batch of users, one batch of channels
  expect(queries).toHaveLength(4);
  expect(queries.filter((q) => /from "users"/.test(q))).toHaveLength(1);
  expect(queries.filter((q) => /from "channels"/.test(q))).toHaveLength(1);
});
