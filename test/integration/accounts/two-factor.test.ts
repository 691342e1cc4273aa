import {
  BeginTotpSetupDocument, CompleteSignInDocument, ConfirmTotpSetupDocument, CreateUserByAdminDocument, DisableTotpDocument, LoginStepDocument,
  MySecurityEventsDocument, MyTwoFactorDocument, RegenerateBackupCodesDocument, UpdateSettingsDocument, UsersDocument,
} from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp, TEST_PASSWORD } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { appCode } from '../../support/totp-reference';

// Two-factor over GraphQL alone, against the real app: codes are computed by the test's own
// RFC 6238 implementation (test/support/totp-reference.ts), never by the gateway's library.
let app: TestApp;
/** Low enough that the throttle test reaches it; every other test stays under it per account. */
const ATTEMPTS_PER_ACCOUNT = 6;

beforeAll(async () => {
  app = await startTestApp({ SIGNIN_ATTEMPTS_PER_ACCOUNT: String(ATTEMPTS_PER_ACCOUNT) });
});
afterAll(() => app?.close());

const now = () => Date.now() / 1000;

/** Signs up and turns two-factor on (one code attempt); returns the secret and backup codes. */
async function userWithTwoFactor(email: string): Promise<{ session: string; userId: number; secret: string; backupCodes: string[] }> {
  const { session, userId } = await signUp(app, email);
  const setup = expectTypename((await gqlData(app, BeginTotpSetupDocument, {}, session)).beginTotpSetup, 'TotpSetup');
  const confirmed = await gqlData(app, ConfirmTotpSetupDocument, { code: appCode(setup.secret) }, session);
  return { session, userId, secret: setup.secret, backupCodes: expectTypename(confirmed.confirmTotpSetup, 'BackupCodes').codes };
}

async function passwordStep(email: string): Promise<string> {
  const { login } = await gqlData(app, LoginStepDocument, { email, password: TEST_PASSWORD });
  return expectTypename(login, 'SecondFactorRequired').challengeToken;
}

const sessionCount = async (userId: number) =>
  Number((await app.em().getConnection().execute<Array<{ n: string }>>('select count(*) as n from sessions where user_id = ?', [userId]))[0]!.n);

describe('setting up an authenticator app', () => {
  it('shows an otpauth URI, takes a matching code, answers ten backup codes once, and keeps the secret sealed', async () => {
    const { session, userId } = await signUp(app, 'setup@2fa.test');
    const setup = expectTypename((await gqlData(app, BeginTotpSetupDocument, {}, session)).beginTotpSetup, 'TotpSetup');
    const uri = new URL(setup.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(setup.secret);
    expect(decodeURIComponent(uri.pathname)).toContain('setup@2fa.test');

    const wrong = await gqlData(app, ConfirmTotpSetupDocument, { code: appCode(setup.secret, now() - 300) }, session);
    expect(expectTypename(wrong.confirmTotpSetup, 'InvalidSecondFactorCodeError').code).toBe('INVALID_SECOND_FACTOR_CODE');
    expect((await gqlData(app, MyTwoFactorDocument, {}, session)).myTwoFactor.totpEnabled).toBe(false);

    const confirmed = await gqlData(app, ConfirmTotpSetupDocument, { code: appCode(setup.secret) }, session);
    const codes = expectTypename(confirmed.confirmTotpSetup, 'BackupCodes').codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await gqlData(app, MyTwoFactorDocument, {}, session)).myTwoFactor).toEqual({ totpEnabled: true, backupCodesRemaining: 10, setupRequired: false });

    const [row] = await app.em().getConnection().execute<Array<{ secret_ciphertext: string }>>('select secret_ciphertext from user_totp where user_id = ?', [userId]);
    expect(row!.secret_ciphertext.startsWith('v2:')).toBe(true);
    expect(row!.secret_ciphertext).not.toContain(setup.secret);
    const stored = await app.em().getConnection().execute<Array<{ code_hash: string }>>('select code_hash from backup_codes where user_id = ?', [userId]);
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((r) => r.code_hash).join()).not.toContain(code.replace(/-/g, ''));

    // A second setup while it is on is refused: turning it off takes a code.
    expect(expectTypename((await gqlData(app, BeginTotpSetupDocument, {}, session)).beginTotpSetup, 'TwoFactorStateError').code).toBe('TOTP_ALREADY_ENABLED');
    const events = (await gqlData(app, MySecurityEventsDocument, {}, session)).mySecurityEvents;
    expect(events.map((e) => e.kind)).toEqual(['TOTP_ENABLED']);
    expect(events[0]!.ip).toBe('127.0.0.1');
  });
});

