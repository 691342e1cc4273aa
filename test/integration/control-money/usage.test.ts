import { UsageLogsAdminDocument, UsageLogsDocument, UsageStatsDocument } from '../../generated/graphql';
import { adminSession, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: string;
let a: { session: string; userId: number };
let b: { session: string; userId: number };
let seq = 0;

interface Row {
  userId: number;
  tokenId?: number;
  modelId: string;
  at: string;
  prompt: number;
  completion: number;
  cost: number;
  outcome?: string;
}

async function insertUsage(row: Row) {
  seq++;
  await app.em().execute(
    `insert into usage_logs (request_id, user_id, token_id, group_name, model_id, attempts, channel_id, stream, prompt_tokens,
                             completion_tokens, cached_tokens, audio_ms, cost, bucket, outcome, http_status, latency_ms, created_at)
     values (?, ?, ?, 'default', ?, '[]', 7, false, ?, ?, 0, 0, ?, 'FREE', ?, 200, 50, ?)`,
    [`req_usage_${seq}`, row.userId, row.tokenId ?? null, row.modelId, row.prompt, row.completion, row.cost, row.outcome ?? 'SUCCESS', row.at],
  );
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await adminSession(app);
  a = await signUp(app, 'usage-a@money.test');
  b = await signUp(app, 'usage-b@money.test');
  // A: two models over two UTC days; 23:30 UTC on the 1st is already the 2nd in Shanghai.
  await insertUsage({ userId: a.userId, tokenId: 11, modelId: 'gpt-4o-mini', at: '2026-11-01T10:00:00Z', prompt: 100, completion: 10, cost: 5 });
  await insertUsage({ userId: a.userId, tokenId: 11, modelId: 'gpt-4o', at: '2026-11-01T23:30:00Z', prompt: 200, completion: 20, cost: 50 });
  await insertUsage({ userId: a.userId, tokenId: 12, modelId: 'gpt-4o', at: '2026-11-02T08:00:00Z', prompt: 300, completion: 30, cost: 70, outcome: 'UPSTREAM_ERROR' });
  await insertUsage({ userId: b.userId, tokenId: 21, modelId: 'gpt-4o', at: '2026-11-01T12:00:00Z', prompt: 9000, completion: 900, cost: 999 });
});
afterAll(() => app.close());

