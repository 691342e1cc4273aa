import { readFile } from 'node:fs/promises';
import OpenAI from 'openai';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { FakeUpstream } from '../../src/demo/fake-upstream/fake-upstream';
import { parseCsv } from '../../src/lib/csv';
import { Token } from '../../src/db/entities';
import { createChannel } from '../support/data-plane-fixtures';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { en } from '../../src/console/src/i18n/en';
import { zhCN } from '../../src/console/src/i18n/zh-CN';
import { confirmDialog, launchBrowser, moneyUnits, newWatchedContext, screenshot, settled, signIn, signUp } from './browser';

// The console's stories, end to end: Debian's chromium (playwright-core) against the real app on
// a random port on real PostgreSQL, with a fake OpenAI upstream on loopback. Every story fails on
// any console error, uncaught exception, failed request or HTTP error in the page.
let app: TestApp;
let upstream: FakeUpstream;
let browser: Browser;
const problems: string[] = [];
const USER = { email: 'e2e-user@example.com', password: 'e2e-password-1' };

beforeAll(async () => {
  // Its model list, as discovery reads it: one model the channels serve, one only in the catalogue, one unknown.
  upstream = (await FakeUpstream.start()).setDefault({ models: ['gpt-4o-mini', 'gpt-4o', 'fake-model-2'] });
  app = await startTestApp();
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini', 'gpt-4o'], groups: ['default', 'auto'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await upstream?.close();
});
afterEach(() => {
  const seen = problems.splice(0);
  expect(seen).toEqual([]);
});

const openai = (key: string) => new OpenAI({ apiKey: key, baseURL: app.v1Url, maxRetries: 0 });

let userContext: BrowserContext;
let userPage: Page;
let apiKey: string;