describe('signing in with two-factor on', () => {
  it('the password alone gives a challenge, not a session; the code gives the session; a code is accepted once', async () => {
    const { userId, secret } = await userWithTwoFactor('signin@2fa.test');
    const before = await sessionCount(userId);
    const challengeToken = await passwordStep('signin@2fa.test');
    expect(await sessionCount(userId)).toBe(before);

    const wrong = await gqlData(app, CompleteSignInDocument, { challengeToken, code: '000000' === appCode(secret) ? '111111' : '000000' });
    expect(expectTypename(wrong.completeSignIn, 'InvalidSecondFactorCodeError').code).toBe('INVALID_SECOND_FACTOR_CODE');
    // The code of the next 30-second step (the one used at setup is spent).
    const code = appCode(secret, now() + 30);
    const done = expectTypename((await gqlData(app, CompleteSignInDocument, { challengeToken, code })).completeSignIn, 'LoginSuccess');
    expect(done.user.email).toBe('signin@2fa.test');
    expect((await gqlData(app, MyTwoFactorDocument, {}, done.sessionToken)).myTwoFactor.totpEnabled).toBe(true);
    expect(await sessionCount(userId)).toBe(before + 1);

    // The challenge is used up, and the same code on a new challenge is refused (replay).
    expect(expectTypename((await gqlData(app, CompleteSignInDocument, { challengeToken, code })).completeSignIn, 'ChallengeExpiredError').code).toBe('CHALLENGE_EXPIRED');
    const again = await passwordStep('signin@2fa.test');
    expect(expectTypename((await gqlData(app, CompleteSignInDocument, { challengeToken: again, code })).completeSignIn, 'InvalidSecondFactorCodeError')).toBeTruthy();
  });

  it('a made-up challenge token is refused like an expired one', async () => {
    const res = await gqlData(app, CompleteSignInDocument, { challengeToken: 'gwc_not-a-real-one', code: '123456' });
    expect(expectTypename(res.completeSignIn, 'ChallengeExpiredError').code).toBe('CHALLENGE_EXPIRED');
  });

  it('a backup code signs in once, is recorded, and new ones replace the old', async () => {
    const { session, backupCodes, secret } = await userWithTwoFactor('backup@2fa.test');
    const first = await passwordStep('backup@2fa.test');
    const typed = backupCodes[3]!.toUpperCase().replace(/-/g, ' ');
    expect(expectTypename((await gqlData(app, CompleteSignInDocument, { challengeToken: first, code: typed })).completeSignIn, 'LoginSuccess')).toBeTruthy();
    const second = await passwordStep('backup@2fa.test');
    expect(expectTypename((await gqlData(app, CompleteSignInDocument, { challengeToken: second, code: backupCodes[3]! })).completeSignIn, 'InvalidSecondFactorCodeError')).toBeTruthy();
    expect((await gqlData(app, MyTwoFactorDocument, {}, session)).myTwoFactor.backupCodesRemaining).toBe(9);

    const regenerated = await gqlData(app, RegenerateBackupCodesDocument, { code: appCode(secret, now() + 30) }, session);
    const fresh = expectTypename(regenerated.regenerateBackupCodes, 'BackupCodes').codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(backupCodes[0]);
    const events = (await gqlData(app, MySecurityEventsDocument, {}, session)).mySecurityEvents;
    expect(events.map((e) => e.kind)).toEqual(['BACKUP_CODES_REGENERATED', 'BACKUP_CODE_USED', 'TOTP_ENABLED']);
    expect(JSON.parse(events[1]!.detail)).toEqual({ remaining: 9 });
  });

  it('turning two-factor off takes a current code; after it the password signs in alone', async () => {
    const { session, secret } = await userWithTwoFactor('off@2fa.test');
    expect(expectTypename((await gqlData(app, DisableTotpDocument, { code: '12345' }, session)).disableTotp, 'InvalidSecondFactorCodeError')).toBeTruthy();
    const off = await gqlData(app, DisableTotpDocument, { code: appCode(secret, now() + 30) }, session);
    expect(expectTypename(off.disableTotp, 'TwoFactorStatus').totpEnabled).toBe(false);
    const { login } = await gqlData(app, LoginStepDocument, { email: 'off@2fa.test', password: TEST_PASSWORD });
    expect(login.__typename).toBe('LoginSuccess');
    expect((await gqlData(app, MySecurityEventsDocument, {}, session)).mySecurityEvents.map((e) => e.kind)).toEqual(['TOTP_DISABLED', 'TOTP_ENABLED']);
  });
});

