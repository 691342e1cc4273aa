import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { en } from '../../src/console/src/i18n/en';
import { zhCN } from '../../src/console/src/i18n/zh-CN';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(__dirname, '..', '..', 'e2e-screenshots');

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * A browser context whose pages record every console error, uncaught exception, failed request
 * and HTTP error response: the tests end by asserting that list is empty.
 */
export interface ContextOptions {
  locale?: string;
  /** The browser's own zone; the console should show the user's zone whatever this is. */
  timezoneId?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
}

export async function newWatchedContext(browser: Browser, baseURL: string, problems: string[], options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL, locale: options.locale ?? 'en-US', timezoneId: options.timezoneId, colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 860 },
  });
  context.setDefaultTimeout(20_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await context.addInitScript(countFetches);
  context.on('page', (page) => watch(page, problems));
  return context;
}

function watch(page: Page, problems: string[]): void {
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error on ${page.url()}: ${msg.text()}`); });
  page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A download the page hands to the browser is "aborted" by design once saved.
    if (request.url().startsWith('blob:')) return;
    // The playground's revoke on leaving is a keepalive fetch: the browser still sends it after the
    // page is gone, but reports it aborted to the page it left. Tests check the server revoked the key.
    if (request.failure()?.errorText === 'net::ERR_ABORTED' && request.postData()?.includes('mutation RevokeKey(')) return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.request().method()} ${response.url()}`);
  });
}

/**
 * Counts the page's fetches still waiting for an answer (every console query and mutation is a
 * fetch), so a test can wait until the page has its answers instead of waiting a while.
 */
function countFetches(): void {
  const original = window.fetch.bind(window);
  const state = { inFlight: 0 };
  Object.defineProperty(window, '__e2eFetches', { value: state });
  window.fetch = (...args: Parameters<typeof fetch>) => {
    state.inFlight += 1;
    return original(...args).finally(() => { state.inFlight -= 1; });
  };
}

const LOADING_TEXTS = [en.common.loading, zhCN.common.loading];

/**
 * Waits until the page has answered everything it asked and shows it: no fetch in flight and no
 * loading indicator (a spinner, or a lazily loaded part's "Loading…") on screen, checked in the
 * same frame. A query still in flight when a test changes the server's state behind the page (ends
 * the session, say) is answered against the new state and changes the page under the next step.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction((loadingTexts) => {
    const fetches = (window as unknown as { __e2eFetches?: { inFlight: number } }).__e2eFetches;
    const shown = (el: Element) => el.getClientRects().length > 0;
    const spinning = [...document.querySelectorAll('.mantine-Loader-root')].some(shown);
    const loadingText = [...document.querySelectorAll('p')].some((el) => loadingTexts.includes((el.textContent ?? '').trim()) && shown(el));
    return fetches !== undefined && fetches.inFlight === 0 && !spinning && !loadingText;
  }, LOADING_TEXTS);
}

/** Waits for a notice (Mantine notifications are alerts) and dismisses it, so the next one with the same text is a new one. */
export async function dismissNotice(page: Page, text: string): Promise<void> {
  const notice = page.getByRole('alert').filter({ hasText: text }).first();
  await notice.getByRole('button').click();
  await notice.waitFor({ state: 'detached' });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  // A full-page capture stretches the window to the page's height for a moment; the next step
  // starts once it is back to the viewport, or a click can land where a button was during capture.
  const viewport = page.viewportSize();
  if (viewport) {
    await page.waitForFunction(({ width, height }) => innerWidth === width && innerHeight === height, viewport);
  }
}

/** Clicks the confirm button of the open confirmation dialog. */
export async function confirmDialog(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: /^(Confirm|确认)$/ }).click();
}

/** Signs in on a new page of the context; the page ends on the dashboard. */
export async function signIn(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await dashboardLoaded(page);
  return page;
}

/** Signs a new person up through the sign-up page; the page ends on the dashboard. */
export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Create account' }).click();
  // The route change re-mounts the form: wait for the sign-up form itself, or the e-mail typed into the
  // outgoing sign-in form is lost and sign-up stalls on "Enter a valid email address".
  await page.getByLabel('Repeat password').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await dashboardLoaded(page);
}

/**
 * The dashboard with its data, and nothing it asked still unanswered. Its heading alone shows
 * before its queries return: a test that signed the session out behind the page at that moment
 * had the late dashboard query refused, which sent the page to sign-in while the test was
 * clicking a menu link (detached from the page mid-click).
 */
async function dashboardLoaded(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.getByTestId('total-balance').waitFor();
  await settled(page);
}

/** The exact quota units behind an amount the page shows (its data-units attribute). */
export const moneyUnits = async (page: Page, testId: string) => Number(await page.getByTestId(testId).locator('[data-units]').getAttribute('data-units'));
