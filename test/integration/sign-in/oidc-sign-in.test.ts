import { LedgerEntry, User, UserIdentity } from '../../../src/db/entities';
import {
  CompleteProviderSignInDocument, CreateSignInProviderDocument, MeDocument, MyInvitationDocument, MySignInMethodsDocument, RegisterDocument,
  SecurityEventsDocument, SignInProvidersDocument, UpdateSettingsDocument,
} from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startOidcProvider, type TestOidcProvider } from '../../support/oidc-provider';
import { RedirectBrowser } from '../../support/redirect-browser';
import { startTestApp, type TestApp } from '../../support/test-app';

// Provider sign-in against a real OpenID Connect provider (oidc-provider) on loopback, driven the
// way a browser drives it: the gateway's start route, the provider, the callback, the console's
// hand-off. Every refusal is checked by what a person sees (the console URL) and what is stored.

let app: TestApp;
let op: TestOidcProvider;
let admin: string;
const SIGNUP_GRANT = 777n;

beforeAll(async () => {
  app = await startTestApp({ SIGNUP_GRANT: String(SIGNUP_GRANT) });
  op = await startOidcProvider([`${app.url}/auth/oauth/acme/callback`, `${app.url}/auth/oauth/acme-wrong/callback`]);
  admin = await adminSession(app);
  const created = await gqlData(app, CreateSignInProviderDocument, {
    input: { slug: 'acme', kind: 'OIDC', displayName: 'Acme ID', clientId: op.clientId, clientSecret: op.clientSecret, issuer: op.issuer },
  }, admin);
  expect(expectTypename(created.createSignInProvider, 'SignInProviderConfig').redirectUrl).toBe(`${app.url}/auth/oauth/acme/callback`);
});

afterAll(async () => {
  await op?.close();
  await app?.close();
});

const onConsole = (url: URL) => url.origin === app.url && !url.pathname.startsWith('/auth/');

/** The provider's authorization URL the gateway's start route redirects to (nothing followed yet). */
async function startAt(browser: RedirectBrowser, slug = 'acme'): Promise<URL> {
  const started = await browser.get(`${app.url}/auth/oauth/${slug}/start`);
  expect(started.status).toBe(303);
  return new URL(started.location!);
}

/** From the provider's authorization URL to where the gateway finally sends the browser. */
async function finish(browser: RedirectBrowser, authorizeUrl: URL | string): Promise<URL> {
  return new URL(await browser.follow(String(authorizeUrl), onConsole));
}

async function signInThroughProvider(account: { sub: string; email: string; email_verified: boolean }): Promise<URL> {
  await op.setAccount(account);
  const browser = new RedirectBrowser();
  return finish(browser, await startAt(browser));
}

function fragment(url: URL, name: string): string | null {
  return new URLSearchParams(url.hash.slice(1)).get(name);
}

async function completeHandoff(landing: URL) {
  expect(landing.pathname).toBe('/sign-in/provider');
  const { completeProviderSignIn } = await gqlData(app, CompleteProviderSignInDocument, { handoff: fragment(landing, 'handoff')! });
  return expectTypename(completeProviderSignIn, 'LoginSuccess');
}

it('lists the enabled provider for the sign-in buttons, to anyone', async () => {
  const { signInProviders } = await gqlData(app, SignInProvidersDocument);
  expect(signInProviders).toEqual([{ id: 'acme', displayName: 'Acme ID', kind: 'OIDC' }]);
});

it('a first sign-in with a verified e-mail creates the account with its sign-up grant, and signs in', async () => {
  const landing = await signInThroughProvider({ sub: 'new-1', email: 'New.Person@Example.com', email_verified: true });
  const success = await completeHandoff(landing);
  expect(success.user.email).toBe('new.person@example.com');
  expect(success.user.emailVerified).toBe(true);
  expect(success.user.freeQuota).toBe(String(SIGNUP_GRANT));
  // The session is a real one.
  const { me } = await gqlData(app, MeDocument, {}, success.sessionToken);
  expect(me.email).toBe('new.person@example.com');
  const methods = await gqlData(app, MySignInMethodsDocument, {}, success.sessionToken);
  expect(methods.mySignInMethods.hasPassword).toBe(false);
  expect(methods.mySignInMethods.providers.map((p) => p.provider.id)).toEqual(['acme']);
  const grants = await app.em().find(LedgerEntry, { user: Number(success.user.id), kind: 'SIGNUP_GRANT' });
  expect(grants.map((g) => g.amount)).toEqual([SIGNUP_GRANT]);

  // The next sign-in finds the same account, and grants nothing again.
  const again = await completeHandoff(await signInThroughProvider({ sub: 'new-1', email: 'new.person@example.com', email_verified: true }));
  expect(again.user.id).toBe(success.user.id);
  expect(await app.em().count(LedgerEntry, { user: Number(success.user.id), kind: 'SIGNUP_GRANT' })).toBe(1);
});

