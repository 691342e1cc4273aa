import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type IUser } from '../../db/entities';
import { isUniqueViolation } from '../../lib/pg-errors';
import { findInviter, newInviteCode } from '../invitations/invite-code';
import { rewardInviterForVerification, type InvitationRewardRules } from '../invitations/invitation-rewards';
import { changeFreeQuota } from '../quota/free-quota-ledger';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { RuntimeSettingsValues } from '../settings/settings-definitions';
import { claimAttempt, signUpRules, type AccountThrottles } from './abuse-throttle';
import { checkEmail, checkNewPassword, normaliseEmail, type CredentialProblem } from './credentials-policy';
import { hashPassword } from './password';

export interface RegisterInput {
  email: string;
  password: string;
  /** The caller's address, for the per-address sign-up throttle. */
  address: string;
  /** The code of the invitation link the person came through; an unknown one is ignored. */
  inviteCode?: string | null;
}

export interface RegisterDeps {
  em: EntityManager;
  /** The runtime settings in force (src/domain/settings). */
  settings: Pick<RuntimeSettingsValues, 'registrationOpen' | 'passwordSignUpEnabled' | 'emailVerificationRequired' | 'signupGrant'>;
  limiter: RateLimiter;
  throttles: AccountThrottles;
}

export interface NewAccountOptions {
  /** Quota granted now, with its ledger row; 0n when it waits for e-mail verification. */
  signupGrant: bigint;
  /** An admin (or a sign-in provider) vouching for the address: the account counts as verified from the start. */
  emailVerified: boolean;
  /** The user whose invitation brought this person (src/domain/invitations). */
  invitedBy?: number | null;
  /** Paid to the inviter at once when the account starts verified; otherwise at verification. */
  inviteRewards?: InvitationRewardRules;
}

export type RegisterResult =
  | { ok: true; user: IUser }
  | { ok: false; reason: 'EMAIL_TAKEN' }
  | { ok: false; reason: 'REGISTRATION_CLOSED' }
  | { ok: false; reason: 'PASSWORD_SIGNUP_OFF' }
  | { ok: false; reason: 'TOO_MANY_ATTEMPTS'; retryAt: Date }
  | ({ ok: false; reason: 'INVALID_INPUT' } & CredentialProblem);

/**
 * Creates the user and grants the sign-up quota (with its ledger row) in one transaction:
 * either both exist or neither does. Sign-ups are throttled per address and globally, so the
 * grant cannot be farmed faster than the operator allows (SIGNUPS_PER_IP_PER_HOUR, SIGNUPS_PER_HOUR).
 * While e-mail verification is required the account starts unverified and the grant waits for
 * the verification link (email-verification.service.ts); the caller sends that mail.
 */
export async function registerUser({ em, settings, limiter, throttles }: RegisterDeps, input: RegisterInput): Promise<RegisterResult> {
  if (!settings.registrationOpen) return { ok: false, reason: 'REGISTRATION_CLOSED' };
  if (!settings.passwordSignUpEnabled) return { ok: false, reason: 'PASSWORD_SIGNUP_OFF' };
  const email = normaliseEmail(input.email);
  const problem = checkEmail(email) ?? checkNewPassword(input.password);
  if (problem) return { ok: false, reason: 'INVALID_INPUT', ...problem };
  // Claimed before the "taken" check too, so registering is no faster way to probe for emails.
  const claim = await claimAttempt(limiter, signUpRules(throttles, input.address));
  if (!claim.allowed) return { ok: false, reason: 'TOO_MANY_ATTEMPTS', retryAt: claim.retryAt };
  const signupGrant = settings.emailVerificationRequired ? 0n : settings.signupGrant;
  const invitedBy = await findInviter(em, input.inviteCode);
  return createAccount(em, { signupGrant, emailVerified: false, invitedBy }, { email, password: input.password });
}

/**
 * The account and its sign-up grant, without the sign-up throttle: registration claims that
 * first; an admin creating an account (user-lifecycle.service.ts) is not throttled.
 */
export async function createAccount(
  em: EntityManager,
  { signupGrant, emailVerified, invitedBy = null, inviteRewards }: NewAccountOptions,
  input: { email: string; password: string | null },
): Promise<Exclude<RegisterResult, { reason: 'TOO_MANY_ATTEMPTS' | 'REGISTRATION_CLOSED' | 'PASSWORD_SIGNUP_OFF' }>> {
  const email = normaliseEmail(input.email);
  // No password: an account made by a sign-in provider, which is its way in.
  const problem = checkEmail(email) ?? (input.password === null ? undefined : checkNewPassword(input.password));
  if (problem) return { ok: false, reason: 'INVALID_INPUT', ...problem };
  // Only a live account holds an address (a deleted user's is free again); two sign-ups racing
  // past this check meet the partial unique index, and the loser gets EMAIL_TAKEN below.
  if (await em.count(User, { email, deletedAt: null })) return { ok: false, reason: 'EMAIL_TAKEN' };

  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  try {
    const userId = await em.transactional(async (tx) => {
      const user = tx.create(User, {
        email, passwordHash, emailVerifiedAt: emailVerified ? new Date() : null, inviteCode: newInviteCode(), invitedBy,
      });
      await tx.flush();
      if (emailVerified && invitedBy !== null && inviteRewards) await rewardInviterForVerification(tx, user.id, inviteRewards);
      if (signupGrant > 0n) {
        const grant = await changeFreeQuota(tx, {
          userId: user.id, amount: signupGrant, kind: 'SIGNUP_GRANT', reference: `signup:${user.id}`,
        });
        if (!grant.ok) throw new Error(`sign-up grant failed: ${grant.reason}`);
      }
      return user.id;
    });
    // Re-read outside the transaction: the grant changed free_quota behind the identity map.
    return { ok: true, user: await em.fork().findOneOrFail(User, userId) };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: 'EMAIL_TAKEN' };
    throw err;
  }
}
