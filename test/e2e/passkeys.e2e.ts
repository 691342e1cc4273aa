import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { en } from '../../src/console/src/i18n/en';
import { LoopbackSmtp, mailText } from '../support/loopback-smtp';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { appCode } from '../support/totp-reference';
import { dismissNotice, launchBrowser, newWatchedContext, screenshot, settled, signIn, signUp } from './browser';

// Passkeys and the authenticator app in Chromium with a virtual authenticator (DevTools protocol WebAuthn domain) against
// the real app. WebAuthn refuses IP addresses as the relying party, so the console is opened as
// http://localhost:<port> (a secure context) and the gateway's PUBLIC_URL says the same.
let app: TestApp;
let browser: Browser;
let smtp: LoopbackSmtp;
let otherOrigin: { server: Server; port: number; sockets: Set<Socket> };
const problems: string[] = [];
const USER = { email: 'passkey-user@example.com', password: 'passkey-password-1' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A plain TCP relay to the app on another port: the same console, served from a second origin. */
async function relayTo(port: number): Promise<typeof otherOrigin> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => { client.destroy(); upstream.destroy(); });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, sockets };
}

beforeAll(async () => {
  const port = await freePort();
  smtp = await LoopbackSmtp.start();
  app = await startTestApp({ PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, SMTP_URL: smtp.url });
  otherOrigin = await relayTo(port);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const s of otherOrigin?.sockets ?? []) s.destroy();
  await new Promise<void>((resolve) => (otherOrigin ? otherOrigin.server.close(() => resolve()) : resolve()));
  await app?.close();
  await smtp?.close();
});
afterEach(() => {
  const seen = problems.splice(0);
  expect(seen).toEqual([]);
});

/** A platform authenticator that holds discoverable credentials and verifies the user at once. */
async function addVirtualAuthenticator(page: Page, context: BrowserContext): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

it('registers a passkey on the Account page, signs out, and signs in with the passkey alone; another origin is refused', async () => {
  const localhost = `http://localhost:${new URL(app.url).port}`;
  const context = await newWatchedContext(browser, localhost, problems);
  const page = await context.newPage();
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page, context);

  await signUp(page, USER.email, USER.password);
  await page.goto('/account');
  const card = page.getByTestId('passkeys-card');
  await card.getByText(en.security.noPasskeys).waitFor();
  await card.getByLabel(en.security.passkeyName).fill('Test laptop');
  await card.getByRole('button', { name: en.security.addPasskey }).click();
  await card.getByTestId('passkey-row').filter({ hasText: 'Test laptop' }).waitFor();
  await page.getByTestId('security-events').getByText(`${en.security.event.PASSKEY_ADDED} Test laptop`).waitFor();
  await screenshot(page, 'account-passkeys');
  // The owner is told by e-mail (SMTP is configured here).
  expect(mailText(await smtp.take(USER.email)).body).toContain('A passkey ("Test laptop") was added to your account');

  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  await page.getByRole('button', { name: en.nav.signOut }).click();
  await page.getByRole('button', { name: en.security.passkeySignIn }).click();
  // Signed in, and back where the person signed out from (the Account page).
  await page.getByRole('heading', { name: en.account.title }).waitFor();
  await page.getByText(en.account.signedInAs.replace('{{email}}', USER.email)).waitFor();
  await settled(page);
  const [row] = await app.em().getConnection().execute<Array<{ sign_count: string; last_used_at: Date | null }>>(
    'select p.sign_count, p.last_used_at from passkeys p join users u on u.id = p.user_id where u.email = ?', [USER.email],
  );
  expect(Number(row!.sign_count)).toBeGreaterThan(0);
  expect(row!.last_used_at).not.toBeNull();

  // The same console and the same passkey (RP ID "localhost" is valid there), but from an origin
  // the gateway was not told about: the browser signs, the gateway refuses.
  const sessionsBefore = await sessionCount();
  await page.goto(`http://localhost:${otherOrigin.port}/sign-in`);
  await page.getByRole('button', { name: en.security.passkeySignIn }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This passkey was not accepted' });
  await alert.waitFor();
  expect(await alert.textContent()).toMatch(/origin/i);
  expect(await sessionCount()).toBe(sessionsBefore);
  await context.close();
});

