import type { Browser } from 'playwright-core';
import { FakeUpstream } from '../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels } from '../support/data-plane-fixtures';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { launchBrowser, newWatchedContext, screenshot, signIn } from './browser';

// An admin edits a channel's request overrides in the console: adds a body rule and a header
// rule, saves, sees them after reopening with the change in the channel's audit, and the fake
// vendor receives them on the next request; a rule on the auth header is refused with the reason.
let app: TestApp;
let upstream: FakeUpstream;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  upstream = await FakeUpstream.start();
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

it('an admin adds overrides on the channel page, sees them saved and audited, and the upstream receives them', async () => {
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'], apiKey: 'sk-e2e-channel-key' });
  const context = await newWatchedContext(browser, app.url, problems);
  const page = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
  await page.goto('/admin/channels');
  const row = page.getByTestId('channel-row').filter({ has: page.getByRole('button', { name: 'Overrides' }) }).first();
  await row.getByRole('button', { name: 'Overrides' }).click();
  const box = page.getByRole('dialog', { name: /Request overrides of/ });
  await box.getByText('No overrides').waitFor();

  // A body rule: remove `store`.
  await box.getByRole('button', { name: 'Add override' }).click();
  const first = box.getByTestId('override-row').nth(0);
  await first.getByLabel('Change').click();
  await page.getByRole('option', { name: 'Remove' }).click();
  await first.getByLabel('Path').fill('/store');
  // A header rule, first on the auth header: refused, saying why.
  await box.getByRole('button', { name: 'Add override' }).click();
  const second = box.getByTestId('override-row').nth(1);
  await second.getByLabel('Where').click();
  await page.getByRole('option', { name: 'Header' }).click();
  await second.getByLabel('Path').fill('Authorization');
  await second.getByLabel('Value', { exact: true }).fill('Bearer stolen');
  await box.getByRole('button', { name: 'Save' }).click();
  await box.getByRole('alert').filter({ hasText: 'carries credentials' }).waitFor();

  await second.getByLabel('Path').fill('X-Vendor-Region');
  await second.getByLabel('Value', { exact: true }).fill('eu-west');
  await box.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').filter({ hasText: 'Saved.' }).first().waitFor();
  await box.getByTestId('channel-change-row').first().waitFor();
  await screenshot(page, 'channel-overrides');

  // Reopened: what was saved, and the audit names the admin.
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Overrides' }).click();
  const reopened = page.getByRole('dialog', { name: /Request overrides of/ });
  await reopened.getByTestId('override-row').nth(1).waitFor();
  expect(await reopened.getByTestId('override-row').nth(0).getByLabel('Path').inputValue()).toBe('/store');
  expect(await reopened.getByTestId('override-row').nth(1).getByLabel('Path').inputValue()).toBe('x-vendor-region');
  const change = reopened.getByTestId('channel-change-row').first();
  expect(await change.textContent()).toContain(TEST_ADMIN.email);
  expect(await change.textContent()).toContain('overrides');

  const userId = await createUser(app, { freeQuota: 10_000_000n });
  const { key } = await createToken(app, userId);
  upstream.reset();
  await client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], store: true });
  const sent = upstream.requests[0]!;
  expect(sent.body).not.toHaveProperty('store');
  expect(sent.headers['x-vendor-region']).toBe('eu-west');
  expect(sent.headers.authorization).toBe('Bearer sk-e2e-channel-key');
}, 60_000);

it('an admin gives a model a fallback chain on the Catalogue page and sees it saved', async () => {
  const context = await newWatchedContext(browser, app.url, problems);
  const page = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
  await page.goto('/admin/catalogue');
  const row = page.locator('[data-testid="admin-model-row"][data-model="gpt-4o-mini"]');
  await row.getByRole('button', { name: 'Fallbacks' }).click();
  const box = page.getByRole('dialog', { name: 'Fallbacks of gpt-4o-mini' });
  await box.getByLabel('Then try, in this order').click();
  await page.getByRole('option', { name: 'qwen-plus', exact: true }).click();
  expect(await box.getByTestId('fallback-order').textContent()).toBe('gpt-4o-mini → qwen-plus');
  await box.getByText(/When every channel of this model fails/).click(); // closes the open option list
  await box.getByRole('button', { name: 'Save' }).click();
  await row.getByTestId('model-fallbacks').filter({ hasText: 'qwen-plus' }).waitFor();
  await screenshot(page, 'model-fallbacks');
  const catalogue = await app.server.services.catalogue.get();
  expect(catalogue.byId.get('gpt-4o-mini')?.fallbacks).toEqual(['qwen-plus']);
}, 60_000);
