import type { EntityManager } from '@mikro-orm/postgresql';
import { SignInProvider, User, UserIdentity } from '../../db/entities';
import { isUniqueViolation } from '../../lib/pg-errors';
import { findInviter } from '../invitations/invite-code';
import { invitationRewardRules } from '../invitations/invitation-rewards';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { RuntimeSettingsValues } from '../settings/settings-definitions';
import { claimAttempt, signUpRules, type AccountThrottles } from './abuse-throttle';
import { normaliseEmail } from './credentials-policy';
import { createAccount } from './registration.service';
import { recordSecurityEvent } from './security-events';
import { leavesWayIn, waysIn } from './ways-in';

/** What a provider said about the person, after every check of its answer passed. */
export interface ProviderProfile {
  /** The provider's stable id of the person (never the e-mail, which can change hands). */
  subject: string;
  email: string | null;
  /** True only when the provider itself says it verified this address. */
  emailVerified: boolean;
}

export interface ProviderRef {
  id: number;
  slug: string;
  displayName: string;
}

export interface ProviderSignInDeps {
  em: EntityManager;
  settings: Pick<
    RuntimeSettingsValues,
    'registrationOpen' | 'emailVerificationRequired' | 'signupGrant' | 'invitationRewardsEnabled' | 'inviteVerifiedReward' | 'inviteCommissionPercent'
  >;
  limiter: RateLimiter;
  throttles: AccountThrottles;
  now: Date;
}

/** Where the sign-in came from: the caller's address (throttles, events) and the flow's invitation code, if any. */
export interface ProviderSignInOrigin {
  address: string;
  /** Only ever the one stored with the flow when it started, never anything the callback carries. */
  inviteCode: string | null;
}

export type ProviderSignInFailure =
  | 'EMAIL_UNVERIFIED' | 'ACCOUNT_UNVERIFIED' | 'EMAIL_REQUIRED' | 'REGISTRATION_CLOSED' | 'ACCOUNT_DISABLED' | 'TOO_MANY_ATTEMPTS' | 'INVALID_EMAIL';

export type ProviderSignInResult =
  | {
    ok: true; userId: number; email: string;
    /** How the account was found: an existing link, an existing account linked now, or a new one. */
    via: 'IDENTITY' | 'LINKED_BY_EMAIL' | 'CREATED';
    /** CREATED without a verified e-mail while verification is required: the caller mails the link. */
    needsVerificationMail: boolean;
  }
  | { ok: false; reason: ProviderSignInFailure };

/**
 * Finds or makes the account a provider sign-in opens:
 * 1. the person's identity is linked already: that account;
 * 2. a live account has the e-mail: linked to it, but ONLY when the provider says it verified the
 *    address (else anyone who registers that address at a lax provider would walk into the
 *    account) AND the account confirmed it too (else whoever registered the address first, with
 *    a password of their choosing and without owning it, would hold every later sign-in of the
 *    address's real owner), recorded as a security event. An unconfirmed account is refused
 *    (ACCOUNT_UNVERIFIED) rather than treated as a sign-up: the address is taken. Its holder signs
 *    in the way they made it, and verifies the address or links the provider from the Account page;
 * 3. otherwise a new account without a password, through the same sign-up rules as a password
 *    sign-up: registration open, the sign-up throttles, and e-mail verification (the grant is
 *    given at once when the provider verified the address, else as for a password sign-up), and
 *    the invitation it came through recorded (the inviter's verification reward paid at once when
 *    the address starts verified, else when it is confirmed).
 */
