import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
  context.on('page', (page) => watch(page, problems));
  return context;
}

function watch(page: Page, problems: string[]): void {
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error on ${page.url()}: ${msg.text()}`); });
  page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A download the page hands to the browser is "aborted" by design once saved.
    if (request.url().startsWith('blob:')) return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.request().method()} ${response.url()}`);
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
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
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
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
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** The exact quota units behind an amount the page shows (its data-units attribute). */
export const moneyUnits = async (page: Page, testId: string) => Number(await page.getByTestId(testId).locator('[data-units]').getAttribute('data-units'));
