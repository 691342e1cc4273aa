import type { Browser, Locator, Page } from 'playwright-core';
import { FakeUpstream } from '../../src/demo/fake-upstream/fake-upstream';
import { User } from '../../src/db/entities';
import { changeFreeQuota } from '../../src/domain/quota/free-quota-ledger';
import { client, createChannel, createToken, disableAllChannels } from '../support/data-plane-fixtures';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { launchBrowser, newWatchedContext, screenshot, settled, signIn } from './browser';

// The operator's margin and budgets set through the console in Chromium: a channel's cost basis
// (a factor, then a price list of its own, each refused first with the reason shown), a group's
// routing policy, a key's budget whose spent and remaining move after a request through /v1, and
// a user's budget set by an admin and seen on that user's account page.
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
  expect(problems.splice(0)).toEqual([]);
});

async function adminPage(): Promise<Page> {
  const context = await newWatchedContext(browser, app.url, problems);
  return signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
}

async function pick(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The quota units of each amount shown in an element, in order (Money keeps them in data-units). */
async function unitsIn(element: Locator): Promise<bigint[]> {
  const values = await element.locator('[data-units]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-units') ?? ''));
  return values.map((v) => BigInt(v));
}

it('an admin sets a channel\'s cost factor and its own price for a model, each checked, and a group\'s routing policy', async () => {
  const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini', 'gpt-4o'] });
  const [{ name }] = await app.em().getConnection().execute<Array<{ name: string }>>('select name from channels where id = ?', [channelId]);
  const page = await adminPage();
  await page.goto('/admin/channels');
  const row = page.locator(`[data-testid="channel-row"][data-name="${name}"]`);
  await row.getByRole('button', { name: 'Cost', exact: true }).click();
  const box = page.getByRole('dialog', { name: `Cost basis of ${name}` });
  await box.getByTestId('cost-basis').filter({ hasText: 'cost the catalogue price' }).waitFor();

  const factor = box.getByLabel('Factor of the catalogue price');
  await factor.fill('12.5');
  await box.getByRole('button', { name: 'Save factor' }).click();
  await box.getByText('Enter a decimal from 0 to 10 with at most 4 places').waitFor();
  await factor.fill('0.3');
  await box.getByRole('button', { name: 'Save factor' }).click();
  await box.getByTestId('cost-basis').filter({ hasText: 'cost 0.3 × the catalogue price' }).waitFor();

  await pick(page, box.getByLabel('Model', { exact: true }), 'gpt-4o');
  const form = box.getByTestId('channel-price-form');
  await form.getByLabel('Input / 1M tokens', { exact: true }).fill('-1');
  await form.getByRole('button', { name: 'Set price now' }).click();
  await form.getByText('Enter an amount such as 1.50.').waitFor();
  await form.getByLabel('Input / 1M tokens', { exact: true }).fill('0.5');
  await form.getByLabel('Output / 1M tokens', { exact: true }).fill('2');
  await form.getByRole('button', { name: 'Set price now' }).click();
  const version = box.getByTestId('channel-price-version').filter({ hasText: 'gpt-4o' });
  await version.waitFor();
  await screenshot(page, 'channel-cost');
  const [channel] = await app.em().getConnection().execute<Array<{ cost_multiplier: string }>>('select cost_multiplier from channels where id = ?', [channelId]);
  expect(Number(channel!.cost_multiplier)).toBe(0.3);
  const prices = await app.em().getConnection().execute<Array<{ model_id: string; input_price: string; output_price: string }>>(
    'select model_id, input_price, output_price from channel_prices where channel_id = ?', [channelId]);
  // 500,000 quota units per USD (the default display rate).
  expect(prices.map((p) => [p.model_id, String(p.input_price), String(p.output_price)])).toEqual([['gpt-4o', '250000', '1000000']]);
  await page.keyboard.press('Escape');
  await settled(page);

  await page.goto('/admin/catalogue');
  await page.getByRole('tab', { name: 'Groups' }).click();
  const group = page.locator('[data-testid="admin-group-row"][data-group="default"]');
  expect(await group.getByTestId('group-routing-policy').innerText()).toBe('Priority');
  await group.getByRole('button', { name: 'Edit' }).click();
  const groupBox = page.getByRole('dialog', { name: 'Edit group default' });
  await pick(page, groupBox.getByLabel('Routing'), 'Cheapest');
  await groupBox.getByText('The healthy channel with the lowest cost').waitFor();
  await groupBox.getByRole('button', { name: 'Save' }).click();
  await group.getByTestId('group-routing-policy').filter({ hasText: 'Cheapest' }).waitFor();
  const [stored] = await app.em().getConnection().execute<Array<{ routing_policy: string }>>("select routing_policy from groups where name = 'default'");
  expect(stored!.routing_policy).toBe('CHEAPEST');
  await screenshot(page, 'group-routing-policy');
  await page.context().close();
}, 180_000);

