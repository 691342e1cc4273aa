import type { EntityManager } from '@mikro-orm/postgresql';
import { sendVerificationMail } from '../domain/accounts/email-verification.service';
import { createHandoff, startFlow, takeFlow } from '../domain/accounts/oauth-flows';
import { linkProvider, signInWithProvider, type ProviderSignInFailure } from '../domain/accounts/provider-accounts';
import { sendSecurityNotice } from '../domain/accounts/security-notice-mail';
import { providerForFlow, type ProviderForFlow } from '../domain/accounts/sign-in-providers';
import { sha256Hex } from '../lib/key-material';
import type { Services } from '../services';
import { authorizationUrl, exchangeCallback, ProviderExchangeError } from './provider-protocol';

/** Where the provider sends the browser back; what the operator registers at the provider. */
export function redirectUriOf(baseUrl: string, slug: string): string {
  return `${baseUrl}/auth/oauth/${encodeURIComponent(slug)}/callback`;
}

/** The callback's refusals, as the console shows them (`#provider-error=<code>`). */
export type CallbackFailure =
  | ProviderSignInFailure
  | 'UNKNOWN_PROVIDER' | 'STATE_INVALID' | 'CANCELLED' | 'PROVIDER_ERROR' | 'IDENTITY_TAKEN' | 'ALREADY_LINKED';

export type CallbackOutcome =
  | { ok: true; purpose: 'SIGN_IN'; handoff: string }
  | { ok: true; purpose: 'LINK'; provider: string }
  | { ok: false; purpose: 'SIGN_IN' | 'LINK'; reason: CallbackFailure };

/**
 * Starts a flow: stores state, nonce and PKCE verifier (oauth-flows.ts) and answers the URL to
 * send the browser to. SIGN_IN flows are bound to the browser (`browserBinding`, kept in a
 * cookie); LINK flows to the signed-in user who asked.
 */
export async function beginProviderFlow(
  services: Services, em: EntityManager, provider: ProviderForFlow, baseUrl: string,
  owner: { purpose: 'SIGN_IN'; browserBinding: string; inviteCode: string | null } | { purpose: 'LINK'; userId: number },
): Promise<URL> {
  const flow = await startFlow(em, {
    providerId: provider.id, purpose: owner.purpose, now: services.clock.now(),
    ...(owner.purpose === 'SIGN_IN' ? { browserBinding: owner.browserBinding, inviteCode: owner.inviteCode } : { userId: owner.userId }),
  });
  return authorizationUrl(provider, redirectUriOf(baseUrl, provider.slug), flow);
}

export interface CallbackInput {
  slug: string;
  /** The callback URL as the provider sent it (its query carries code, state, maybe error). */
  query: URLSearchParams;
  baseUrl: string;
  /** The cookie value the browser that started a SIGN_IN flow holds. */
  browserBinding: string | undefined;
  address: string;
}

/**
 * Everything the callback checks, in order: the provider is known and enabled; `state` names a
 * live flow of this provider (taken once: a replay finds nothing); a SIGN_IN flow comes back to
 * the browser that started it; the provider did not report an error; then the code exchange
 * with every protocol check (provider-protocol.ts). Then the account is found, linked or made
 * (provider-accounts.ts), and a SIGN_IN ends with a one-time hand-off code for the console.
 */
export async function completeProviderCallback(services: Services, em: EntityManager, input: CallbackInput): Promise<CallbackOutcome> {
  const { logger } = services;
  const now = services.clock.now();
  const provider = await providerForFlow(em, services.secretBox, input.slug);
  if (!provider) return { ok: false, purpose: 'SIGN_IN', reason: 'UNKNOWN_PROVIDER' };
  const state = input.query.get('state') ?? '';
  const flow = await takeFlow(em, provider.id, state, now);
  if (!flow) return { ok: false, purpose: 'SIGN_IN', reason: 'STATE_INVALID' };
  const purpose = flow.purpose;
  if (purpose === 'SIGN_IN' && (input.browserBinding === undefined || sha256Hex(input.browserBinding) !== flow.browserBindingHash)) {
    return { ok: false, purpose, reason: 'STATE_INVALID' };
  }
  const providerError = input.query.get('error');
  if (providerError !== null) {
    return { ok: false, purpose, reason: providerError === 'access_denied' ? 'CANCELLED' : 'PROVIDER_ERROR' };
  }

  const callbackUrl = new URL(redirectUriOf(input.baseUrl, provider.slug));
  callbackUrl.search = input.query.toString();
  let profile;
  try {
    profile = await exchangeCallback(provider, callbackUrl, flow, state);
  } catch (err) {
    if (!(err instanceof ProviderExchangeError)) throw err;
    logger.warn('sign-in provider callback refused', { provider: provider.slug, detail: err.detail });
    return { ok: false, purpose, reason: 'PROVIDER_ERROR' };
  }
  const ref = { id: provider.id, slug: provider.slug, displayName: provider.displayName };

  if (purpose === 'LINK') {
    const linked = await linkProvider(em, flow.userId!, ref, profile, input.address, now);
    if (!linked.ok) return { ok: false, purpose, reason: linked.reason };
    if (linked.changed) await noticeLinked(services, em, flow.userId!, provider.displayName, input.address, now);
    return { ok: true, purpose, provider: provider.slug };
  }

  const { config, settings, rateLimiter } = services;
  const result = await signInWithProvider(
    { em, settings: settings.current(), limiter: rateLimiter, throttles: config.accountThrottles, now },
    ref, profile, { address: input.address, inviteCode: flow.inviteCode },
  );
  if (!result.ok) return { ok: false, purpose, reason: result.reason };
  if (result.via === 'LINKED_BY_EMAIL') await noticeLinked(services, em, result.userId, provider.displayName, input.address, now);
  if (result.needsVerificationMail) {
    await sendVerificationMail(
      // Never from the request's Host header: a mailed link must point at the configured address.
      { em, mail: services.mail, ttlMs: config.mail.verificationTtlMs, linkBaseUrl: config.mail.linkBaseUrl, now },
      { id: result.userId, email: result.email },
    ).catch((err: unknown) => logger.warn('could not send the verification mail', { userId: result.userId, error: err as Error }));
  }
  return { ok: true, purpose, handoff: await createHandoff(em, { providerId: provider.id, userId: result.userId, now }) };
}

async function noticeLinked(services: Services, em: EntityManager, userId: number, providerName: string, address: string, now: Date): Promise<void> {
  const [row] = await em.getConnection().execute<Array<{ email: string }>>('select email from users where id = ?', [userId]);
  if (!row) return;
  await sendSecurityNotice(services, { id: userId, email: row.email }, { kind: 'PROVIDER_LINKED', detail: { providerName } }, address, now);
}