it('a new user signs up, creates a key, copies it, calls the API with it, checks in and sees the balance change', async () => {
  userContext = await newWatchedContext(browser, app.url, problems);
  userPage = await userContext.newPage();
  const page = userPage;
  await signUp(page, USER.email, USER.password);
  const startBalance = await moneyUnits(page, 'total-balance');
  expect(startBalance).toBe(Number(app.config.settingsSeed.signupGrant));
  await screenshot(page, 'user-dashboard-new');

  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('my laptop');
  await page.getByRole('dialog').getByRole('button', { name: 'Create key' }).click();
  apiKey = (await page.getByTestId('new-key').textContent())!;
  expect(apiKey).toMatch(/^sk-/);
  await page.getByRole('button', { name: 'Copy key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
  await screenshot(page, 'user-keys');

  const reply = await openai(apiKey).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello from the console test' }] });
  expect(reply.choices[0]?.message.content).toBeTruthy();

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByTestId('check-in-state').waitFor();
  expect(await page.getByTestId('check-in-state').textContent()).toBe('Not checked in yet today');
  await page.getByRole('button', { name: 'Check in' }).click();
  await page.getByText('Checked in today').waitFor();
  const afterBalance = await moneyUnits(page, 'total-balance');
  expect(afterBalance).not.toBe(startBalance);
  // What the user sees is the ledger's arithmetic: grant + check-in - the chat call's charge.
  const charged = startBalance + Number(app.config.settingsSeed.checkInAmount) - afterBalance;
  expect(charged).toBeGreaterThan(0);
  await screenshot(page, 'user-dashboard');
});

it("the user limits a key's concurrent requests (checked before submit) and the keys list shows the limit", async () => {
  const page = userPage;
  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('batch job');
  const concurrent = dialog.getByLabel('Concurrent requests');
  for (const bad of ['1.5', '100001', 'many']) {
    await concurrent.fill(bad);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Enter a whole number in the allowed range.').waitFor();
  }
  await concurrent.fill('5');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = page.getByTestId('key-row').filter({ hasText: 'batch job' });
  expect(await row.getByTestId('key-limits').textContent()).toBe('default per min · 5 at once');

  await row.getByRole('button', { name: 'Edit' }).click();
  expect(await concurrent.inputValue()).toBe('5');
  await concurrent.fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByTestId('key-limits').filter({ hasText: '3 at once' }).waitFor();
  const stored = await app.em().findOneOrFail(Token, { name: 'batch job' });
  expect(stored.maxConcurrent).toBe(3);
  // Emptied: back on the gateway default.
  await row.getByRole('button', { name: 'Edit' }).click();
  await concurrent.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByTestId('key-limits').filter({ hasText: 'default at once' }).waitFor();
});

it('the user buys the weekly package, an admin marks it paid, the user calls an SVIP model and sees the charge in usage and ledger', async () => {
  const page = userPage;
  await page.getByRole('link', { name: 'Packages & orders' }).click();
  await page.getByTestId('package').filter({ hasText: 'SVIP Weekly' }).getByRole('button', { name: 'Buy' }).click();
  await page.getByTestId('pending-order').waitFor();
  await screenshot(page, 'user-billing');

  const svipRefused = await openai(apiKey).chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
  expect(svipRefused).toBeInstanceOf(OpenAI.PermissionDeniedError);

  const adminContext = await newWatchedContext(browser, app.url, problems);
  const admin = await signIn(adminContext, TEST_ADMIN.email, TEST_ADMIN.password);
  await admin.getByRole('link', { name: 'Orders', exact: true }).click();
  const row = admin.getByTestId('admin-order-row').filter({ hasText: USER.email });
  await row.getByRole('button', { name: 'Mark paid' }).click();
  await confirmDialog(admin);
  await row.waitFor({ state: 'detached' });
  await adminContext.close();

  const reply = await openai(apiKey).chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'An SVIP question' }] });
  expect(reply.choices[0]?.message.content).toBeTruthy();
  // Usage rows are batched off the response path; flush so the page reads this call's row, not only the refusal's.
  await app.server.services.usageLog.flush();

  await page.getByRole('link', { name: 'Usage log' }).click();
  const usageRow = page.getByTestId('usage-row').filter({ hasText: 'gpt-4o' }).filter({ hasNotText: 'gpt-4o-mini' }).first();
  await usageRow.waitFor();
  expect(await usageRow.textContent()).toContain('Success');
  await screenshot(page, 'user-usage');

  // The CSV button downloads exactly the filtered rows.
  await page.getByLabel('Model', { exact: true }).fill('gpt-4o');
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('[data-testid="usage-row"]')].map((r) => r.textContent ?? '');
    return rows.length > 0 && rows.every((r) => r.includes('gpt-4o') && !r.includes('gpt-4o-mini'));
  });
  const shown = await page.getByTestId('usage-row').count();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const [header, ...csvRows] = parseCsv(await readFile((await download.path())!, 'utf8'));
  const column = (name: string) => csvRows.map((r) => r[header!.indexOf(name)]);
  expect(csvRows).toHaveLength(shown);
  expect(new Set(column('model'))).toEqual(new Set(['gpt-4o']));
  expect(column('status')).toContain('SUCCESS');
  expect(column('status')).toContain('REJECTED');

  await page.getByRole('link', { name: 'Ledger' }).click();
  const subscriptionCharge = page.getByTestId('ledger-row').filter({ hasText: 'Usage' }).filter({ hasText: 'Subscription' }).first();
  await subscriptionCharge.waitFor();
  expect(await page.getByTestId('ledger-row').filter({ hasText: 'Purchase' }).count()).toBe(1);
  await screenshot(page, 'user-ledger');

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByTestId('subscription').filter({ hasText: 'SVIP Weekly' }).waitFor();
});

