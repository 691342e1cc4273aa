import {
  BeginTotpSetupDocument, ChangePasswordDocument, ConfirmTotpSetupDocument, DisableTotpDocument, MySecurityEventsDocument,
  RegenerateBackupCodesDocument, ResetUserPasswordDocument,
} from '../../generated/graphql';
import { adminSession, expectTypename, gqlData, signIn, signUp, TEST_PASSWORD } from '../../support/graphql-client';
import { LoopbackSmtp, mailText } from '../../support/loopback-smtp';
import { startTestApp, type TestApp } from '../../support/test-app';
import { appCode } from '../../support/totp-reference';

// Every change of how an account signs in is mailed to its address when SMTP is configured: a real
// SMTP server on loopback receives what the gateway sends. (Provider links are checked in
// test/integration/sign-in, passkeys in the browser test; the wording of each kind in the unit test.)
let app: TestApp;
let smtp: LoopbackSmtp;
let smtpClosed = false;

beforeAll(async () => {
  smtp = await LoopbackSmtp.start();
  app = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  if (!smtpClosed) await smtp?.close();
});

async function noticeTo(email: string): Promise<{ subject: string; body: string }> {
  return mailText(await smtp.take(email));
}

it('mails the owner on a password change and on each two-factor change, in English and Chinese, never with a secret', async () => {
  const { session, email } = await signUp(app, 'notices@example.com');
  const newPassword = 'another-long-passphrase-42';
  const changed = await gqlData(app, ChangePasswordDocument, { currentPassword: TEST_PASSWORD, newPassword }, session);
  expectTypename(changed.changePassword, 'ChangePasswordSuccess');
  const passwordNotice = await noticeTo(email);
  expect(passwordNotice.subject).toBe('A sign-in method of your account changed / 您账户的登录方式已变更');
  expect(passwordNotice.body).toContain('Your password was changed');
  expect(passwordNotice.body).toContain('您的密码已修改');
  expect(passwordNotice.body).toContain('From address: 127.0.0.1');
  expect(passwordNotice.body).not.toContain(newPassword);
  expect(passwordNotice.body).not.toContain(TEST_PASSWORD);

  const setup = expectTypename((await gqlData(app, BeginTotpSetupDocument, {}, session)).beginTotpSetup, 'TotpSetup');
  const confirmed = await gqlData(app, ConfirmTotpSetupDocument, { code: appCode(setup.secret) }, session);
  const firstCodes = expectTypename(confirmed.confirmTotpSetup, 'BackupCodes').codes;
  const enabledNotice = await noticeTo(email);
  expect(enabledNotice.body).toContain('Two-factor authentication was turned on');
  expect(enabledNotice.body).toContain('已开启两步验证');

  // Backup codes stand in for the app's code here: an authenticator code is accepted once per 30 s.
  const regenerated = await gqlData(app, RegenerateBackupCodesDocument, { code: firstCodes[0]! }, session);
  const secondCodes = expectTypename(regenerated.regenerateBackupCodes, 'BackupCodes').codes;
  const regeneratedNotice = await noticeTo(email);
  expect(regeneratedNotice.body).toContain('New backup codes were made for your account');

  const disabled = await gqlData(app, DisableTotpDocument, { code: secondCodes[0]! }, session);
  expectTypename(disabled.disableTotp, 'TwoFactorStatus');
  const disabledNotice = await noticeTo(email);
  expect(disabledNotice.body).toContain('Two-factor authentication was turned off');

  for (const notice of [enabledNotice, regeneratedNotice, disabledNotice]) {
    expect(notice.body).not.toContain(setup.secret);
    for (const code of [...firstCodes, ...secondCodes]) expect(notice.body).not.toContain(code);
  }
  // Using a backup code is recorded, but is no change of the ways in: no mail for it.
  expect(smtp.mails.filter((m) => m.to.includes(email))).toEqual([]);
  const events = (await gqlData(app, MySecurityEventsDocument, {}, session)).mySecurityEvents;
  expect(events.map((e) => e.kind)).toEqual([
    'TOTP_DISABLED', 'BACKUP_CODE_USED', 'BACKUP_CODES_REGENERATED', 'BACKUP_CODE_USED', 'TOTP_ENABLED', 'PASSWORD_CHANGED',
  ]);
  expect(events.at(-1)!.ip).toBe('127.0.0.1');
});

it('a mail server that cannot be reached never fails the change: it is made and recorded all the same', async () => {
  const { session } = await signUp(app, 'no-mail@example.com');
  await smtp.close();
  smtpClosed = true;
  const changed = await gqlData(app, ChangePasswordDocument, { currentPassword: TEST_PASSWORD, newPassword: 'a-new-long-passphrase-7' }, session);
  expectTypename(changed.changePassword, 'ChangePasswordSuccess');
  const events = (await gqlData(app, MySecurityEventsDocument, {}, session)).mySecurityEvents;
  expect(events.map((e) => e.kind)).toEqual(['PASSWORD_CHANGED']);
});

it('records a password reset by an admin on the account, with the admin and their address, and mails the owner', async () => {
  // A mail server and app of its own: the test above stopped the shared mail server.
  const ownSmtp = await LoopbackSmtp.start();
  const mailed = await startTestApp({ SMTP_URL: ownSmtp.url });
  try {
    const { email, userId } = await signUp(mailed, 'reset-notice@example.com');
    const admin = await adminSession(mailed);
    const reset = expectTypename((await gqlData(mailed, ResetUserPasswordDocument, { id: String(userId) }, admin)).resetUserPassword, 'AdminCreatedUser');
    const notice = await mailText(await ownSmtp.take(email));
    expect(notice.body).toContain('An administrator set a new password for your account');
    expect(notice.body).toContain('管理员为您的账户设置了新密码');
    expect(notice.body).not.toContain(reset.oneTimePassword);

    const session = await signIn(mailed, email, reset.oneTimePassword!);
    const events = (await gqlData(mailed, MySecurityEventsDocument, {}, session)).mySecurityEvents;
    expect(events.map((e) => e.kind)).toEqual(['PASSWORD_RESET']);
    expect(events[0]!.ip).toBe('127.0.0.1');
  } finally {
    await mailed.close();
    await ownSmtp.close();
  }
});
