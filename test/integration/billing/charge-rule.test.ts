import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { parsePrometheusText, sampleValue } from '../../support/prometheus-text';
import {
  client, createChannel, createToken, createUser, disableAllChannels, eventually, expectedCost, freeBalance, GPT_4O_MINI, ledgerSum, usageCharges, usageLogs,
} from '../../support/data-plane-fixtures';
import { collect } from '../../support/vendor-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// The charge rule (README, "Billing"): a prompt the upstream counts far above the estimate is
// charged in full, the part above the hold from the balance nobody holds, never below zero; what
// cannot be covered is on the usage row, whose cost is always the ledger charge.

let app: TestApp;
let upstream: FakeUpstream;
let webhook: Server;
const alerts: Array<Record<string, unknown>> = [];

// Within gpt-4o-mini's 128,000-token context: no upstream reads more, so more is never charged.
const LONG_PROMPT = { prompt_tokens: 120_000, completion_tokens: 5 };
const PRICE = expectedCost(GPT_4O_MINI, LONG_PROMPT.prompt_tokens, LONG_PROMPT.completion_tokens);

beforeAll(async () => {
  webhook = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      alerts.push(JSON.parse(body) as Record<string, unknown>);
      res.end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({ QUOTA_LEASES: 'false', ALERT_WEBHOOK_URL: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/alerts` });
  upstream = (await FakeUpstream.start()).setDefault({ usage: LONG_PROMPT });
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
  webhook.close();
});

async function ask(key: string, stream: boolean): Promise<void> {
  const messages = [{ role: 'user' as const, content: 'what is in the attached document?' }];
  if (stream) await collect(await client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages, max_tokens: 16, stream: true }));
  else await client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages, max_tokens: 16 });
}

describe.each([false, true])('a prompt counted far above its estimate (stream: %s)', (stream) => {
  it('is charged in full when the balance covers it; the usage row says the same', async () => {
    const start = 1_000_000n;
    const userId = await createUser(app, { freeQuota: start });
    const { key } = await createToken(app, userId);
    await ask(key, stream);
    const charges = await usageCharges(app, userId);
    expect(charges.map((c) => -c.amount)).toEqual([PRICE]);
    expect(await freeBalance(app, userId)).toEqual({ quota: start - PRICE, reserved: 0n });
    const [row] = await usageLogs(app, { userId });
    expect(row).toMatchObject({ cost: PRICE, uncoveredCost: 0n });
  });

  it('takes what the balance has, never below zero, and keeps the rest on the usage row, counted', async () => {
    const start = 5_000n;
    const userId = await createUser(app, { freeQuota: start });
    const { key } = await createToken(app, userId);
    const before = app.server.services.chargeAnomalies.uncoveredUnits;
    await ask(key, stream);
    const charges = await usageCharges(app, userId);
    expect(charges.map((c) => -c.amount)).toEqual([start]);
    expect(await freeBalance(app, userId)).toEqual({ quota: 0n, reserved: 0n });
    expect(await ledgerSum(app, userId, 'FREE')).toBe(0n);
    const [row] = await usageLogs(app, { userId });
    // The row's cost is the ledger charge; the price the upstream's report implies is cost + uncovered.
    expect(row).toMatchObject({ cost: start, uncoveredCost: PRICE - start });
    expect(app.server.services.chargeAnomalies.uncoveredUnits).toBe(before + PRICE - start);
    // The operator hears of it: a metric and the alert webhook.
    const samples = parsePrometheusText(await (await fetch(`${app.url}/metrics`)).text());
    expect(BigInt(sampleValue(samples, 'gw_uncovered_cost_quota_units_total'))).toBe(app.server.services.chargeAnomalies.uncoveredUnits);
    expect(sampleValue(samples, 'gw_uncovered_charges_total')).toBe(app.server.services.chargeAnomalies.uncoveredCharges);
    await eventually(() => alerts.some((a) => a.requestId === row!.requestId));
    expect(alerts.find((a) => a.requestId === row!.requestId)).toMatchObject({ event: 'charge_uncovered', charged: String(start), uncovered: String(PRICE - start) });
  });

  it('stops at the key\'s quota cap: a spending limit is never passed', async () => {
    const userId = await createUser(app, { freeQuota: 1_000_000n });
    const { key, tokenId } = await createToken(app, userId, { quotaCap: 3_000n });
    await ask(key, stream);
    const charges = await usageCharges(app, userId);
    expect(charges.map((c) => -c.amount)).toEqual([3_000n]);
    const [token] = await app.em().getConnection().execute(`select used_quota, reserved_quota from tokens where id = ?`, [tokenId]);
    expect({ used: String(token.used_quota), reserved: String(token.reserved_quota) }).toEqual({ used: '3000', reserved: '0' });
    const [row] = await usageLogs(app, { userId });
    expect(row).toMatchObject({ cost: 3_000n, uncoveredCost: PRICE - 3_000n });
  });
});
