import { Router, type Request, type Response } from 'express';
import { claimAttempt } from '../domain/accounts/abuse-throttle';
import { providerForFlow } from '../domain/accounts/sign-in-providers';
import { inviteCodeOrNull } from '../domain/invitations/invite-code';
import { randomToken } from '../lib/key-material';
import type { Services } from '../services';
import { beginProviderFlow, completeProviderCallback } from './provider-flows';

const BINDING_COOKIE = 'gw_oauth_binding';
/** The cookie lives as long as a flow may: FLOW_TTL_MS. */
const BINDING_MAX_AGE_S = 600;
const SLUG = /^[a-z0-9][a-z0-9-]{0,31}$/;
/**
 * Starts per address: each one stores a flow and may fetch the provider's metadata, so a loop of
 * them must not fill the table or turn the gateway into a load generator against the provider.
 * Far above what a person clicking "Continue with ..." ever needs.
 */
const STARTS_PER_ADDRESS = { limit: 30, windowMs: 60_000 };

/** Where the gateway is reached: PUBLIC_URL, else the address this request came to (development). */
export function baseUrlOf(services: Services, req: Request): string {
  return services.config.publicUrl ?? `${req.protocol}://${req.get('host') ?? `${services.config.host}:${services.config.port}`}`;
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function bindingCookie(services: Services, req: Request, value: string, maxAge: number): string {
  const secure = baseUrlOf(services, req).startsWith('https:') ? '; Secure' : '';
  // Lax: the provider's redirect back is a top-level GET navigation, which Lax cookies go with.
  return `${BINDING_COOKIE}=${value}; Path=/auth/oauth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The browser side of provider sign-in (docs/sign-in-providers.md):
 * - `GET /auth/oauth/:provider/start[?invite=<code>]`: stores a new flow (with the invitation
 *   code, if any) and redirects to the provider; a cookie
 *   binds the flow to this browser, so nobody can finish a sign-in they started in someone
 *   else's browser (login CSRF).
 * - `GET /auth/oauth/:provider/callback`: checks everything and redirects to the console: a
 *   sign-in to `/sign-in/provider#handoff=<one-time code>`, which the console exchanges for a
 *   session (completeProviderSignIn); a link to `/account#provider-linked=<provider>`; a refusal
 *   to `/sign-in#provider-error=<CODE>` or `/account#provider-error=<CODE>`. The fragment never
 *   reaches a server log or a Referer header.
 */
export function createOAuthRouter(services: Services): Router {
  const router = Router();
  const noStore = (res: Response) => res.setHeader('cache-control', 'no-store');

  router.get('/:provider/start', async (req: Request<{ provider: string }>, res: Response) => {
    noStore(res);
    const slug = req.params.provider;
    const em = services.orm.em.fork();
    const provider = SLUG.test(slug) ? await providerForFlow(em, services.secretBox, slug) : null;
    if (!provider) return res.redirect(303, '/sign-in#provider-error=UNKNOWN_PROVIDER');
    const address = services.clientAddressOf(req) ?? 'unknown';
    const claim = await claimAttempt(services.rateLimiter, [{ name: 'oauth-start-ip', rule: STARTS_PER_ADDRESS, subject: address }]);
    if (!claim.allowed) return res.redirect(303, '/sign-in#provider-error=TOO_MANY_ATTEMPTS');
    const binding = randomToken(43);
    let target: URL;
    try {
      // The invitation link's code rides on the flow row, so a first sign-in that makes the
      // account counts the invitation; a malformed one is ignored, as register ignores it.
      const inviteCode = inviteCodeOrNull(req.query['invite']);
      target = await beginProviderFlow(services, em, provider, baseUrlOf(services, req), { purpose: 'SIGN_IN', browserBinding: binding, inviteCode });
    } catch (err) {
      services.logger.warn('sign-in provider could not be reached', { provider: slug, error: err as Error });
      return res.redirect(303, '/sign-in#provider-error=PROVIDER_ERROR');
    }
    res.setHeader('set-cookie', bindingCookie(services, req, binding, BINDING_MAX_AGE_S));
    res.redirect(303, target.href);
  });

  router.get('/:provider/callback', async (req: Request<{ provider: string }>, res: Response) => {
    noStore(res);
    const slug = req.params.provider;
    const query = new URLSearchParams(req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '');
    const outcome = SLUG.test(slug)
      ? await completeProviderCallback(services, services.orm.em.fork(), {
        slug, query, baseUrl: baseUrlOf(services, req), browserBinding: cookieValue(req, BINDING_COOKIE),
        address: services.clientAddressOf(req) ?? 'unknown',
      })
      : ({ ok: false, purpose: 'SIGN_IN', reason: 'UNKNOWN_PROVIDER' } as const);
    // The binding has done its job; a new sign-in gets a new one.
    res.setHeader('set-cookie', bindingCookie(services, req, '', 0));
    if (outcome.ok) {
      return res.redirect(303, outcome.purpose === 'SIGN_IN'
        ? `/sign-in/provider#handoff=${encodeURIComponent(outcome.handoff)}`
        : `/account#provider-linked=${encodeURIComponent(outcome.provider)}`);
    }
    res.redirect(303, `${outcome.purpose === 'LINK' ? '/account' : '/sign-in'}#provider-error=${outcome.reason}`);
  });

  return router;
}
