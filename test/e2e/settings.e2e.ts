import type { Browser, Locator, Page } from 'playwright-core';
import { quotaToMoney } from '../../src/console/src/lib/format';
import { en } from '../../src/console/src/i18n/en';
import { LoopbackSmtp, verificationToken } from '../support/loopback-smtp';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { dismissNotice, launchBrowser, moneyUnits, newWatchedContext, screenshot, settled, signIn, signUp } from './browser';

// The admin's Settings page and the e-mail verification link, in a browser against the real app;
// mail goes to a real SMTP server on loopback, so the story can follow the link it carries.
let app: TestApp;
let smtp: LoopbackSmtp;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  smtp = await LoopbackSmtp.start();
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Gateway <gateway@test.local>' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
});
afterEach(() => {
  const seen = problems.splice(0);
  expect(seen).toEqual([]);
});

/** Opens Admin -> Settings, lets `change` edit the form, saves and waits for the confirmation. */
async function changeSettings(admin: Page, change: (form: Locator) => Promise<void>): Promise<void> {
  await admin.getByRole('link', { name: 'Settings', exact: true }).click();
  const form = admin.locator('form').filter({ has: admin.getByRole('button', { name: 'Save' }) });
  await form.getByLabel('Daily check-in amount').waitFor();
  await change(form);
  await form.getByRole('button', { name: 'Save' }).click();
  // Dismissed once seen (not left to close itself a few seconds later), so the next save's notice is its own.
  await dismissNotice(admin, 'Saved.');
}

it('an admin closes registration and changes the check-in amount on the Settings page: sign-up is refused, then a check-in gives the new amount', async () => {
  const adminContext = await newWatchedContext(browser, app.url, problems);
  const admin = await signIn(adminContext, TEST_ADMIN.email, TEST_ADMIN.password);
  await changeSettings(admin, async (form) => {
    await screenshot(admin, 'admin-settings');
    await form.getByLabel('Registration open').uncheck();
    await form.getByLabel('Daily check-in amount').fill('777000');
  });

  const visitorContext = await newWatchedContext(browser, app.url, problems);
  const visitor = await visitorContext.newPage();
  await visitor.goto('/sign-up');
  expect(await visitor.getByTestId('registration-closed').textContent()).toBe(en.errors.REGISTRATION_CLOSED);
  expect(await visitor.getByLabel('Repeat password').count()).toBe(0);
  // The API refuses too, not only the page.
  const refused = await fetch(app.graphqlUrl, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { register(email: "late@example.com", password: "late-password-1") { __typename } }' }),
  });
  expect(await refused.json()).toEqual({ data: { register: { __typename: 'RegistrationClosedError' } } });

  await changeSettings(admin, (form) => form.getByLabel('Registration open').check());
  await signUp(visitor, 'e2e-checkin@example.com', 'checkin-password-1');
  const before = await moneyUnits(visitor, 'total-balance');
  await visitor.getByRole('button', { name: 'Check in' }).click();
  await visitor.getByText(`Checked in: +${quotaToMoney(777000n, 500000n)} USD`).waitFor();
  await visitor.getByText('Checked in today').waitFor();
  expect(await moneyUnits(visitor, 'total-balance')).toBe(before + 777000);
  await visitorContext.close();
  await changeSettings(admin, (form) => form.getByLabel('Daily check-in amount').fill(String(app.config.settingsSeed.checkInAmount)));
  await adminContext.close();
});

it('with verification required (Settings page), a new user follows the mailed link and the page says the address is verified', async () => {
  const adminContext = await newWatchedContext(browser, app.url, problems);
  const admin = await signIn(adminContext, TEST_ADMIN.email, TEST_ADMIN.password);
  await changeSettings(admin, (form) => form.getByLabel(/^Require e-mail verification/).check());

  const email = 'e2e-verify@example.com';
  const context = await newWatchedContext(browser, app.url, problems);
  const page = await context.newPage();
  await signUp(page, email, 'verify-password-1');
  await page.getByTestId('verification-notice').waitFor();
  expect(await moneyUnits(page, 'total-balance')).toBe(0);
  const token = verificationToken(await smtp.take(email));

  // The link may be opened anywhere: here, in a browser that is not signed in.
  const elsewhere = await newWatchedContext(browser, app.url, problems);
  const link = await elsewhere.newPage();
  await link.goto(`/verify-email?token=${token}`);
  const verified = link.getByTestId('email-verified');
  await verified.waitFor();
  expect(await verified.textContent()).toContain(`${email} is confirmed.`);
  expect(await verified.locator('[data-units]').getAttribute('data-units')).toBe(String(app.config.settingsSeed.signupGrant));
  await screenshot(link, 'verify-email');
  // Used once: the same link again says so.
  await link.reload();
  await link.getByRole('alert').filter({ hasText: en.errors.VERIFICATION_TOKEN_INVALID }).waitFor();
  await elsewhere.close();

  // The signed-in page loses its notice and shows the grant after a reload.
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.getByTestId('total-balance').locator(`[data-units="${app.config.settingsSeed.signupGrant}"]`).waitFor();
  // Counted once the verification query has answered, or a notice still to come would count as none.
  await settled(page);
  expect(await page.getByTestId('verification-notice').count()).toBe(0);
  await context.close();
  await changeSettings(admin, (form) => form.getByLabel(/^Require e-mail verification/).uncheck());
  await adminContext.close();
});
