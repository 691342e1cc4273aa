import { SignInProvider, UserIdentity } from '../../../src/db/entities';
import {
  AdminSignInProvidersDocument, BeginSignInProviderLinkDocument, CompleteProviderSignInDocument, CreateSignInProviderDocument, DeleteSignInProviderDocument,
  MySignInMethodsDocument, SecurityEventsDocument, UnlinkSignInProviderDocument,
} from '../../generated/graphql';
import { startFakeGitHub, type FakeGitHub, type FakeGitHubUser } from '../../support/fake-github';
import { adminSession, expectTypename, gqlData, signUp } from '../../support/graphql-client';
import { LoopbackSmtp, mailText } from '../../support/loopback-smtp';
import { RedirectBrowser } from '../../support/redirect-browser';
import { startTestApp, type TestApp } from '../../support/test-app';

// GitHub sign-in against a fake GitHub speaking its OAuth app and REST wire format, and linking and
// unlinking providers from the Account page's GraphQL calls.

let app: TestApp;
let github: FakeGitHub;
let admin: string;
let githubProviderId: string;
let smtp: LoopbackSmtp;

beforeAll(async () => {
  github = await startFakeGitHub();
  smtp = await LoopbackSmtp.start();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    // The environment's way of configuring a provider (the generic OAuth 2.0 kind is added at runtime below).
    SIGNIN_PROVIDERS: JSON.stringify([{
      slug: 'github', kind: 'GITHUB', displayName: 'GitHub', clientId: github.clientId, clientSecret: github.clientSecret,
      authorizeUrl: `${github.url}/login/oauth/authorize`, tokenUrl: `${github.url}/login/oauth/access_token`, apiUrl: github.url,
    }]),
  });
  admin = await adminSession(app);
  githubProviderId = String((await app.em().findOneOrFail(SignInProvider, { slug: 'github' })).id);
});

afterAll(async () => {
  await app?.close();
  await github?.close();
  await smtp?.close();
});

const onConsole = (url: URL) => url.origin === app.url && !url.pathname.startsWith('/auth/');
const fragment = (url: URL, name: string) => new URLSearchParams(url.hash.slice(1)).get(name);

function person(id: number, emails: FakeGitHubUser['emails']): FakeGitHubUser {
  return { id, login: `person${id}`, emails };
}

async function signInWithGitHub(user: FakeGitHubUser): Promise<URL> {
  github.signInAs(user);
  return new URL(await new RedirectBrowser().follow(`${app.url}/auth/oauth/github/start`, onConsole));
}

async function sessionFrom(landing: URL): Promise<{ token: string; userId: string; email: string }> {
  expect(landing.pathname).toBe('/sign-in/provider');
  const { completeProviderSignIn } = await gqlData(app, CompleteProviderSignInDocument, { handoff: fragment(landing, 'handoff')! });
  const ok = expectTypename(completeProviderSignIn, 'LoginSuccess');
  return { token: ok.sessionToken, userId: ok.user.id, email: ok.user.email };
}

