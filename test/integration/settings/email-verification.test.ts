import { EmailVerification, LedgerEntry, User } from '../../../src/db/entities';
import { createLogger } from '../../../src/lib/logger';
import { ManualClock } from '../../../src/lib/clock';
import {
  CheckInNowDocument, CreateKeyPlainDocument, MyVerificationDocument, RegisterDocument, ResendVerificationEmailDocument, UpdateSettingsDocument,
  VerifyEmailDocument,
} from '../../generated/graphql';
import { LoopbackSmtp, verificationToken } from '../../support/loopback-smtp';
import { adminSession, expectTypename, gqlData, TEST_PASSWORD } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let smtp: LoopbackSmtp;
let app: TestApp;

beforeAll(async () => {
  smtp = await LoopbackSmtp.start();
  app = await startTestApp({
    SMTP_URL: smtp.url, MAIL_FROM: 'Gateway <gateway@test.local>', PUBLIC_URL: 'https://gateway.test.local', EMAIL_VERIFICATION: 'true', SIGNUP_GRANT: '5000',
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function register(email: string) {
  const { register } = await gqlData(app, RegisterDocument, { email, password: TEST_PASSWORD });
  return expectTypename(register, 'RegisterSuccess');
}

async function grants(userId: string) {
  return (await app.em().find(LedgerEntry, { user: Number(userId), kind: 'SIGNUP_GRANT' })).map((r) => r.amount);
}

describe('e-mail verification (SMTP to a real server on loopback)', () => {
  it('register -> mail -> verifyEmail gives the grant exactly once; the link cannot be replayed', async () => {
    const { user, sessionToken } = await register('Alice@Verify.test');
    expect((await gqlData(app, MyVerificationDocument, {}, sessionToken)).me).toEqual({
      id: user.id, emailVerified: false, emailVerificationPending: true, freeQuota: '0',
    });
    expect(await grants(user.id)).toEqual([]);

    const mail = await smtp.take('alice@verify.test');
    expect(mail.from).toBe('gateway@test.local');
    expect(mail.raw).toContain('https://gateway.test.local/verify-email?token=');
    expect(mail.raw).not.toContain(TEST_PASSWORD);
    const token = verificationToken(mail);
    // Only the token's hash is stored.
    const stored = await app.em().find(EmailVerification, { user: Number(user.id) });
    expect(stored.map((v) => v.tokenHash)).not.toContain(token);

    // Waiting for verification: signed in, but no keys and no check-ins.
    expect((await gqlData(app, CreateKeyPlainDocument, { name: 'early' }, sessionToken)).createToken).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect((await gqlData(app, CheckInNowDocument, {}, sessionToken)).checkIn).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const verified = (await gqlData(app, VerifyEmailDocument, { token })).verifyEmail;
    expect(verified).toEqual({ __typename: 'VerifyEmailSuccess', email: 'alice@verify.test', granted: '5000' });
    expect(await grants(user.id)).toEqual([5000n]);
    const ledger = await app.em().findOneOrFail(LedgerEntry, { user: Number(user.id), kind: 'SIGNUP_GRANT' });
    expect(ledger).toMatchObject({ reference: `signup:${user.id}`, balanceAfter: 5000n });

    const replay = (await gqlData(app, VerifyEmailDocument, { token })).verifyEmail;
    expect(replay).toEqual({ __typename: 'VerificationTokenInvalidError', code: 'VERIFICATION_TOKEN_INVALID' });
    expect(await grants(user.id)).toEqual([5000n]);
    expect((await gqlData(app, MyVerificationDocument, {}, sessionToken)).me).toMatchObject({ emailVerified: true, emailVerificationPending: false, freeQuota: '5000' });
    expect((await gqlData(app, CreateKeyPlainDocument, { name: 'now' }, sessionToken)).createToken.__typename).toBe('CreateTokenSuccess');
    expect((await gqlData(app, ResendVerificationEmailDocument, {}, sessionToken)).resendVerificationEmail).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED' });
  });

  it('the same token used by many requests at once verifies and grants once', async () => {
    const { user } = await register('race@verify.test');
    const token = verificationToken(await smtp.take('race@verify.test'));
    const results = await Promise.all(Array.from({ length: 8 }, () => gqlData(app, VerifyEmailDocument, { token })));
    const kinds = results.map((r) => r.verifyEmail.__typename).sort();
    expect(kinds.filter((k) => k === 'VerifyEmailSuccess')).toHaveLength(1);
    expect(await grants(user.id)).toEqual([5000n]);
  });

  it('a resent link replaces the earlier one; resending is throttled', async () => {
    const { user, sessionToken } = await register('again@verify.test');
    const firstToken = verificationToken(await smtp.take('again@verify.test'));
    const resent = (await gqlData(app, ResendVerificationEmailDocument, {}, sessionToken)).resendVerificationEmail;
    expect(resent).toEqual({ __typename: 'ResendVerificationEmailSuccess', sentTo: 'again@verify.test' });
    const secondToken = verificationToken(await smtp.take('again@verify.test'));
    expect(secondToken).not.toBe(firstToken);
    expect((await gqlData(app, VerifyEmailDocument, { token: firstToken })).verifyEmail.__typename).toBe('VerificationTokenInvalidError');

    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = (await gqlData(app, ResendVerificationEmailDocument, {}, sessionToken)).resendVerificationEmail;
      codes.push(r.__typename === 'ResendVerificationEmailSuccess' ? 'SENT' : r.code);
    }
    expect(codes).toEqual(['SENT', 'SENT', 'TOO_MANY_ATTEMPTS']);
    const latest = (await app.em().find(EmailVerification, { user: Number(user.id), usedAt: null }));
    expect(latest).toHaveLength(1);
  });

  it('an expired link is refused and grants nothing', async () => {
    const { user } = await register('late@verify.test');
    const token = verificationToken(await smtp.take('late@verify.test'));
    const clock = new ManualClock(new Date(Date.now() + 25 * 3600_000));
    const services = app.server.services;
    const original = services.clock;
    services.clock = clock;
    try {
      expect((await gqlData(app, VerifyEmailDocument, { token })).verifyEmail.__typename).toBe('VerificationTokenInvalidError');
    } finally {
      services.clock = original;
    }
    expect(await grants(user.id)).toEqual([]);
    expect((await app.em().findOneOrFail(User, Number(user.id))).emailVerifiedAt).toBeNull();
  });

  it('a user registered while verification was off keeps the one grant they got when verifying later', async () => {
    const admin = await adminSession(app);
    await gqlData(app, UpdateSettingsDocument, { input: { emailVerificationRequired: false } }, admin);
    try {
      const { user, sessionToken } = await register('early-bird@verify.test');
      expect(await grants(user.id)).toEqual([5000n]);
      await gqlData(app, UpdateSettingsDocument, { input: { emailVerificationRequired: true } }, admin);
      expect((await gqlData(app, CreateKeyPlainDocument, { name: 'k' }, sessionToken)).createToken).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      await gqlData(app, ResendVerificationEmailDocument, {}, sessionToken);
      const token = verificationToken(await smtp.take('early-bird@verify.test'));
      expect((await gqlData(app, VerifyEmailDocument, { token })).verifyEmail).toMatchObject({ granted: '0' });
      expect(await grants(user.id)).toEqual([5000n]);
    } finally {
      await gqlData(app, UpdateSettingsDocument, { input: { emailVerificationRequired: true } }, admin);
    }
  });
});

describe('without SMTP_URL the mail is written to the log', () => {
  it('logs the link and never the password', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) } });
    const logged = await startTestApp({ EMAIL_VERIFICATION: 'true' }, { logger });
    try {
      const { register: result } = await gqlData(logged, RegisterDocument, { email: 'log@verify.test', password: TEST_PASSWORD });
      expectTypename(result, 'RegisterSuccess');
      logger.flush();
      const mailLine = lines.find((l) => l.includes('/verify-email?token='));
      expect(mailLine).toBeDefined();
      expect(JSON.parse(mailLine!)).toMatchObject({ to: 'log@verify.test', subject: 'Confirm your e-mail address' });
      expect(lines.some((l) => l.includes(TEST_PASSWORD))).toBe(false);
    } finally {
      await logged.close();
    }
  });
});