it('a hand-off code signs in once', async () => {
  const landing = await signInThroughProvider({ sub: 'once-1', email: 'once@example.com', email_verified: true });
  await completeHandoff(landing);
  const replay = await gqlData(app, CompleteProviderSignInDocument, { handoff: fragment(landing, 'handoff')! });
  expect(expectTypename(replay.completeProviderSignIn, 'InvalidHandoffError').code).toBe('INVALID_HANDOFF');
});

/** The owner confirms their address (what the verification link does; its own tests are elsewhere). */
async function confirmEmail(userId: number): Promise<void> {
  await app.em().nativeUpdate(User, { id: userId }, { emailVerifiedAt: new Date() });
}

it('links to an existing account when both it and the provider verified the e-mail, and records it', async () => {
  const existing = await signUp(app, 'owner@example.com');
  await confirmEmail(existing.userId);
  const landing = await signInThroughProvider({ sub: 'owner-sub', email: 'owner@example.com', email_verified: true });
  const success = await completeHandoff(landing);
  expect(Number(success.user.id)).toBe(existing.userId);
  const { mySecurityEvents: securityEvents } = await gqlData(app, SecurityEventsDocument, {}, existing.session);
  expect(securityEvents).toHaveLength(1);
  expect(securityEvents[0]).toMatchObject({ kind: 'PROVIDER_LINKED', ip: expect.stringContaining('127.0.0.1') });
  expect(JSON.parse(securityEvents[0]!.detail)).toMatchObject({ provider: 'acme', via: 'SIGN_IN_WITH_VERIFIED_EMAIL' });
});

it('refuses an unverified e-mail that matches an existing account, with a clear reason, and links nothing', async () => {
  const existing = await signUp(app, 'victim@example.com');
  const landing = await signInThroughProvider({ sub: 'attacker-sub', email: 'victim@example.com', email_verified: false });
  expect(landing.pathname).toBe('/sign-in');
  expect(fragment(landing, 'provider-error')).toBe('EMAIL_UNVERIFIED');
  expect(await app.em().count(UserIdentity, { user: existing.userId })).toBe(0);
});

it('never links a provider to an account whose own address was never confirmed (pre-registration takeover)', async () => {
  // Someone registers the address first, with a password of their choosing, and never verifies it.
  const squatter = await signUp(app, 'prey@example.com');
  // The address's real owner later signs in with a provider that verified it.
  const landing = await signInThroughProvider({ sub: 'prey-sub', email: 'prey@example.com', email_verified: true });
  expect(landing.pathname).toBe('/sign-in');
  expect(fragment(landing, 'provider-error')).toBe('ACCOUNT_UNVERIFIED');
  // Nothing was linked, so the squatter's password opens nothing of the owner's future sign-ins.
  expect(await app.em().count(UserIdentity, { user: squatter.userId })).toBe(0);
  const methods = await gqlData(app, MySignInMethodsDocument, {}, squatter.session);
  expect(methods.mySignInMethods.providers).toEqual([]);
  expect((await app.em().fork().findOneOrFail(User, squatter.userId)).emailVerifiedAt).toBeNull();

  // Once the account's holder confirms the address, they are its owner and the provider links.
  await confirmEmail(squatter.userId);
  const linked = await completeHandoff(await signInThroughProvider({ sub: 'prey-sub', email: 'prey@example.com', email_verified: true }));
  expect(Number(linked.user.id)).toBe(squatter.userId);
});

