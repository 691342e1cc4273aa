import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type IUser } from '../../../db/entities';
import { createChallenge, noteChallengeFailure, peekChallenge, takeChallenge } from '../auth-challenges';
import { issueSession, type IssuedSession } from '../session-store';
import { checkSecondFactor, isTotpEnabled, type TwoFactorDeps } from './two-factor.service';

/** Long enough to open the app and type a code, short enough that a stolen challenge goes stale. */
export const SECOND_FACTOR_TTL_MS = 5 * 60_000;
/** Wrong codes one challenge takes before the person must enter their password again. */
const MAX_FAILURES_PER_CHALLENGE = 5;

export type SignInStep =
  | { kind: 'SESSION'; session: IssuedSession }
  | { kind: 'SECOND_FACTOR'; challengeToken: string; expiresAt: Date };

/**
 * What every sign-in method calls once its own check passed (the password, or a provider's
 * callback): a session, or, when the account has two-factor on, a short-lived challenge that
 * completeSecondFactor exchanges for a session with a code. The first step never yields a session
 * by itself for such an account, whichever method it was.
 */
export async function finishFirstFactor(deps: { em: EntityManager; sessionTtlMs: number }, userId: number): Promise<SignInStep> {
  if (await isTotpEnabled(deps.em, userId)) {
    const challenge = await createChallenge(deps.em, { kind: 'SECOND_FACTOR', userId, ttlMs: SECOND_FACTOR_TTL_MS });
    return { kind: 'SECOND_FACTOR', challengeToken: challenge.token, expiresAt: challenge.expiresAt };
  }
  return { kind: 'SESSION', session: await issueSession(deps.em, userId, deps.sessionTtlMs) };
}

export type SecondStepResult =
  | { ok: true; session: IssuedSession; user: IUser }
  | { ok: false; reason: 'CHALLENGE_EXPIRED' | 'INVALID_CODE' | 'ACCOUNT_DISABLED' }
  | { ok: false; reason: 'TOO_MANY_ATTEMPTS'; retryAt: Date };

/**
 * The second step: a code (authenticator or backup) against the challenge of the first. Wrong
 * codes count against the sign-in throttles like wrong passwords, and against the challenge
 * itself; a right one uses the challenge up, so it yields exactly one session.
 */
export async function completeSecondFactor(
  deps: TwoFactorDeps & { sessionTtlMs: number },
  input: { challengeToken: string; code: string; address: string },
): Promise<SecondStepResult> {
  const { em } = deps;
  const challenge = await peekChallenge(em, input.challengeToken, 'SECOND_FACTOR');
  if (!challenge || challenge.userId === null) return { ok: false, reason: 'CHALLENGE_EXPIRED' };
  const user = await em.findOne(User, { id: challenge.userId, deletedAt: null });
  if (!user) return { ok: false, reason: 'CHALLENGE_EXPIRED' };
  const checked = await checkSecondFactor(deps, { id: user.id, email: user.email, address: input.address }, input.code);
  if (!checked.ok) {
    if (checked.reason === 'INVALID_CODE') await noteChallengeFailure(em, challenge.id, MAX_FAILURES_PER_CHALLENGE);
    return checked;
  }
  if (!(await takeChallenge(em, input.challengeToken, 'SECOND_FACTOR'))) return { ok: false, reason: 'CHALLENGE_EXPIRED' };
  // Disabled between the two steps: reported only now, to someone who proved both factors.
  if (user.status !== 'ACTIVE') return { ok: false, reason: 'ACCOUNT_DISABLED' };
  return { ok: true, session: await issueSession(em, user.id, deps.sessionTtlMs), user };
}