it('an admin creates a channel, tests it (the result is shown) and disables it', async () => {
  const context = await newWatchedContext(browser, app.url, problems);
  const page = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
  await page.getByRole('link', { name: 'Channels' }).click();
  await page.getByRole('button', { name: 'Add channel' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('e2e-openai');
  await dialog.getByLabel('Base URL').fill(upstream.openAIBaseUrl);
  await dialog.getByLabel('Upstream API keys (write-only)').fill('sk-upstream-e2e-secret');
  await dialog.getByLabel('Models').click();
  await page.getByRole('option', { name: 'gpt-4o-mini', exact: true }).click();
  await dialog.getByLabel('Models').press('Escape');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  const row = page.getByTestId('channel-row').filter({ hasText: 'e2e-openai' });
  await row.getByRole('button', { name: 'Test' }).click();
  await page.getByTestId('channel-test-result').waitFor();
  expect(await page.getByTestId('channel-test-result').textContent()).toContain('OK: gpt-4o-mini answered');
  await screenshot(page, 'admin-channels');

  await row.getByRole('button', { name: 'Disable' }).click();
  await confirmDialog(page);
  await row.getByTestId('channel-status').filter({ hasText: 'Disabled' }).waitFor();
  expect(await page.content()).not.toContain('sk-upstream-e2e-secret');

  // Its keys (last 4 only) and what its upstream lists.
  await row.getByRole('button', { name: /^Keys / }).click();
  await page.getByTestId('channel-key-row').filter({ hasText: 'cret' }).waitFor();
  await screenshot(page, 'admin-channel-keys');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await row.getByRole('button', { name: 'Discover' }).click();
  await page.getByRole('button', { name: 'Ask the upstream' }).click();
  // The channel serves gpt-4o-mini, so the upstream's listing of it shows as served.
  await page.locator('[data-testid="discovered-model"][data-model="gpt-4o-mini"]').getByText('Served', { exact: true }).waitFor();
  await screenshot(page, 'admin-channel-discovery');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  // A bad import changes nothing and lists every bad row.
  await page.getByRole('button', { name: 'Import channels' }).click();
  await page.getByRole('dialog').getByLabel('Document').fill('[{ "name": "broken", "protocol": "OPENAI" }]');
  await page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }).click();
  const report = page.getByTestId('import-report');
  await report.waitFor();
  expect(await report.textContent()).toContain('Nothing imported: 1 row has problems.');
  expect(await report.textContent()).toContain('baseUrl');
  await screenshot(page, 'admin-channel-import');
  await context.close();
});

it('an admin sets a model price in the catalogue and the pricing page shows it', async () => {
  const context = await newWatchedContext(browser, app.url, problems);
  const admin = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
  await admin.getByRole('link', { name: 'Catalogue', exact: true }).click();
  const row = admin.locator('[data-testid="admin-model-row"][data-model="gpt-4o-mini"]');
  await row.getByRole('button', { name: 'Prices' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByTestId('price-version').first().waitFor();
  await dialog.getByLabel('Input / 1M tokens', { exact: true }).fill('0.5');
  await dialog.getByLabel('Output / 1M tokens', { exact: true }).fill('1.25');
  await screenshot(admin, 'admin-model-prices');
  // Submitted from the field with Enter, and the save awaited: a click right after the full-page
  // screenshot once sent nothing and the dialog stayed open.
  await Promise.all([
    admin.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('setModelPrice')),
    dialog.getByLabel('Output / 1M tokens', { exact: true }).press('Enter'),
  ]);
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('0.50 USD').waitFor();
  await screenshot(admin, 'admin-catalogue');
  for (const tab of ['Vendors', 'Groups', 'Packages']) {
    await admin.getByRole('tab', { name: tab }).click();
    await screenshot(admin, `admin-catalogue-${tab.toLowerCase()}`);
  }
  await context.close();

  await userPage.getByRole('link', { name: 'Models & pricing' }).click();
  const userRow = userPage.getByRole('row').filter({ hasText: 'gpt-4o-mini' });
  await userRow.getByText('0.50 USD').waitFor();
  await userRow.getByText('1.25 USD').waitFor();
});

/** Every string of the given dictionary sections, flattened. */
function strings(dict: object): string[] {
  return Object.values(dict).flatMap((v) => (typeof v === 'string' ? [v] : strings(v as object)));
}

it('the language switch turns every visible string of the dashboard to Chinese', async () => {
  const page = userPage;
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.locator('label', { hasText: '中文' }).click();
  await page.getByRole('heading', { name: zhCN.dashboard.title }).waitFor();
  await page.getByRole('heading', { name: zhCN.quickStart.title }).waitFor();
  const text = await page.locator('body').innerText();
  const english = [en.nav, en.dashboard, en.quickStart, en.common, en.app]
    .flatMap(strings)
    .map((s) => s.replace(/\{\{\w+\}\}/g, '').trim())
    .filter((s) => s.length > 3 && /[a-z]{3}/i.test(s));
  const leftovers = english.filter((s) => text.includes(s));
  expect(leftovers).toEqual([]);
  expect(text).toContain(zhCN.dashboard.totalBalance);
  expect(text).toContain(zhCN.nav.keys);
  await screenshot(page, 'user-dashboard-zh');
  // Back to English, and the choice survives a reload (taken once the page shows it and has nothing in flight to abort).
  await page.locator('label', { hasText: 'English' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await settled(page);
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.getByRole('img', { name: 'usage chart' }).waitFor();
  await screenshot(page, 'dashboard'); // the README's picture (docs/console-dashboard.png)
});

it('a session ended by the server sends the person to the sign-in page with a notice, and back to the page afterwards', async () => {
  const context = await newWatchedContext(browser, app.url, problems);
  // signIn returns once the dashboard has every answer: a dashboard query still in flight would be
  // refused after the sign-out below and send the page to sign-in before the click on "API keys".
  const page = await signIn(context, USER.email, USER.password);
  // Sign this session out behind the page's back, as another device or an expiry would.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('gw.session') ?? '{}') as { token?: string }).token);
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: 'mutation { logout }' }),
  });
  expect(res.status).toBe(200);
  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByText(en.auth.sessionEnded).waitFor();
  await page.getByLabel('Email').fill(USER.email);
  await page.getByLabel(/^Password/).fill(USER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/keys$/);
  await page.getByRole('button', { name: 'Create key' }).waitFor();
  await settled(page);
  await context.close();
});