describe('invitations through a provider sign-up', () => {
  const REWARD = 7000n;
  beforeAll(async () => {
    await gqlData(app, UpdateSettingsDocument, { input: { invitationRewardsEnabled: true, inviteVerifiedReward: String(REWARD) } }, admin);
  });
  afterAll(async () => {
    await gqlData(app, UpdateSettingsDocument, { input: { invitationRewardsEnabled: false, inviteVerifiedReward: '0' } }, admin);
  });

  async function inviter(email: string): Promise<{ userId: number; session: string; code: string }> {
    const account = await signUp(app, email);
    const { myInvitation } = await gqlData(app, MyInvitationDocument, {}, account.session);
    return { userId: account.userId, session: account.session, code: myInvitation.code };
  }

  const rewardsOf = (userId: number) => app.em().fork().find(LedgerEntry, { user: userId, kind: 'INVITE_REWARD' });

  it('records the person as invited, exactly like a password sign-up, and pays the inviter once for the verified address', async () => {
    const host = await inviter('host@invite.test');
    await op.setAccount({ sub: 'guest-sub', email: 'guest@invite.test', email_verified: true });
    const browser = new RedirectBrowser();
    const started = await browser.get(`${app.url}/auth/oauth/acme/start?invite=${host.code}`);
    expect(started.status).toBe(303);
    const guest = await completeHandoff(await finish(browser, started.location!));
    expect((await app.em().fork().findOneOrFail(User, Number(guest.user.id))).invitedBy?.id).toBe(host.userId);
    // The provider verified the address, so the verification reward is paid with the account.
    expect((await rewardsOf(host.userId)).map((r) => [r.amount, r.reference])).toEqual([[REWARD, `invite:${guest.user.id}`]]);
    const { myInvitation } = await gqlData(app, MyInvitationDocument, {}, host.session);
    expect(myInvitation).toMatchObject({ joined: 1, verified: 1 });

    // Signing in again (even through the link again) neither re-records nor pays twice.
    const againBrowser = new RedirectBrowser();
    const again = await againBrowser.get(`${app.url}/auth/oauth/acme/start?invite=${host.code}`);
    expect((await completeHandoff(await finish(againBrowser, again.location!))).user.id).toBe(guest.user.id);
    expect(await rewardsOf(host.userId)).toHaveLength(1);
  });

  it('takes the code only from where the flow started: one added to the callback is ignored, a malformed one too', async () => {
    const host = await inviter('host2@invite.test');
    await op.setAccount({ sub: 'forged-sub', email: 'forged@invite.test', email_verified: true });
    const browser = new RedirectBrowser();
    const callback = new URL(await browser.follow(`${app.url}/auth/oauth/acme/start`, (url) => url.pathname.endsWith('/callback')));
    callback.searchParams.set('invite', host.code);
    const forged = await completeHandoff(await finish(browser, callback));
    expect((await app.em().fork().findOneOrFail(User, Number(forged.user.id))).invitedBy).toBeNull();

    await op.setAccount({ sub: 'malformed-sub', email: 'malformed@invite.test', email_verified: true });
    const other = new RedirectBrowser();
    const started = await other.get(`${app.url}/auth/oauth/acme/start?invite=${encodeURIComponent('not a code!')}`);
    const malformed = await completeHandoff(await finish(other, started.location!));
    expect((await app.em().fork().findOneOrFail(User, Number(malformed.user.id))).invitedBy).toBeNull();
    expect(await rewardsOf(host.userId)).toHaveLength(0);
  });
});

it('refuses a callback whose state is not the one sent', async () => {
  await op.setAccount({ sub: 'state-1', email: 'state@example.com', email_verified: true });
  const browser = new RedirectBrowser();
  const authorize = await startAt(browser);
  const callback = new URL(await browser.follow(authorize.href, (u) => u.pathname.endsWith('/callback')));
  callback.searchParams.set('state', 'forged-state-value');
  const landing = new URL(await browser.follow(callback.href, onConsole));
  expect(fragment(landing, 'provider-error')).toBe('STATE_INVALID');
  expect(await app.em().count(User, { email: 'state@example.com' })).toBe(0);
});

