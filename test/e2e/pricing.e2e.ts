import type { Browser, Page } from 'playwright-core';
import { CreateAnnouncementDocument, RewardSettingsDocument } from '../generated/graphql';
import { en } from '../../src/console/src/i18n/en';
import { zhCN } from '../../src/console/src/i18n/zh-CN';
import { adminSession, expectTypename, gqlData } from '../support/graphql-client';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { dismissNotice, launchBrowser, newWatchedContext, screenshot, settled, signIn, signUp } from './browser';

// The public pricing page, announcements and the Invitations page, in Chromium against the real app.
let app: TestApp;
let browser: Browser;
const problems: string[] = [];

const NOTICE_TITLE = 'Maintenance on Sunday';
// Raw HTML must not come out as markup; the link must open safely.
const NOTICE_BODY = 'Read **the plan** at [our status page](https://status.example.com).\n\n<img src="x" data-injected="yes">';

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const admin = await adminSession(app);
  const created = (await gqlData(app, CreateAnnouncementDocument, { input: { title: NOTICE_TITLE, body: NOTICE_BODY } }, admin)).createAnnouncement;
  expectTypename(created, 'Announcement');
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});
afterEach(() => {
  const seen = problems.splice(0);
  expect(seen).toEqual([]);
});

const shownModels = (page: Page) => page.getByTestId('pricing-model').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model')));

async function expectNotice(page: Page): Promise<void> {
  const notice = page.getByTestId('announcement').filter({ hasText: NOTICE_TITLE });
  await notice.waitFor();
  expect(await notice.locator('strong').textContent()).toBe('the plan');
  const link = notice.getByRole('link', { name: 'our status page' });
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await notice.locator('img').count()).toBe(0);
  expect(await page.locator('[data-injected]').count()).toBe(0);
}

it('shows every listed model with prices per group to a visitor without a session, filters them, in English and Chinese, asking only the gateway', async () => {
  const context = await newWatchedContext(browser, app.url, problems);
  const origins = new Set<string>();
  context.on('request', (request) => { if (!request.url().startsWith('data:')) origins.add(new URL(request.url()).origin); });
  const page = await context.newPage();
  await page.goto('/pricing');
  await page.getByRole('heading', { name: en.pricing.title, exact: true }).waitFor();
  await settled(page);
  await expectNotice(page);

  const all = await shownModels(page);
  expect(all).toEqual(expect.arrayContaining(['gpt-4o-mini', 'claude-haiku-4-5', 'whisper-1', 'text-embedding-3-small', 'gemini-2.5-pro']));
  // Models of one series are listed together, under their vendor.
  const gpt4o = page.getByTestId('pricing-model').and(page.locator('[data-model="gpt-4o-mini"]'));
  expect(await gpt4o.locator('[data-group="default"]').count()).toBe(1);
  expect(await gpt4o.locator('[data-price-kind="INPUT"]').first().textContent()).toContain(`${en.pricing.kinds.INPUT}:`);
  expect(await gpt4o.textContent()).toContain('128,000');
  const whisper = page.locator('[data-model="whisper-1"]');
  expect(await whisper.locator('[data-price-kind="AUDIO_MINUTE"]').first().textContent()).toContain(en.pricing.units.AUDIO_MINUTE);
  await screenshot(page, 'pricing-en');

  await page.getByTestId('pricing-vendor').selectOption('anthropic');
  const anthropic = await shownModels(page);
  expect(anthropic.length).toBeGreaterThan(0);
  expect(anthropic.every((m) => m?.startsWith('claude'))).toBe(true);
  await page.getByTestId('pricing-tier').locator('label', { hasText: 'SVIP' }).click();
  const svip = await shownModels(page);
  expect(svip).toContain('claude-opus-4-6');
  expect(svip).not.toContain('claude-haiku-4-5');
  await page.getByTestId('pricing-vendor').selectOption('');
  await page.getByTestId('pricing-tier').locator('label', { hasText: en.models.all }).click();
  await page.getByTestId('pricing-type').selectOption('EMBEDDING');
  expect((await shownModels(page)).sort()).toEqual(['text-embedding-3-large', 'text-embedding-3-small']);
  await page.getByTestId('pricing-type').selectOption('');
  await page.getByTestId('pricing-search').fill('flash-lite');
  expect((await shownModels(page)).sort()).toEqual(['gemini-2.5-flash-lite', 'gemini-3.1-flash-lite']);
  await page.getByTestId('pricing-search').fill('');
  expect(await shownModels(page)).toEqual(all);

  await page.getByText('中文', { exact: true }).click();
  await page.getByRole('heading', { name: zhCN.pricing.title, exact: true }).waitFor();
  expect(await page.locator('[data-model="whisper-1"] td').nth(1).textContent()).toBe(zhCN.pricing.types.SPEECH_TO_TEXT);
  expect(await page.getByText(zhCN.pricing.groupPrices).first().isVisible()).toBe(true);
  await screenshot(page, 'pricing-zh-CN');
  // Back to English for the tests after this one (the choice is remembered per browser context only).
  await page.getByText('English', { exact: true }).click();

  expect([...origins]).toEqual([new URL(app.url).origin]);
  await context.close();
});

