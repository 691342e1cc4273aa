import type { ProviderProfile } from '../domain/accounts/provider-accounts';
import { DEFAULT_SCOPES, GITHUB_DEFAULTS } from '../domain/accounts/sign-in-provider-settings';
import type { ProviderForFlow } from '../domain/accounts/sign-in-providers';
import type { StartedFlow, TakenFlow } from '../domain/accounts/oauth-flows';
import { readUserInfoProfile, readGitHubProfile, type GitHubEmail } from './provider-profiles';

type OpenIdClient = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });
type Configuration = InstanceType<OpenIdClient['Configuration']>;

// openid-client is ESM-only: a real dynamic import() (kept as it is in CommonJS output under
// `module: node16`); the test runner compiles it to CommonJS (jest.config.js).
const loadOpenIdClient = (): Promise<OpenIdClient> => import('openid-client');

/** Seconds any one request to a provider may take. */
const PROVIDER_TIMEOUT_S = 10;

/**
 * A provider answer that failed a check (state, nonce, PKCE, issuer, signature, expiry) or a
 * provider that could not be reached. `detail` is for the log only: it names the check, never a
 * code, token or secret.
 */
export class ProviderExchangeError extends Error {
  constructor(readonly detail: string) {
    super(`sign-in provider exchange failed: ${detail}`);
    this.name = 'ProviderExchangeError';
  }
}

/** http:// is accepted only on loopback (a development provider, the tests); anything else must be https. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/**
 * One mechanism for every kind: openid-client does the OAuth 2.0 parts (authorization URL with
 * PKCE S256 and state, the code exchange with its checks), and for OpenID Connect also discovery,
 * the nonce and the ID token (its signature against the provider's JWKS, issuer, audience, expiry).
 */
async function configurationOf(provider: ProviderForFlow): Promise<{ client: OpenIdClient; config: Configuration }> {
  const client = await loadOpenIdClient();
  const { options } = provider;
  if (provider.kind === 'OIDC') {
    const issuer = options.issuer!;
    const execute = [client.enableNonRepudiationChecks, ...(isLoopback(issuer) ? [client.allowInsecureRequests] : [])];
    const config = await client.discovery(new URL(issuer), provider.clientId, provider.clientSecret, undefined, { execute, timeout: PROVIDER_TIMEOUT_S });
    return { client, config };
  }
  const authorizeUrl = provider.kind === 'GITHUB' ? options.authorizeUrl ?? GITHUB_DEFAULTS.authorizeUrl : options.authorizeUrl!;
  const tokenUrl = provider.kind === 'GITHUB' ? options.tokenUrl ?? GITHUB_DEFAULTS.tokenUrl : options.tokenUrl!;
  const config = new client.Configuration(
    { issuer: new URL(authorizeUrl).origin, authorization_endpoint: authorizeUrl, token_endpoint: tokenUrl },
    provider.clientId, provider.clientSecret,
  );
  config.timeout = PROVIDER_TIMEOUT_S;
  if (isLoopback(authorizeUrl) || isLoopback(tokenUrl)) client.allowInsecureRequests(config);
  return { client, config };
}

/** Where to send the browser: the provider's authorization endpoint with state, PKCE and (OIDC) nonce. */
export async function authorizationUrl(provider: ProviderForFlow, redirectUri: string, flow: StartedFlow): Promise<URL> {
  const { client, config } = await configurationOf(provider);
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: provider.options.scopes ?? DEFAULT_SCOPES[provider.kind],
    state: flow.state,
    code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
  };
  if (provider.kind === 'OIDC') parameters.nonce = flow.nonce;
  if (parameters.scope === '') delete parameters.scope;
  return client.buildAuthorizationUrl(config, parameters);
}

/**
 * Checks the callback and exchanges its code: `state` against the flow, the code with the PKCE
 * verifier, and for OIDC the ID token (signature, issuer, audience, expiry, nonce). Then reads
 * who the person is from the ID token and user-info (OIDC), GitHub's /user and /user/emails, or
 * the configured user-info URL and field names (OAUTH2).
 */
export async function exchangeCallback(
  provider: ProviderForFlow, callbackUrl: URL, flow: Pick<TakenFlow, 'nonce' | 'codeVerifier'>, expectedState: string,
): Promise<ProviderProfile> {
  const { client, config } = await configurationOf(provider).catch((err: unknown) => {
    throw new ProviderExchangeError(`provider unreachable or its metadata refused: ${summary(err)}`);
  });
  const oidc = provider.kind === 'OIDC';
  let tokens;
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier, expectedState, idTokenExpected: oidc, ...(oidc ? { expectedNonce: flow.nonce } : {}),
    });
  } catch (err) {
    throw new ProviderExchangeError(`code exchange refused: ${summary(err)}`);
  }
  try {
    if (oidc) {
      const claims = tokens.claims()!;
      let email = typeof claims.email === 'string' ? claims.email : null;
      let verified = claims.email_verified === true;
      // Many providers (and oidc-provider by default) put the e-mail in user-info, not the ID token.
      if (email === null) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : null;
        verified = info.email_verified === true;
      }
      return { subject: claims.sub, email, emailVerified: email !== null && verified };
    }
    const get = async (url: string): Promise<unknown> => {
      const headers = new Headers({ accept: provider.kind === 'GITHUB' ? 'application/vnd.github+json' : 'application/json', 'user-agent': 'model-gateway' });
      const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(url), 'GET', undefined, headers);
      if (!res.ok) throw new Error(`${new URL(url).pathname} answered ${res.status}`);
      return res.json();
    };
    if (provider.kind === 'GITHUB') {
      const api = provider.options.apiUrl ?? GITHUB_DEFAULTS.apiUrl;
      const [user, emails] = await Promise.all([get(`${api}/user`), get(`${api}/user/emails`)]);
      return readGitHubProfile(user, emails as GitHubEmail[]);
    }
    return readUserInfoProfile(await get(provider.options.userInfoUrl!), provider.options);
  } catch (err) {
    if (err instanceof ProviderExchangeError) throw err;
    throw new ProviderExchangeError(`reading the person's profile failed: ${summary(err)}`);
  }
}

/** The error's class, code and message: openid-client's messages name the failed check and carry no secrets. */
function summary(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return `${err.name}${typeof code === 'string' ? ` ${code}` : ''}: ${err.message}`.slice(0, 300);
}