it('refuses a callback in a browser that did not start the sign-in (login CSRF)', async () => {
  await op.setAccount({ sub: 'csrf-1', email: 'csrf@example.com', email_verified: true });
  const attacker = new RedirectBrowser();
  const callback = await attacker.follow((await startAt(attacker)).href, (u) => u.pathname.endsWith('/callback'));
  const victim = new RedirectBrowser();
  const landing = new URL(await victim.follow(callback, onConsole));
  expect(fragment(landing, 'provider-error')).toBe('STATE_INVALID');
});

it('refuses an ID token whose nonce is not the one sent', async () => {
  await op.setAccount({ sub: 'nonce-1', email: 'nonce@example.com', email_verified: true });
  const browser = new RedirectBrowser();
  const authorize = await startAt(browser);
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  authorize.searchParams.set('nonce', 'a-nonce-the-gateway-never-sent');
  const landing = await finish(browser, authorize);
  expect(fragment(landing, 'provider-error')).toBe('PROVIDER_ERROR');
  expect(await app.em().count(User, { email: 'nonce@example.com' })).toBe(0);
});

it('refuses when the PKCE challenge the provider saw does not match the verifier', async () => {
  await op.setAccount({ sub: 'pkce-1', email: 'pkce@example.com', email_verified: true });
  const browser = new RedirectBrowser();
  const authorize = await startAt(browser);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  authorize.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  const landing = await finish(browser, authorize);
  expect(fragment(landing, 'provider-error')).toBe('PROVIDER_ERROR');
  expect(await app.em().count(User, { email: 'pkce@example.com' })).toBe(0);
});

it('refuses a replayed callback (state and code used once)', async () => {
  await op.setAccount({ sub: 'replay-1', email: 'replay@example.com', email_verified: true });
  const browser = new RedirectBrowser();
  const callback = await browser.follow((await startAt(browser)).href, (u) => u.pathname.endsWith('/callback'));
  const first = new URL(await browser.follow(callback, onConsole));
  expect(first.pathname).toBe('/sign-in/provider');
  const replay = new URL(await browser.follow(callback, onConsole));
  expect(fragment(replay, 'provider-error')).toBe('STATE_INVALID');
});

it('refuses an expired ID token', async () => {
  await op.setAccount({ sub: 'expired-1', email: 'expired@example.com', email_verified: true });
  const browser = new RedirectBrowser();
  const authorize = await startAt(browser);
  // The provider's clock runs two hours behind: its ID tokens (an hour's life) are expired on arrival.
  await op.setClockOffset(-2 * 3600_000);
  try {
    const landing = await finish(browser, authorize);
    expect(fragment(landing, 'provider-error')).toBe('PROVIDER_ERROR');
  } finally {
    await op.setClockOffset(0);
  }
  expect(await app.em().count(User, { email: 'expired@example.com' })).toBe(0);
});

it('refuses a provider whose discovery names another issuer', async () => {
  // Configured as http://localhost:<port>: the provider there says its issuer is http://127.0.0.1:<port>.
  const wrongIssuer = op.issuer.replace('127.0.0.1', 'localhost');
  await gqlData(app, CreateSignInProviderDocument, {
    input: { slug: 'acme-wrong', kind: 'OIDC', displayName: 'Wrong', clientId: op.clientId, clientSecret: op.clientSecret, issuer: wrongIssuer },
  }, admin);
  const browser = new RedirectBrowser();
  const started = await browser.get(`${app.url}/auth/oauth/acme-wrong/start`);
  const landing = new URL(started.location!);
  expect(landing.origin).toBe(app.url);
  expect(fragment(landing, 'provider-error')).toBe('PROVIDER_ERROR');
});

it('with password sign-up off, register is refused and providers still sign people up', async () => {
  await gqlData(app, UpdateSettingsDocument, { input: { passwordSignUpEnabled: false } }, admin);
  try {
    const refused = await gql(app, RegisterDocument, { email: 'pw@example.com', password: 'correct-horse-battery' });
    expect(refused.data?.register).toMatchObject({ __typename: 'RegistrationClosedError' });
    const success = await completeHandoff(await signInThroughProvider({ sub: 'pwoff-1', email: 'pwoff@example.com', email_verified: true }));
    expect(success.user.email).toBe('pwoff@example.com');
  } finally {
    await gqlData(app, UpdateSettingsDocument, { input: { passwordSignUpEnabled: true } }, admin);
  }
});