describe('wrong codes go through the sign-in throttles', () => {
  it('after the per-account budget even the right code is refused with TooManyAttemptsError', async () => {
    const { secret } = await userWithTwoFactor('throttle@2fa.test'); // attempt 1
    const challengeToken = await passwordStep('throttle@2fa.test'); // attempt 2
    for (let attempt = 3; attempt <= ATTEMPTS_PER_ACCOUNT; attempt++) {
      const res = await gqlData(app, CompleteSignInDocument, { challengeToken, code: `99999${attempt}` });
      expect(res.completeSignIn.__typename).toBe('InvalidSecondFactorCodeError');
    }
    const refused = await gqlData(app, CompleteSignInDocument, { challengeToken, code: appCode(secret, now() + 30) });
    const error = expectTypename(refused.completeSignIn, 'TooManyAttemptsError');
    expect(new Date(error.retryAt).getTime()).toBeGreaterThan(Date.now());
    // The password step counts against the same budget.
    expect((await gqlData(app, LoginStepDocument, { email: 'throttle@2fa.test', password: TEST_PASSWORD })).login.__typename).toBe('TooManyAttemptsError');
  });
});

describe('the operator requires two-factor for admins', () => {
  it('an admin without it may only set it up; every other operation answers TWO_FACTOR_SETUP_REQUIRED until it is on', async () => {
    const root = await adminSession(app);
    const created = await gqlData(app, CreateUserByAdminDocument, { email: 'second-admin@2fa.test', password: TEST_PASSWORD, role: 'ADMIN' }, root);
    expectTypename(created.createUser, 'AdminCreatedUser');
    const updated = await gqlData(app, UpdateSettingsDocument, { input: { adminTwoFactorRequired: true } }, root);
    expect(updated.updateSettings.__typename).toBe('Settings');

    const { login } = await gqlData(app, LoginStepDocument, { email: 'second-admin@2fa.test', password: TEST_PASSWORD });
    const session = expectTypename(login, 'LoginSuccess').sessionToken;
    const refused = await gql(app, UsersDocument, {}, session);
    expect(refused.errors?.[0]?.extensions?.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await gqlData(app, MyTwoFactorDocument, {}, session)).myTwoFactor.setupRequired).toBe(true);
    // The same holds for the admin who turned it on, and for a plain user nothing changes.
    expect((await gql(app, UsersDocument, {}, root)).errors?.[0]?.extensions?.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const user = await signUp(app, 'plain@2fa.test');
    expect((await gqlData(app, MyTwoFactorDocument, {}, user.session)).myTwoFactor.setupRequired).toBe(false);

    const setup = expectTypename((await gqlData(app, BeginTotpSetupDocument, {}, session)).beginTotpSetup, 'TotpSetup');
    expectTypename((await gqlData(app, ConfirmTotpSetupDocument, { code: appCode(setup.secret) }, session)).confirmTotpSetup, 'BackupCodes');
    const users = await gql(app, UsersDocument, {}, session);
    expect(users.errors).toBeUndefined();
    expect(users.data?.users.edges.length).toBeGreaterThan(0);
  });
});
