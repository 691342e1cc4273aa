import type { Browser } from 'playwright-core';
import { User } from '../../src/db/entities';
import { SetTokenBudgetDocument } from '../generated/graphql';
import { createChannel, createToken } from '../support/data-plane-fixtures';
import { adminSession, gqlData } from '../support/graphql-client';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { launchBrowser, newWatchedContext, screenshot, signIn } from './browser';

// The console's margin views in Chromium: the admin overview's revenue / cost / margin chart and
// the channels earning least, and a key's budget window, spent and remaining on the keys page.
let app: TestApp;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

it('shows the admin revenue, cost and margin over time, the lowest-margin channels, and a key\'s budget', async () => {
  const admin = await app.em().findOneOrFail(User, { email: TEST_ADMIN.email });
  const losing = await createChannel(app, { baseUrl: 'http://127.0.0.1:9/v1' });
  const earning = await createChannel(app, { baseUrl: 'http://127.0.0.1:9/v1' });
  for (const [i, channel, cost, upstream] of [[1, losing, 1_000, 1_500], [2, earning, 2_000, 600]] as const) {
    await app.em().execute(
      `insert into usage_logs (request_id, user_id, token_id, group_name, model_id, attempts, channel_id, stream, prompt_tokens,
                               completion_tokens, cached_tokens, audio_ms, cost, upstream_cost, bucket, outcome, http_status, latency_ms, created_at, surface)
       values (?, ?, 1, 'default', 'gpt-4o-mini', '[]', ?, false, 10, 10, 0, 0, ?, ?, 'FREE', 'SUCCESS', 200, 50, now() - interval '1 hour', 'chat.completions')`,
      [`req_margin_e2e_${i}`, admin.id, channel, cost, upstream],
    );
  }
  const { tokenId } = await createToken(app, admin.id);
  await gqlData(app, SetTokenBudgetDocument, { tokenId: String(tokenId), budget: { amount: '5000000', period: 'MONTH' } }, await adminSession(app));

  const context = await newWatchedContext(browser, app.url, problems);
  const page = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  const panel = page.getByTestId('margin-panel');
  await panel.getByText('Revenue, upstream cost and margin (30 days)').waitFor();
  const chart = panel.getByTestId('margin-chart');
  await chart.waitFor();
  expect((await chart.boundingBox())!.height).toBeGreaterThan(100);
  expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
  const lowest = panel.getByTestId('lowest-margin-channels').locator('tbody tr');
  await lowest.first().waitFor();
  // The losing channel first: its margin is negative.
  const names = await lowest.locator('td:first-child').allInnerTexts();
  expect(names.length).toBeGreaterThanOrEqual(2);
  const channelNames = await app.em().getConnection().execute<Array<{ id: number; name: string }>>('select id, name from channels where id in (?, ?)', [losing, earning]);
  expect(names[0]).toBe(channelNames.find((c) => Number(c.id) === losing)!.name);
  await screenshot(page, 'admin-margin');

  await page.getByRole('link', { name: 'API keys' }).click();
  const budget = page.getByTestId('key-budget');
  await budget.waitFor();
  const text = await budget.innerText();
  expect(text).toContain('This month');
  expect(text).toContain('Left');
  expect(text).toContain('resets');
  await screenshot(page, 'key-budget');
  await context.close();
});
