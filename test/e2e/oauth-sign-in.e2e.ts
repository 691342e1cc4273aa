import type { Browser } from 'playwright-core';
import { en } from '../../src/console/src/i18n/en';
import { User } from '../../src/db/entities';
import {
  BeginTotpSetupDocument, ConfirmTotpSetupDocument, CreateSignInProviderDocument, MyInvitationDocument, SignInProvidersDocument,
} from '../generated/graphql';
import { adminSession, expectTypename, gqlData, signUp } from '../support/graphql-client';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { appCode } from '../support/totp-reference';
import { confirmDialog, launchBrowser, newWatchedContext, screenshot, settled, signIn } from './browser';

// "Continue with ..." in Chromium: the console's button, a real OpenID Connect provider on
// loopback (oidc-provider, signing the chosen person in without a login page), the gateway's
// callback, and the console's hand-off, ending signed in; then the Account page's sign-in methods.
let app: TestApp;
let op: TestOidcProvider;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  op = await startOidcProvider([`${app.url}/auth/oauth/acme/callback`, `${app.url}/auth/oauth/corp/callback`]);
  await gqlData(app, CreateSignInProviderDocument, {
    input: { slug: 'acme', kind: 'OIDC', displayName: 'Acme ID', clientId: op.clientId, clientSecret: op.clientSecret, issuer: op.issuer },
  }, await adminSession(app));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await op?.close();
  await app?.close();
});
afterEach(() => {
  const seen = problems.splice(0);
  expect(seen).toEqual([]);
});

it('a new person signs up with "Continue with Acme ID", lands on the dashboard, and finds the provider on the Account page', async () => {
  await op.setAccount({ sub: 'browser-person', email: 'browser.person@example.com', email_verified: true });
  const context = await newWatchedContext(browser, app.url, problems);
  const page = await context.newPage();
  await page.goto('/sign-in');
  const button = page.getByRole('link', { name: en.providers.continueWith.replace('{{name}}', 'Acme ID') });
  await screenshot(page, 'sign-in-with-provider');
  await button.click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.getByTestId('total-balance').waitFor();
  await settled(page);
  expect(new URL(page.url()).pathname).toBe('/');
  // The session the console keeps is a real one: the server knows who it is.
  const stored = await page.evaluate(() => localStorage.getItem('gw.session'));
  expect(stored).toContain('gws_');

  await page.getByRole('link', { name: 'Account', exact: true }).click();
  const methods = page.getByTestId('sign-in-methods');
  await methods.getByText('Acme ID').waitFor();
  await settled(page);
  expect(await methods.textContent()).toContain(en.providers.noPassword);
  // No password to change on an account a provider made.
  expect(await page.getByRole('heading', { name: en.account.passwordTitle }).count()).toBe(0);
  // Its only way in: unlinking is refused, with the reason.
  await methods.getByRole('button', { name: en.providers.unlink }).click();
  await methods.getByRole('alert').waitFor();
  expect(await methods.getByRole('alert').textContent()).toBe(en.errors.LAST_WAY_IN);
  await screenshot(page, 'account-sign-in-methods');
  await context.close();
});

it('an account with two-factor authentication on asks for the code after "Continue with Acme ID", then signs in', async () => {
  await op.setAccount({ sub: 'two-factor-person', email: 'two.factor@example.com', email_verified: true });
  const context = await newWatchedContext(browser, app.url, problems);
  const page = await context.newPage();
  const continueWith = page.getByRole('link', { name: en.providers.continueWith.replace('{{name}}', 'Acme ID') });
  await page.goto('/sign-in');
  await continueWith.click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await settled(page);
  // Two-factor turned on for the account the provider made, with the session the console holds.
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('gw.session')))!) as { token: string };
  const setup = expectTypename((await gqlData(app, BeginTotpSetupDocument, {}, session.token)).beginTotpSetup, 'TotpSetup');
  const confirmed = await gqlData(app, ConfirmTotpSetupDocument, { code: appCode(setup.secret) }, session.token);
  const [backupCode] = expectTypename(confirmed.confirmTotpSetup, 'BackupCodes').codes;

  // Signed out, then in again with the provider: the console asks for the second factor.
  await page.evaluate(() => localStorage.removeItem('gw.session'));
  await page.goto('/sign-in');
  await continueWith.click();
  await page.getByText(en.security.secondStepHint).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('gw.session'))).toBeNull();
  await screenshot(page, 'provider-sign-in-second-factor');
  // A backup code stands in for the app's: an authenticator code is accepted once per 30 s.
  await page.getByLabel(en.security.code).fill(backupCode!);
  await page.getByRole('button', { name: en.security.verify }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await settled(page);
  expect(await page.evaluate(() => localStorage.getItem('gw.session'))).toContain('gws_');
  await context.close();
});