/** What a `<time>` shows for its instant, formatted in the page by the same rule the console uses, in a given zone. */
async function expectTimeIn(page: Page, time: Locator, options: Intl.DateTimeFormatOptions): Promise<void> {
  const iso = (await time.getAttribute('datetime'))!;
  const expected = await page.evaluate(([value, opts]) => new Intl.DateTimeFormat('en', opts).format(new Date(value)), [iso, options] as const);
  expect(await time.textContent()).toBe(expected);
}

it("dates show in the user's time zone, not the browser's: the user's own setting, else the site default", async () => {
  // The browser sits in Los Angeles; the user picks Shanghai; the admin keeps the site default (UTC).
  const context = await newWatchedContext(browser, app.url, problems, { timezoneId: 'America/Los_Angeles' });
  const page = await signIn(context, USER.email, USER.password);
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('combobox', { name: 'Your time zone' }).fill('Asia/Shang');
  await page.getByRole('option', { name: 'Asia/Shanghai' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved.').first().waitFor();
  await screenshot(page, 'user-account-timezone');
  await page.getByRole('link', { name: 'Usage log' }).click();
  const when = page.getByTestId('usage-row').first().locator('time');
  await when.waitFor();
  await expectTimeIn(page, when, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Shanghai' });
  await context.close();

  const adminContext = await newWatchedContext(browser, app.url, problems, { timezoneId: 'America/Los_Angeles' });
  const admin = await signIn(adminContext, TEST_ADMIN.email, TEST_ADMIN.password);
  await admin.getByRole('link', { name: 'Usage statistics', exact: true }).click();
  const groupBy = admin.getByRole('combobox', { name: 'Group by' });
  await groupBy.focus();
  await admin.keyboard.press('ArrowDown');
  await admin.getByRole('option', { name: 'Hour' }).click();
  await groupBy.press('Escape');
  const hour = admin.getByTestId('stats-row').first().locator('time');
  await hour.waitFor();
  await expectTimeIn(admin, hour, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
  expect(await hour.getAttribute('datetime')).toMatch(/T\d\d:00:00(\.000)?Z$/);
  await adminContext.close();
});

it('screenshots every main page, user and admin, for review', async () => {
  for (const [link, name] of [['Models & pricing', 'user-models'], ['Account', 'user-account']] as const) {
    await userPage.getByRole('link', { name: link }).click();
    await screenshot(userPage, name);
  }
  await userContext.close();
  const context = await newWatchedContext(browser, app.url, problems);
  const page = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
  for (const [link, name] of [['Overview', 'admin-overview'], ['Orders', 'admin-orders'], ['Redemption codes', 'admin-codes'], ['Usage statistics', 'admin-stats'], ['Users', 'admin-users']] as const) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await page.getByRole('heading', { name: link === 'Overview' ? 'Overview' : link }).waitFor();
    await screenshot(page, name);
  }
  await page.locator(`[data-testid="admin-user-row"][data-email="${USER.email}"]`).getByRole('button', { name: 'Details' }).click();
  await page.getByTestId('admin-subscription-row').first().waitFor();
  await screenshot(page, 'admin-user-detail');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Navigation' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await screenshot(page, 'phone-dashboard');
  await context.close();
});
