import type { MeteredUsage } from '../../../src/domain/billing/billing.types';
import { costOf, parseMultiplier, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { createLogger } from '../../../src/lib/logger';
import { SetChannelCostMultiplierDocument, SetChannelModelCostDocument } from '../../generated/graphql';
import { createChannel, disableAllChannels, eventually, usageCharges, usageLogs } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { parsePrometheusText, sampleValue } from '../../support/prometheus-text';
import { connectRealtime, say, type Conn } from '../../support/realtime-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { newCaller, seedPrices } from '../../support/vendor-fixtures';

// A realtime session as the operator sees it: each response's usage row with what the serving
// channel's upstream billed (its multiplier of the catalogue price, or its own price list), an
// access line per response and one per session, and the request metrics labelled `realtime`.

const MODEL = 'gpt-realtime';
const METRICS_TOKEN = 'metrics-token-0123456789';
const USAGE = {
  total_tokens: 1_700, input_tokens: 1_200, output_tokens: 500,
  input_token_details: { text_tokens: 300, audio_tokens: 900, cached_tokens: 400, cached_tokens_details: { text_tokens: 100, audio_tokens: 300 } },
  output_token_details: { text_tokens: 100, audio_tokens: 400 },
};
const METERED: MeteredUsage = { promptTokens: 1_200, completionTokens: 500, cacheReadTokens: 400, cacheWriteTokens: 0, audioMs: 0, audioPromptTokens: 600, audioCompletionTokens: 400 };
const CHARGE = costOf(seedPrices(MODEL), METERED, UNIT_MULTIPLIER);
const lines: string[] = [];
let app: TestApp;
let upstream: FakeUpstream;
let admin: string;

beforeAll(async () => {
  const logger = createLogger({ level: 'info', destination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) } });
  app = await startTestApp({ METRICS_TOKEN, BREAKER_FAILURES: '1000' }, { logger });
  upstream = await FakeUpstream.start();
  upstream.setDefault({ realtimeUsage: USAGE });
  admin = await adminSession(app);
});
afterAll(async () => {
  await app?.close();
  await upstream?.close();
});

function accessLines(): Array<Record<string, unknown>> {
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.log === 'access');
}

async function scrape(): Promise<ReturnType<typeof parsePrometheusText>> {
  const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return parsePrometheusText(await res.text());
}

/** One session of `responses` responses, closed by the caller once each is charged. */
async function session(key: string, userId: number, responses: number): Promise<Conn> {
  const conn = await connectRealtime(app.url, MODEL, { key });
  await conn.next('session.created');
  for (let i = 0; i < responses; i++) {
    const from = conn.events.length;
    say(conn, `turn ${i}`);
    await conn.next('response.done', from);
    await eventually(async () => (await usageCharges(app, userId)).length === i + 1);
  }
  conn.ws.close();
  await conn.closed;
  return conn;
}

async function realtimeRows(userId: number) {
  let rows: Awaited<ReturnType<typeof usageLogs>> = [];
  await eventually(async () => (rows = (await usageLogs(app, { userId })).filter((r) => r.surface === 'realtime')).length > 0);
  return rows;
}

it('records each response\'s upstream cost at the channel\'s multiplier, and at its own price list', async () => {
  await disableAllChannels(app);
  const half = String(await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: [MODEL] }));
  expectTypename((await gqlData(app, SetChannelCostMultiplierDocument, { channelId: half, multiplier: '0.5' }, admin)).setChannelCostMultiplier, 'Channel');
  const first = await newCaller(app, 1_000_000n);
  await session(first.key, first.userId, 1);
  const [row] = await realtimeRows(first.userId);
  expect({ cost: row!.cost, upstreamCost: row!.upstreamCost }).toEqual({ cost: CHARGE, upstreamCost: costOf(seedPrices(MODEL), METERED, parseMultiplier('0.5')) });

  await disableAllChannels(app);
  const own = String(await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: [MODEL] }));
  const input = { inputPrice: '1000000', outputPrice: '2000000', cacheReadPrice: '100000', audioInputPrice: '10000000', audioOutputPrice: '20000000' };
  expectTypename((await gqlData(app, SetChannelModelCostDocument, { channelId: own, modelId: MODEL, input }, admin)).setChannelModelCost, 'ChannelPrice');
  const second = await newCaller(app, 1_000_000n);
  await session(second.key, second.userId, 1);
  const [ownRow] = await realtimeRows(second.userId);
  // 200 text in x 1M + 600 audio in x 10M + 400 cached x 0.1M + 100 text out x 2M + 400 audio out x 20M, per 1M
  expect({ cost: ownRow!.cost, upstreamCost: ownRow!.upstreamCost }).toEqual({ cost: CHARGE, upstreamCost: 14_440n });
});

it('logs an access line per response and one per session, and counts its responses in the request metrics', async () => {
  await disableAllChannels(app);
  const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: [MODEL] });
  const before = await scrape();
  const { userId, key } = await newCaller(app, 1_000_000n);
  await session(key, userId, 2);
  const refused = await connectRealtime(app.url, MODEL, { key: 'sk-not-a-real-key' }).catch((e: { status: number }) => e);
  expect((refused as { status: number }).status).toBe(401);

  const rows = await realtimeRows(userId);
  await eventually(() => accessLines().filter((l) => l.userId === userId && l.msg === 'realtime session').length === 1);
  for (const row of rows) {
    expect(accessLines().filter((l) => l.requestId === row.requestId)).toEqual([
      expect.objectContaining({ surface: 'realtime', model: MODEL, channelId, status: 200, outcome: 'SUCCESS', cost: CHARGE.toString(), promptTokens: 1_200, completionTokens: 500 }),
    ]);
  }
  const sessionLine = accessLines().find((l) => l.userId === userId && l.msg === 'realtime session')!;
  expect(sessionLine).toMatchObject({ surface: 'realtime', model: MODEL, channelId, endedBy: 'client', responses: 2, cost: (2n * CHARGE).toString() });
  expect(rows.map((r) => r.requestId)).not.toContain(sessionLine.requestId);

  const after = await scrape();
  const delta = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
  expect(delta('gw_requests_total', { surface: 'realtime', model: MODEL, status: '200', error_code: '' })).toBe(2);
  expect(delta('gw_requests_total', { surface: 'realtime', model: 'none', status: '401', error_code: 'invalid_api_key' })).toBe(1);
  // The two responses and the refused upgrade.
  expect(delta('gw_request_duration_seconds_count', { surface: 'realtime', stream: 'true' })).toBe(3);
  expect(delta('gw_cost_quota_units_total', { model: MODEL, bucket: 'FREE' })).toBe(Number(2n * CHARGE));
  expect(delta('gw_tokens_total', { model: MODEL, kind: 'completion' })).toBe(1_000);
});