it('shows why a provider sign-in was refused, on the sign-in page', async () => {
  const context = await newWatchedContext(browser, app.url, problems);
  const page = await context.newPage();
  // A callback nobody started (no flow for this state): the gateway sends the browser back with the reason.
  await page.goto('/auth/oauth/acme/callback?code=x&state=never-issued');
  await page.getByTestId('provider-error').waitFor();
  expect(await page.getByTestId('provider-error').textContent()).toBe(en.providers.errors.STATE_INVALID);
  expect(new URL(page.url()).pathname).toBe('/sign-in');
  await context.close();
});

it('a person who follows an invitation link and signs up with a provider is recorded as invited', async () => {
  const host = await signUp(app, 'e2e-host@example.com');
  const { myInvitation } = await gqlData(app, MyInvitationDocument, {}, host.session);
  await op.setAccount({ sub: 'invited-person', email: 'invited.person@example.com', email_verified: true });
  const context = await newWatchedContext(browser, app.url, problems);
  const page = await context.newPage();
  await page.goto(`/sign-up?invite=${myInvitation.code}`);
  await page.getByRole('link', { name: en.providers.continueWith.replace('{{name}}', 'Acme ID') }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await settled(page);
  const invited = await app.em().fork().findOneOrFail(User, { email: 'invited.person@example.com' });
  expect(invited.invitedBy?.id).toBe(host.userId);
  // The account exists: the console forgets the code.
  expect(await page.evaluate(() => localStorage.getItem('gw.inviteCode'))).toBeNull();
  await context.close();
});

it('an admin adds, edits, switches off and deletes a provider on the console, never seeing its secret again; its button works', async () => {
  const context = await newWatchedContext(browser, app.url, problems);
  const page = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
  await page.getByRole('navigation').getByRole('link', { name: en.nav.adminSignInProviders, exact: true }).click();
  const form = page.getByTestId('sign-in-provider-form');
  await form.getByLabel(en.signInProviders.field.slug).fill('corp');
  await form.getByLabel(en.signInProviders.field.displayName).fill('Corp SSO');
  await form.getByLabel(en.signInProviders.field.clientId).fill(op.clientId);
  await form.getByLabel(en.signInProviders.field.clientSecret).fill(op.clientSecret);
  await form.getByLabel(en.signInProviders.field.issuer).fill(op.issuer);
  await form.getByRole('button', { name: en.signInProviders.add }).click();
  const card = page.getByTestId('sign-in-provider-corp');
  await card.getByTestId('redirect-url').waitFor();
  expect(await card.getByTestId('redirect-url').textContent()).toBe(`${app.url}/auth/oauth/corp/callback`);
  await settled(page);
  await screenshot(page, 'admin-sign-in-providers');
  await card.getByText(en.signInProviders.secretSet).waitFor();
  // Write-only: the secret is nowhere on the page, the form's field is empty again.
  expect(await page.content()).not.toContain(op.clientSecret);
  expect(await form.getByLabel(en.signInProviders.field.clientSecret).inputValue()).toBe('');

  // An edit that leaves the secret empty keeps the stored one.
  await card.getByRole('button', { name: en.common.edit }).click();
  expect(await form.getByLabel(en.signInProviders.field.clientSecret).inputValue()).toBe('');
  await form.getByLabel(en.signInProviders.field.displayName).fill('Corp ID');
  await form.getByRole('button', { name: en.common.save }).click();
  await card.getByText('Corp ID', { exact: true }).waitFor();
  await card.getByText(en.signInProviders.secretSet).waitFor();

  // Switched off, its button is gone for everyone; on again, back.
  const anonymousButtons = async () => (await gqlData(app, SignInProvidersDocument)).signInProviders.map((p) => p.id);
  const enabledSwitch = card.getByRole('switch', { name: en.signInProviders.field.enabled });
  await enabledSwitch.click({ force: true });
  // The list shows it off once the change is saved and read back.
  await card.locator('input[role="switch"]:not(:checked)').waitFor({ state: 'attached' });
  expect(await anonymousButtons()).not.toContain('corp');
  await settled(page);
  await enabledSwitch.click({ force: true });
  await card.locator('input[role="switch"]:checked').waitFor({ state: 'attached' });
  expect(await anonymousButtons()).toContain('corp');
  await settled(page);

  // The button it made signs a new person in, with the secret typed once above.
  await op.setAccount({ sub: 'corp-person', email: 'corp.person@example.com', email_verified: true });
  const visitor = await newWatchedContext(browser, app.url, problems);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/sign-in');
  await visitorPage.getByRole('link', { name: en.providers.continueWith.replace('{{name}}', 'Corp ID') }).click();
  await visitorPage.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await settled(visitorPage);
  await visitor.close();

  // Deleting is refused while someone has it linked (the message says why); the provider stays.
  await card.getByRole('button', { name: en.signInProviders.delete }).click();
  await confirmDialog(page);
  await page.getByText(/linked/i).first().waitFor();
  expect(await anonymousButtons()).toContain('corp');
  await context.close();
  // Many steps, two browsers and a provider round-trip: more than one default test timeout on a loaded machine.
}, 300_000);