it('signs up with the verified primary e-mail, asking for the token as JSON', async () => {
  const session = await sessionFrom(await signInWithGitHub(person(101, [
    { email: 'second@example.com', primary: false, verified: true, visibility: null },
    { email: 'octo@example.com', primary: true, verified: true, visibility: 'private' },
  ])));
  expect(session.email).toBe('octo@example.com');
  expect(github.tokenRequests.at(-1)).toMatchObject({ accept: expect.stringContaining('application/json'), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' });
});

it('does not link by an unverified primary e-mail, even when another listed address is verified', async () => {
  const existing = await signUp(app, 'taken@example.com');
  const landing = await signInWithGitHub(person(102, [
    { email: 'taken@example.com', primary: true, verified: false, visibility: null },
    { email: 'other@example.com', primary: false, verified: true, visibility: null },
  ]));
  expect(fragment(landing, 'provider-error')).toBe('EMAIL_UNVERIFIED');
  expect(await app.em().count(UserIdentity, { user: existing.userId })).toBe(0);
});

it('a signed-in user links GitHub from the Account page, sees it, and unlinks it while a password remains', async () => {
  const user = await signUp(app, 'linker@example.com');
  github.signInAs(person(103, [{ email: 'elsewhere@example.com', primary: true, verified: true, visibility: null }]));
  const { beginSignInProviderLink } = await gqlData(app, BeginSignInProviderLinkDocument, { provider: 'github' }, user.session);
  const start = expectTypename(beginSignInProviderLink, 'ProviderLinkStart');
  const landing = new URL(await new RedirectBrowser().follow(start.authorizationUrl, onConsole));
  expect(landing.pathname).toBe('/account');
  expect(fragment(landing, 'provider-linked')).toBe('github');

  const methods = await gqlData(app, MySignInMethodsDocument, {}, user.session);
  expect(methods.mySignInMethods).toMatchObject({ hasPassword: true, providers: [{ provider: { id: 'github' }, email: 'elsewhere@example.com', enabled: true }] });
  // The linked GitHub account now signs in to this account.
  const viaGitHub = await sessionFrom(await signInWithGitHub(person(103, [{ email: 'elsewhere@example.com', primary: true, verified: true, visibility: null }])));
  expect(viaGitHub.userId).toBe(String(user.userId));

  const unlinked = await gqlData(app, UnlinkSignInProviderDocument, { provider: 'github' }, user.session);
  expect(expectTypename(unlinked.unlinkSignInProvider, 'UnlinkSignInProviderSuccess').provider).toBe('github');
  const { mySecurityEvents: securityEvents } = await gqlData(app, SecurityEventsDocument, {}, user.session);
  expect(securityEvents.map((e) => e.kind)).toEqual(['PROVIDER_UNLINKED', 'PROVIDER_LINKED']);
  // Each change was mailed to the owner (SMTP is configured here).
  const linkedMail = await smtp.take('linker@example.com');
  expect(mailText(linkedMail).body).toContain('GitHub was linked to your account');
  const unlinkedMail = await smtp.take('linker@example.com');
  expect(mailText(unlinkedMail).body).toContain('GitHub was unlinked from your account');
  expect(securityEvents.every((e) => e.ip !== null && JSON.parse(e.detail).provider === 'github')).toBe(true);
});

it('refuses to link a GitHub account that already belongs to someone else', async () => {
  const owner = await sessionFrom(await signInWithGitHub(person(104, [{ email: 'first-owner@example.com', primary: true, verified: true, visibility: null }])));
  const other = await signUp(app, 'second-owner@example.com');
  github.signInAs(person(104, [{ email: 'first-owner@example.com', primary: true, verified: true, visibility: null }]));
  const { beginSignInProviderLink } = await gqlData(app, BeginSignInProviderLinkDocument, { provider: 'github' }, other.session);
  const landing = new URL(await new RedirectBrowser().follow(expectTypename(beginSignInProviderLink, 'ProviderLinkStart').authorizationUrl, onConsole));
  expect(landing.pathname).toBe('/account');
  expect(fragment(landing, 'provider-error')).toBe('IDENTITY_TAKEN');
  expect(await app.em().count(UserIdentity, { user: Number(owner.userId) })).toBe(1);
  expect(await app.em().count(UserIdentity, { user: other.userId })).toBe(0);
});

it('never leaves an account without a way in: the only provider of a password-less account cannot be unlinked', async () => {
  const onlyGitHub = await sessionFrom(await signInWithGitHub(person(105, [{ email: 'no-password@example.com', primary: true, verified: true, visibility: null }])));
  const refused = await gqlData(app, UnlinkSignInProviderDocument, { provider: 'github' }, onlyGitHub.token);
  expect(expectTypename(refused.unlinkSignInProvider, 'LastWayInError').code).toBe('LAST_WAY_IN');
  expect(await app.em().count(UserIdentity, { user: Number(onlyGitHub.userId) })).toBe(1);

  // With a second provider linked, either one may go.
  await gqlData(app, CreateSignInProviderDocument, {
    input: {
      slug: 'forum', kind: 'OAUTH2', displayName: 'Forum', clientId: github.clientId, clientSecret: github.clientSecret,
      authorizeUrl: `${github.url}/login/oauth/authorize`, tokenUrl: `${github.url}/login/oauth/access_token`, userInfoUrl: `${github.url}/user`,
      subjectField: 'id', emailField: 'email',
    },
  }, admin);
  github.signInAs(person(106, []));
  const { beginSignInProviderLink } = await gqlData(app, BeginSignInProviderLinkDocument, { provider: 'forum' }, onlyGitHub.token);
  const landing = new URL(await new RedirectBrowser().follow(expectTypename(beginSignInProviderLink, 'ProviderLinkStart').authorizationUrl, onConsole));
  expect(fragment(landing, 'provider-linked')).toBe('forum');
  const unlinked = await gqlData(app, UnlinkSignInProviderDocument, { provider: 'github' }, onlyGitHub.token);
  expect(unlinked.unlinkSignInProvider.__typename).toBe('UnlinkSignInProviderSuccess');
  const last = await gqlData(app, UnlinkSignInProviderDocument, { provider: 'forum' }, onlyGitHub.token);
  expect(last.unlinkSignInProvider.__typename).toBe('LastWayInError');
});

it('keeps a provider people linked: deleting it is refused', async () => {
  const refused = await gqlData(app, DeleteSignInProviderDocument, { id: githubProviderId }, admin);
  expect(refused.deleteSignInProvider.__typename).toBe('InputValidationError');
});

it('never hands the client secret back, and keeps it sealed at rest', async () => {
  // The admin list says a secret is stored (without it), so the console can say "leave empty to keep".
  const { adminSignInProviders } = await gqlData(app, AdminSignInProvidersDocument, {}, admin);
  const listed = adminSignInProviders.find((p) => p.slug === 'github')!;
  expect(listed.clientSecretSet).toBe(true);
  expect(JSON.stringify(adminSignInProviders)).not.toContain(github.clientSecret);
  const [row] = await app.em().getConnection().execute<Array<{ client_secret_sealed: string }>>(`select client_secret_sealed from sign_in_providers where slug = 'github'`);
  expect(row!.client_secret_sealed.startsWith('v2:')).toBe(true);
  expect(row!.client_secret_sealed).not.toContain(github.clientSecret);
});