it('a channel\'s own media and audio prices show in its price form after a reload, not the catalogue\'s', async () => {
  const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['tts-1', 'dall-e-3'] });
  const [{ name }] = await app.em().getConnection().execute<Array<{ name: string }>>('select name from channels where id = ?', [channelId]);
  const page = await adminPage();
  await page.goto('/admin/channels');
  const openPriceForm = async (model: string): Promise<Locator> => {
    await page.locator(`[data-testid="channel-row"][data-name="${name}"]`).getByRole('button', { name: 'Cost', exact: true }).click();
    const box = page.getByRole('dialog', { name: `Cost basis of ${name}` });
    await pick(page, box.getByLabel('Model', { exact: true }), model);
    return box.getByTestId('channel-price-form');
  };

  // tts-1 is $15 per 1M characters in the catalogue; this upstream charges $9, and $2 per 1M audio output tokens.
  let form = await openPriceForm('tts-1');
  const characters = form.getByLabel('Speech input / 1M characters', { exact: true });
  expect(await characters.inputValue()).toBe('15');
  await characters.fill('9');
  await form.getByLabel('Audio output / 1M tokens', { exact: true }).fill('2');
  await form.getByRole('button', { name: 'Set price now' }).click();
  await page.getByTestId('channel-price-version').filter({ hasText: 'tts-1' }).waitFor();

  // dall-e-3's first row (1024x1024 standard) is $0.04 per image in the catalogue; here $0.02.
  await page.keyboard.press('Escape');
  form = await openPriceForm('dall-e-3');
  const firstRow = form.getByTestId('image-price-row').first();
  expect(await firstRow.getByLabel('Per image', { exact: true }).inputValue()).toBe('0.04');
  await firstRow.getByLabel('Per image', { exact: true }).fill('0.02');
  await form.getByRole('button', { name: 'Set price now' }).click();
  await page.getByTestId('channel-price-version').filter({ hasText: 'dall-e-3' }).waitFor();
  const stored = await app.em().getConnection().execute<Array<{ model_id: string; character_price: string; audio_output_price: string | null; image_prices: Array<{ price: string }> }>>(
    'select model_id, character_price, audio_output_price, image_prices from channel_prices where channel_id = ? order by model_id', [channelId]);
  expect(stored.map((r) => [r.model_id, String(r.character_price), r.audio_output_price === null ? null : String(r.audio_output_price), r.image_prices[0]?.price ?? null]))
    .toEqual([['dall-e-3', '0', null, '10000'], ['tts-1', '4500000', '1000000', null]]);

  // A fresh page reads the stored versions back: each form starts from what the channel's version holds.
  await page.keyboard.press('Escape');
  await settled(page);
  await page.reload();
  await settled(page);
  form = await openPriceForm('tts-1');
  expect(await form.getByLabel('Speech input / 1M characters', { exact: true }).inputValue()).toBe('9');
  expect(await form.getByLabel('Audio output / 1M tokens', { exact: true }).inputValue()).toBe('2');
  await page.keyboard.press('Escape');
  form = await openPriceForm('dall-e-3');
  expect(await form.getByTestId('image-price-row').first().getByLabel('Per image', { exact: true }).inputValue()).toBe('0.02');
  expect(await form.getByTestId('image-price-row').count()).toBe(6);
  await screenshot(page, 'channel-media-prices');
  await page.context().close();
}, 180_000);

