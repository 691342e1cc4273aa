import { LedgerEntry, Session, User } from '../../../src/db/entities';
import { sha256Hex } from '../../../src/lib/key-material';
import {
  ChangePasswordDocument, LoginDocument, LogoutDocument, MeDocument, RegisterDocument,
} from '../../generated/graphql';
import { TEST_PASSWORD, expectTypename, gql, gqlData, signIn, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ SIGNUP_GRANT: '777' });
});
afterAll(() => app.close());

describe('register', () => {
  it('normalises the email, grants the sign-up quota with its ledger row', async () => {
    const { register } = await gqlData(app, RegisterDocument, { email: '  Alice@Example.COM ', password: TEST_PASSWORD });
    const user = expectTypename(register, 'RegisterSuccess').user;
    expect(user.email).toBe('alice@example.com');
    expect(user.role).toBe('USER');
    const stored = await app.em().findOneOrFail(User, Number(user.id));
    expect(stored.freeQuota).toBe(777n);
    const ledger = await app.em().find(LedgerEntry, { user: stored.id });
    expect(ledger.map((e) => [e.kind, e.amount, e.reference])).toEqual([['SIGNUP_GRANT', 777n, `signup:${stored.id}`]]);
  });

  it('refuses a taken email case-insensitively', async () => {
    await signUp(app, 'taken@example.com');
    const { register } = await gqlData(app, RegisterDocument, { email: 'TAKEN@example.com', password: TEST_PASSWORD });
    expect(register).toMatchObject({ __typename: 'EmailTakenError', code: 'EMAIL_TAKEN' });
  });

  it('creates exactly one account under concurrent registrations', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => gqlData(app, RegisterDocument, { email: 'race@example.com', password: TEST_PASSWORD })),
    );
    expect(results.filter((r) => r.register.__typename === 'RegisterSuccess')).toHaveLength(1);
    expect(results.filter((r) => r.register.__typename === 'EmailTakenError')).toHaveLength(3);
    const user = await app.em().findOneOrFail(User, { email: 'race@example.com' });
    expect(await app.em().count(LedgerEntry, { user: user.id })).toBe(1);
  });

  it('validates email and password', async () => {
    const bad = await gqlData(app, RegisterDocument, { email: 'not-an-email', password: TEST_PASSWORD });
    expect(bad.register).toMatchObject({ __typename: 'InputValidationError', field: 'email' });
    const short = await gqlData(app, RegisterDocument, { email: 'short@example.com', password: 'seven77' });
    expect(short.register).toMatchObject({ __typename: 'InputValidationError', field: 'password' });
    expect(await app.em().count(User, { email: 'short@example.com' })).toBe(0);
  });
});

describe('login and sessions', () => {
  it('returns an opaque session stored only as its SHA-256, usable as a bearer token', async () => {
    await signUp(app, 'bob@example.com');
    const { login } = await gqlData(app, LoginDocument, { email: 'BOB@example.com', password: TEST_PASSWORD });
    const success = expectTypename(login, 'LoginSuccess');
    expect(new Date(success.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const session = await app.em().findOneOrFail(Session, { tokenHash: sha256Hex(success.sessionToken) });
    expect(session.tokenHash).not.toContain(success.sessionToken);
    const me = await gqlData(app, MeDocument, {}, success.sessionToken);
    expect(me.me.email).toBe('bob@example.com');
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    await signUp(app, 'carol@example.com');
    const unknown = await gqlData(app, LoginDocument, { email: 'nobody@example.com', password: TEST_PASSWORD });
    const wrong = await gqlData(app, LoginDocument, { email: 'carol@example.com', password: 'wrong-password' });
    expect(unknown.login).toEqual(wrong.login);
    expect(wrong.login.__typename).toBe('InvalidCredentialsError');
  });

  it('refuses a disabled account only to someone who knows its password', async () => {
    await signUp(app, 'erin@example.com');
    await app.em().nativeUpdate(User, { email: 'erin@example.com' }, { status: 'DISABLED' });
    const right = await gqlData(app, LoginDocument, { email: 'erin@example.com', password: TEST_PASSWORD });
    expect(right.login.__typename).toBe('AccountDisabledError');
    const wrong = await gqlData(app, LoginDocument, { email: 'erin@example.com', password: 'wrong-password' });
    expect(wrong.login.__typename).toBe('InvalidCredentialsError');
  });

  it('logout ends only that session', async () => {
    const { session } = await signUp(app, 'frank@example.com');
    const other = await signIn(app, 'frank@example.com');
    expect((await gqlData(app, LogoutDocument, {}, session)).logout).toBe(true);
    const after = await gql(app, MeDocument, {}, session);
    expect(after.errors?.[0]?.extensions?.code).toBe('SESSION_EXPIRED');
    expect((await gqlData(app, MeDocument, {}, other)).me.email).toBe('frank@example.com');
  });
});

describe('changePassword', () => {
  it('checks the current password, revokes other sessions, keeps this one', async () => {
    const { session } = await signUp(app, 'gina@example.com');
    const other = await signIn(app, 'gina@example.com');
    const wrong = await gqlData(app, ChangePasswordDocument, { currentPassword: 'wrong-password', newPassword: 'new-password-1' }, session);
    expect(wrong.changePassword.__typename).toBe('InvalidCredentialsError');
    const weak = await gqlData(app, ChangePasswordDocument, { currentPassword: TEST_PASSWORD, newPassword: 'short' }, session);
    expect(weak.changePassword.__typename).toBe('InputValidationError');

    const ok = await gqlData(app, ChangePasswordDocument, { currentPassword: TEST_PASSWORD, newPassword: 'new-password-1' }, session);
    expect(expectTypename(ok.changePassword, 'ChangePasswordSuccess').revokedSessions).toBe(1);
    expect((await gqlData(app, MeDocument, {}, session)).me.email).toBe('gina@example.com');
    expect((await gql(app, MeDocument, {}, other)).errors?.[0]?.extensions?.code).toBe('SESSION_EXPIRED');
    const oldPassword = await gqlData(app, LoginDocument, { email: 'gina@example.com', password: TEST_PASSWORD });
    expect(oldPassword.login.__typename).toBe('InvalidCredentialsError');
    await expect(signIn(app, 'gina@example.com', 'new-password-1')).resolves.toMatch(/^gws_/);
  });

  it('is refused to anonymous callers', async () => {
    const res = await gql(app, ChangePasswordDocument, { currentPassword: 'x', newPassword: 'new-password-1' });
    expect(res.errors?.[0]?.message).toMatch(/Not authorized/);
  });
});