const RANGE = { from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' };

describe('usage', () => {
  it("lists the viewer's own rows only, newest first, with filters", async () => {
    const rows = (await gqlData(app, UsageLogsDocument, {}, a.session)).usage.edges.map((e) => e.node);
    expect(rows.map((r) => r.userId)).toEqual([String(a.userId), String(a.userId), String(a.userId)]);
    expect(rows.map((r) => r.createdAt)).toEqual(['2026-11-02T08:00:00.000Z', '2026-11-01T23:30:00.000Z', '2026-11-01T10:00:00.000Z']);

    const byModel = (await gqlData(app, UsageLogsDocument, { filter: { modelId: 'gpt-4o' } }, a.session)).usage.edges;
    expect(byModel).toHaveLength(2);
    const byToken = (await gqlData(app, UsageLogsDocument, { filter: { tokenId: '12' } }, a.session)).usage.edges;
    expect(byToken.map((e) => e.node.cost)).toEqual(['70']);
    const byTime = (await gqlData(app, UsageLogsDocument, { filter: { from: '2026-11-01T12:00:00Z', to: '2026-11-02T00:00:00Z' } }, a.session)).usage.edges;
    expect(byTime.map((e) => e.node.modelId)).toEqual(['gpt-4o']);
    // B's token id filters A's rows to nothing rather than revealing B's.
    expect((await gqlData(app, UsageLogsDocument, { filter: { tokenId: '21' } }, a.session)).usage.edges).toEqual([]);

    const page = (await gqlData(app, UsageLogsDocument, { first: 2 }, a.session)).usage;
    const rest = (await gqlData(app, UsageLogsDocument, { first: 2, after: page.pageInfo.endCursor }, a.session)).usage;
    expect([...page.edges, ...rest.edges].map((e) => e.node.id)).toEqual(rows.map((r) => r.id));
  });

  it("never shows user A user B's rows; admins see everyone and filter by user", async () => {
    const spy = await gql(app, UsageLogsDocument, { filter: { userId: String(b.userId) } }, a.session);
    expect(spy.errors?.[0]?.message).toMatch(/not authorized/i);
    expect(spy.data ?? null).toBeNull();
    expect((await gql(app, UsageLogsDocument, {})).errors?.[0]?.message).toMatch(/not authorized/i);
    const channelAsUser = await gql(app, UsageLogsAdminDocument, {}, a.session);
    expect(channelAsUser.errors?.[0]?.message).toMatch(/not authorized/i);

    const all = (await gqlData(app, UsageLogsAdminDocument, {}, admin)).usage.edges.map((e) => e.node);
    expect(new Set(all.map((r) => r.userId))).toEqual(new Set([String(a.userId), String(b.userId)]));
    expect(all[0]!.channelId).toBe('7');
    const onlyB = (await gqlData(app, UsageLogsAdminDocument, { filter: { userId: String(b.userId) } }, admin)).usage.edges;
    expect(onlyB.map((e) => e.node.userId)).toEqual([String(b.userId)]);
  });
});

describe('usageStats', () => {
  it('totals requests, tokens and cost per day (in the chosen time zone) and per model, own rows only', async () => {
    const byDay = (await gqlData(app, UsageStatsDocument, { ...RANGE, groupBy: 'DAY', timezone: 'UTC' }, a.session)).usageStats;
    expect(byDay).toMatchObject({
      __typename: 'UsageStats',
      timezone: 'UTC',
      totals: { requests: 3, successfulRequests: 2, promptTokens: '600', completionTokens: '60', cost: '125' },
      rows: [
        { day: '2026-11-01', modelId: null, requests: 2, promptTokens: '300', cost: '55' },
        { day: '2026-11-02', modelId: null, requests: 1, promptTokens: '300', cost: '70' },
      ],
    });
    const shanghai = (await gqlData(app, UsageStatsDocument, { ...RANGE, groupBy: 'DAY', timezone: 'Asia/Shanghai' }, a.session)).usageStats;
    expect(shanghai).toMatchObject({ rows: [{ day: '2026-11-01', requests: 1 }, { day: '2026-11-02', requests: 2 }] });

    const byModel = (await gqlData(app, UsageStatsDocument, { ...RANGE, groupBy: 'MODEL' }, a.session)).usageStats;
    expect(byModel).toMatchObject({
      rows: [
        { day: null, modelId: 'gpt-4o', requests: 2, cost: '120' },
        { day: null, modelId: 'gpt-4o-mini', requests: 1, cost: '5' },
      ],
    });
    const both = (await gqlData(app, UsageStatsDocument, { ...RANGE, groupBy: 'DAY_AND_MODEL', timezone: 'UTC' }, a.session)).usageStats;
    expect(both.__typename === 'UsageStats' && both.rows.map((r) => [r.day, r.modelId, r.requests])).toEqual([
      ['2026-11-01', 'gpt-4o', 1],
      ['2026-11-01', 'gpt-4o-mini', 1],
      ['2026-11-02', 'gpt-4o', 1],
    ]);
  });

  it('gives admins everyone (or one user), users only themselves', async () => {
    const all = (await gqlData(app, UsageStatsDocument, { ...RANGE, groupBy: 'MODEL' }, admin)).usageStats;
    expect(all).toMatchObject({ totals: { requests: 4, cost: '1124' } });
    const onlyB = (await gqlData(app, UsageStatsDocument, { ...RANGE, userId: String(b.userId) }, admin)).usageStats;
    expect(onlyB).toMatchObject({ totals: { requests: 1, cost: '999' } });
    const spy = await gql(app, UsageStatsDocument, { ...RANGE, userId: String(b.userId) }, a.session);
    expect(spy.errors?.[0]?.message).toMatch(/not authorized/i);
    const bOwn = (await gqlData(app, UsageStatsDocument, RANGE, b.session)).usageStats;
    expect(bOwn).toMatchObject({ totals: { requests: 1 } });
  });

  it('validates the range and time zone', async () => {
    expect((await gqlData(app, UsageStatsDocument, { from: RANGE.to, to: RANGE.from }, a.session)).usageStats)
      .toMatchObject({ __typename: 'InputValidationError', field: 'to' });
    expect((await gqlData(app, UsageStatsDocument, { from: '2020-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, a.session)).usageStats)
      .toMatchObject({ __typename: 'InputValidationError', field: 'to' });
    expect((await gqlData(app, UsageStatsDocument, { ...RANGE, timezone: 'Nowhere/Atlantis' }, a.session)).usageStats)
      .toMatchObject({ __typename: 'InputValidationError', field: 'timezone' });
  });
});