it('a key\'s budget set on the keys page shows what a request through /v1 spent and what is left; a user budget set by an admin shows on the account page', async () => {
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
  const admin = await app.em().findOneOrFail(User, { email: TEST_ADMIN.email });
  const granted = await changeFreeQuota(app.em(), { userId: admin.id, amount: 100_000_000n, kind: 'ADMIN_ADJUSTMENT', memo: 'e2e budget' });
  expect(granted.ok).toBe(true);
  const { key, tokenId } = await createToken(app, admin.id);
  const [{ name }] = await app.em().getConnection().execute<Array<{ name: string }>>('select name from tokens where id = ?', [tokenId]);

  const page = await adminPage();
  await page.goto('/keys');
  const row = page.getByTestId('key-row').filter({ hasText: name });
  await row.getByTestId('key-budget-none').waitFor();
  await row.getByRole('button', { name: 'Budget', exact: true }).click();
  const box = page.getByRole('dialog', { name: `Budget of ${name}` });
  await pick(page, box.getByLabel('Window'), 'Per day');
  await box.getByLabel('Cap (USD)').fill('abc');
  await box.getByRole('button', { name: 'Save' }).click();
  await box.getByText('Enter an amount such as 1.50.').waitFor();
  await box.getByLabel('Cap (USD)').fill('2');
  await box.getByRole('button', { name: 'Save' }).click();
  await box.getByTestId('budget-now').waitFor();
  await page.keyboard.press('Escape');
  const budget = row.getByTestId('key-budget');
  expect(await budget.innerText()).toContain('Today');
  expect(await unitsIn(budget)).toEqual([0n, 1_000_000n, 1_000_000n]);

  // The charge header equals the ledger and usage rows (a JSON answer is settled before its first byte).
  const { response } = await client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'what does this cost?' }] }).withResponse();
  const cost = BigInt(response.headers.get('x-gateway-cost') ?? '0');
  expect(cost).toBeGreaterThan(0n);
  // Leaving the page (reload, goto) while it still fetches aborts those fetches, which the watch
  // reports as failed requests: every step that leaves waits for the page's answers first.
  await settled(page);
  await page.reload();
  await settled(page);
  expect(await unitsIn(row.getByTestId('key-budget'))).toEqual([cost, 1_000_000n, 1_000_000n - cost]);
  await screenshot(page, 'key-budget-spent');

  await row.getByRole('button', { name: 'Budget', exact: true }).click();
  await page.getByRole('dialog', { name: `Budget of ${name}` }).getByRole('button', { name: 'Remove budget' }).click();
  await row.getByTestId('key-budget-none').waitFor();
  await page.keyboard.press('Escape');
  await settled(page);

  // The admin's budget over all their keys, set on the users page, seen on their account page.
  await page.goto('/admin/users');
  await page.locator(`[data-testid="admin-user-row"][data-email="${TEST_ADMIN.email}"]`).getByRole('button', { name: 'Details' }).click();
  await page.getByRole('tab', { name: 'Budget' }).click();
  const userForm = page.getByTestId('budget-form');
  await pick(page, userForm.getByLabel('Window'), 'Per week (from Monday)');
  await userForm.getByLabel('Cap (USD)').fill('5');
  await userForm.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('budget-form').getByTestId('budget-now').filter({ hasText: 'This week' }).waitFor();
  await page.keyboard.press('Escape');
  await settled(page);
  await page.goto('/account');
  const mine = page.getByTestId('user-budget');
  await mine.waitFor();
  expect(await mine.innerText()).toContain('This week');
  // The week's spend counts the request above: a new budget starts from what the window already spent.
  expect(await unitsIn(mine)).toEqual([cost, 2_500_000n, 2_500_000n - cost]);
  await screenshot(page, 'account-budget');
  await page.context().close();
}, 180_000);