async function sessionCount(): Promise<number> {
  const [row] = await app.em().getConnection().execute<Array<{ n: string }>>('select count(*) as n from sessions');
  return Number(row!.n);
}

it('sets up an authenticator app from the QR code on the Account page; the next sign-in asks for its code after the password, a passkey sign-in does not', async () => {
  const localhost = `http://localhost:${new URL(app.url).port}`;
  const context = await newWatchedContext(browser, localhost, problems);
  const page = await context.newPage();
  const email = 'totp-user@example.com';
  await signUp(page, email, USER.password);
  await page.goto('/account');
  const card = page.getByTestId('two-factor-card');
  await card.getByRole('button', { name: en.security.setUp }).click();
  await card.getByTestId('totp-qr').waitFor();
  const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
  await screenshot(page, 'account-two-factor-setup');
  await card.getByLabel(en.security.code).fill(appCode(secret));
  await card.getByRole('button', { name: en.security.confirmCode }).click();
  const codes = (await card.getByTestId('backup-codes').textContent())!.trim().split('\n');
  expect(codes).toHaveLength(10);
  await card.getByRole('button', { name: en.security.savedThem }).click();
  await card.getByText(en.security.backupCodesLeft.replace('{{count}}', '10')).waitFor();

  await page.getByRole('button', { name: en.nav.signOut }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(USER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText(en.security.secondStepHint).waitFor();
  // The code of the next step: the one typed at setup is spent.
  await page.getByLabel(en.security.code).fill(appCode(secret, Date.now() / 1000 + 30));
  await page.getByRole('button', { name: en.security.verify }).click();
  await page.getByRole('heading', { name: en.account.title }).waitFor();
  await settled(page);

  // A passkey satisfies two-factor: signing in with it asks for no code.
  await addVirtualAuthenticator(page, context);
  const passkeys = page.getByTestId('passkeys-card');
  await passkeys.getByLabel(en.security.passkeyName).fill('Phone');
  await passkeys.getByRole('button', { name: en.security.addPasskey }).click();
  await passkeys.getByTestId('passkey-row').filter({ hasText: 'Phone' }).waitFor();
  await page.getByRole('button', { name: en.nav.signOut }).click();
  await page.getByRole('button', { name: en.security.passkeySignIn }).click();
  await page.getByText(en.account.signedInAs.replace('{{email}}', email)).waitFor();
  expect(await page.getByText(en.security.secondStepHint).count()).toBe(0);
  await settled(page);
  await context.close();
});

it('an admin held to two-factor by the Settings page sees only its setup until the authenticator app is on', async () => {
  const localhost = `http://localhost:${new URL(app.url).port}`;
  const context = await newWatchedContext(browser, localhost, problems);
  const admin = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
  await admin.getByRole('link', { name: en.nav.adminSettings, exact: true }).click();
  const form = admin.locator('form').filter({ has: admin.getByRole('button', { name: en.common.save }) });
  await form.getByLabel(en.settings.adminTwoFactorRequired).check();
  await form.getByRole('button', { name: en.common.save }).click();
  await dismissNotice(admin, en.common.saved);

  // From the next load on, the console shows only the setup (the server refuses the rest).
  await admin.reload();
  await admin.getByTestId('two-factor-required').waitFor();
  const card = admin.getByTestId('two-factor-card');
  await card.getByRole('button', { name: en.security.setUp }).click();
  const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
  await card.getByLabel(en.security.code).fill(appCode(secret));
  await card.getByRole('button', { name: en.security.confirmCode }).click();
  await card.getByTestId('backup-codes').waitFor();
  await card.getByRole('button', { name: en.security.savedThem }).click();
  await admin.getByRole('link', { name: en.nav.adminSettings, exact: true }).waitFor();
  expect(await admin.getByTestId('two-factor-required').count()).toBe(0);
  await settled(admin);
  await context.close();
});