it('shows the announcement on the dashboard; the Invitations page shows the link, and a sign-up through it is counted', async () => {
  const context = await newWatchedContext(browser, app.url, problems);
  const inviter = await context.newPage();
  await signUp(inviter, 'e2e-inviter@example.com', 'inviter-password-1');
  await expectNotice(inviter);

  await inviter.getByRole('link', { name: en.nav.invitations, exact: true }).click();
  const linkField = inviter.getByTestId('invitation-link');
  await linkField.waitFor();
  await settled(inviter);
  const link = await linkField.inputValue();
  expect(link).toMatch(new RegExp(`^${app.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/sign-up\\?invite=[a-zA-Z0-9]{10}$`));
  expect(await inviter.getByTestId('invitation-joined').textContent()).toBe('0');

  const visitorContext = await newWatchedContext(browser, app.url, problems);
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await visitor.getByTestId('invited-notice').waitFor();
  await visitor.getByLabel('Email').fill('e2e-invitee@example.com');
  await visitor.getByLabel(/^Password/).fill('invitee-password-1');
  await visitor.getByLabel('Repeat password').fill('invitee-password-1');
  await visitor.getByRole('button', { name: en.auth.signUp }).click();
  await visitor.getByRole('heading', { name: en.dashboard.title }).waitFor();
  await settled(visitor);
  // Spent on the account it made: a later sign-up in this browser is not counted again.
  expect(await visitor.evaluate(() => localStorage.getItem('gw.inviteCode'))).toBeNull();
  await visitorContext.close();

  await inviter.reload();
  await linkField.waitFor();
  await settled(inviter);
  expect(await inviter.getByTestId('invitation-joined').textContent()).toBe('1');
  await screenshot(inviter, 'invitations');
  await context.close();
});

it('an admin publishes an announcement on the Announcements page and switches invitation rewards off', async () => {
  const context = await newWatchedContext(browser, app.url, problems);
  const admin = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
  await admin.getByRole('navigation').getByRole('link', { name: en.nav.adminAnnouncements, exact: true }).click();
  await admin.getByRole('heading', { name: en.announcements.title, exact: true }).waitFor();
  await admin.getByLabel(en.announcements.titleLabel).fill('Prices drop on Monday');
  await admin.getByLabel(en.announcements.body).fill('All **Gemini** models cost less.');
  await admin.getByRole('button', { name: en.announcements.publish }).click();
  await dismissNotice(admin, en.common.saved);
  await admin.getByRole('navigation').getByRole('link', { name: en.nav.dashboard, exact: true }).click();
  await admin.getByTestId('announcement').filter({ hasText: 'Prices drop on Monday' }).waitFor();

  await admin.getByRole('navigation').getByRole('link', { name: en.nav.adminInvitations, exact: true }).click();
  await admin.getByRole('heading', { name: en.invitations.adminTitle, exact: true }).waitFor();
  await settled(admin);
  await admin.getByLabel(en.invitations.rewardsEnabled).uncheck();
  await admin.getByRole('button', { name: en.common.save }).click();
  await dismissNotice(admin, en.common.saved);
  expect((await gqlData(app, RewardSettingsDocument)).settings.invitationRewardsEnabled).toBe(false);
  await screenshot(admin, 'admin-invitations');
  await context.close();
});