export async function signInWithProvider(
  deps: ProviderSignInDeps, provider: ProviderRef, profile: ProviderProfile, origin: ProviderSignInOrigin,
): Promise<ProviderSignInResult> {
  const { em } = deps;
  const { address } = origin;
  const linked = await em.findOne(UserIdentity, { provider: provider.id, subject: profile.subject }, { populate: ['user'] });
  if (linked) {
    const user = linked.user;
    if (user.deletedAt !== null && user.deletedAt !== undefined) return { ok: false, reason: 'ACCOUNT_DISABLED' };
    if (user.status !== 'ACTIVE') return { ok: false, reason: 'ACCOUNT_DISABLED' };
    await em.nativeUpdate(UserIdentity, { id: linked.id }, { lastUsedAt: deps.now, email: profile.email });
    return { ok: true, userId: user.id, email: user.email, via: 'IDENTITY', needsVerificationMail: false };
  }

  if (profile.email === null) return { ok: false, reason: 'EMAIL_REQUIRED' };
  const email = normaliseEmail(profile.email);
  const existing = await em.findOne(User, { email, deletedAt: null });
  if (existing) {
    if (!profile.emailVerified) return { ok: false, reason: 'EMAIL_UNVERIFIED' };
    if (existing.status !== 'ACTIVE') return { ok: false, reason: 'ACCOUNT_DISABLED' };
    if (existing.emailVerifiedAt === null || existing.emailVerifiedAt === undefined) return { ok: false, reason: 'ACCOUNT_UNVERIFIED' };
    await em.transactional(async (tx) => {
      tx.create(UserIdentity, { user: existing.id, provider: provider.id, subject: profile.subject, email, lastUsedAt: deps.now });
      await recordSecurityEvent(tx, {
        userId: existing.id, kind: 'PROVIDER_LINKED', ip: address,
        detail: { provider: provider.slug, providerName: provider.displayName, via: 'SIGN_IN_WITH_VERIFIED_EMAIL' },
      });
    });
    return { ok: true, userId: existing.id, email, via: 'LINKED_BY_EMAIL', needsVerificationMail: false };
  }

  if (!deps.settings.registrationOpen) return { ok: false, reason: 'REGISTRATION_CLOSED' };
  const claim = await claimAttempt(deps.limiter, signUpRules(deps.throttles, address));
  if (!claim.allowed) return { ok: false, reason: 'TOO_MANY_ATTEMPTS' };
  const verificationPending = deps.settings.emailVerificationRequired && !profile.emailVerified;
  const created = await createAccount(
    em,
    {
      signupGrant: verificationPending ? 0n : deps.settings.signupGrant,
      emailVerified: profile.emailVerified,
      invitedBy: await findInviter(em, origin.inviteCode),
      inviteRewards: invitationRewardRules(deps.settings),
    },
    { email, password: null },
  );
  // EMAIL_TAKEN: the same person's first sign-in racing this one made the account; go again and find it.
  if (!created.ok) return created.reason === 'EMAIL_TAKEN' ? signInWithProvider(deps, provider, profile, origin) : { ok: false, reason: 'INVALID_EMAIL' };
  try {
    await em.getConnection().execute(
      'insert into user_identities (user_id, provider_id, subject, email, created_at, last_used_at) values (?, ?, ?, ?, ?, ?)',
      [created.user.id, provider.id, profile.subject, email, deps.now, deps.now],
    );
  } catch (err) {
    // The provider account was linked elsewhere meanwhile (a link from the Account page racing
    // this first sign-in): the account just made stays unused, and the sign-in goes to the link.
    if (!isUniqueViolation(err)) throw err;
    await em.getConnection().execute('update users set deleted_at = now() where id = ?', [created.user.id]);
    return signInWithProvider(deps, provider, profile, origin);
  }
  return { ok: true, userId: created.user.id, email, via: 'CREATED', needsVerificationMail: verificationPending };
}

export type LinkResult = { ok: true; changed: boolean } | { ok: false; reason: 'IDENTITY_TAKEN' | 'ALREADY_LINKED' };

/**
 * Links the provider account the signed-in user just proved to own. The e-mail need not match
 * theirs: they proved both sides themselves. Refused when that provider account belongs to
 * someone else, or when the user already has another account of this provider linked.
 */
export async function linkProvider(em: EntityManager, userId: number, provider: ProviderRef, profile: ProviderProfile, address: string, now: Date): Promise<LinkResult> {
  const holder = await em.findOne(UserIdentity, { provider: provider.id, subject: profile.subject });
  if (holder) return holder.user.id === userId ? { ok: true, changed: false } : { ok: false, reason: 'IDENTITY_TAKEN' };
  if (await em.count(UserIdentity, { provider: provider.id, user: userId })) return { ok: false, reason: 'ALREADY_LINKED' };
  try {
    await em.transactional(async (tx) => {
      tx.create(UserIdentity, { user: userId, provider: provider.id, subject: profile.subject, email: profile.email, lastUsedAt: now });
      await recordSecurityEvent(tx, {
        userId, kind: 'PROVIDER_LINKED', ip: address, detail: { provider: provider.slug, providerName: provider.displayName, via: 'ACCOUNT_PAGE' },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: 'IDENTITY_TAKEN' };
    throw err;
  }
  return { ok: true, changed: true };
}

export type UnlinkResult = { ok: true; provider: ProviderRef } | { ok: false; reason: 'NOT_LINKED' | 'LAST_WAY_IN' };

/**
 * Removes a provider link, unless it is the account's last way in (no password, no other
 * provider, no passkey): then the person could never sign in again. The user row is locked for
 * the check, so two unlinks racing cannot each leave the other as the "remaining" way.
 */
export async function unlinkProvider(em: EntityManager, userId: number, providerSlug: string, address: string): Promise<UnlinkResult> {
  return em.transactional(async (tx) => {
    await tx.getConnection().execute('select id from users where id = ? for update', [userId], 'all', tx.getTransactionContext());
    const provider = await tx.findOne(SignInProvider, { slug: providerSlug });
    const identity = provider ? await tx.findOne(UserIdentity, { provider: provider.id, user: userId }) : null;
    if (!provider || !identity) return { ok: false, reason: 'NOT_LINKED' } as const;
    if (!leavesWayIn(await waysIn(tx, userId), { kind: 'PROVIDER', providerId: provider.id })) return { ok: false, reason: 'LAST_WAY_IN' } as const;
    await tx.nativeDelete(UserIdentity, { id: identity.id });
    const ref = { id: provider.id, slug: provider.slug, displayName: provider.displayName };
    await recordSecurityEvent(tx, { userId, kind: 'PROVIDER_UNLINKED', ip: address, detail: { provider: provider.slug, providerName: provider.displayName } });
    return { ok: true, provider: ref } as const;
  });
}

/** The user's linked providers, for the Account page. */
export function linkedIdentities(em: EntityManager, userId: number) {
  return em.find(UserIdentity, { user: userId }, { populate: ['provider'], orderBy: { id: 'asc' } });
}
