import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailVerification, User } from '../../db/entities';
import { randomToken, sha256Hex } from '../../lib/key-material';
import type { MailTransport } from '../../lib/mail-transport';
import { rewardInviterForVerification, type InvitationRewardRules } from '../invitations/invitation-rewards';
import { changeFreeQuota } from '../quota/free-quota-ledger';

export interface VerificationMailDeps {
  em: EntityManager;
  mail: MailTransport;
  /** How long a link works (EMAIL_VERIFICATION_TTL_HOURS). */
  ttlMs: number;
  /** Where the console is reached (PUBLIC_URL); the link opens its /verify-email page. */
  linkBaseUrl: string;
  now: Date;
}

/**
 * Sends a new verification link; links sent before it stop working, so only the newest mail
 * counts. The link's token is stored as its SHA-256 only. Throws when the mail cannot be
 * handed to the transport (the caller decides whether that fails its request).
 */
export async function sendVerificationMail(deps: VerificationMailDeps, user: { id: number; email: string }): Promise<void> {
  const token = randomToken(43);
  await deps.em.transactional(async (tx) => {
    await tx.nativeDelete(EmailVerification, { user: user.id, usedAt: null });
    tx.create(EmailVerification, { user: user.id, tokenHash: sha256Hex(token), expiresAt: new Date(deps.now.getTime() + deps.ttlMs) });
  });
  const link = `${deps.linkBaseUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const hours = Math.round(deps.ttlMs / 3600_000);
  await deps.mail.send({
    to: user.email,
    subject: 'Confirm your e-mail address',
    text: `Confirm your e-mail address for your gateway account by opening this link:\n\n${link}\n\n`
      + `The link works once and for ${hours} hour(s). If you did not sign up, ignore this mail.\n`,
  });
}

export type VerifyEmailResult =
  /** `rewardedInviter`: the user whose invitation was just rewarded, if any. */
  | { ok: true; userId: number; email: string; granted: bigint; rewardedInviter: number | null }
  | { ok: false; reason: 'INVALID_TOKEN' };

/**
 * Uses the token (once: the claim is one conditional UPDATE, so a replayed or concurrent use
 * finds it spent), marks the address verified and gives the sign-up grant with its ledger row,
 * all in one transaction. The grant is keyed `signup:<user id>` in the ledger, so it happens at
 * most once per account whatever else ran before (an account registered while verification was
 * off already has it and gets nothing more). The first verification also pays the user's inviter
 * their reward, if the invitation rules say so (src/domain/invitations).
 */
export async function verifyEmail(
  em: EntityManager, token: string, signupGrant: bigint, now: Date, inviteRewards: InvitationRewardRules,
): Promise<VerifyEmailResult> {
  if (token.length === 0 || token.length > 200) return { ok: false, reason: 'INVALID_TOKEN' };
  return em.transactional(async (tx) => {
    const ctx = tx.getTransactionContext();
    const claimed = await tx.getConnection().execute<Array<{ user_id: number }>>(
      `update email_verifications set used_at = ? where token_hash = ? and used_at is null and expires_at > ? returning user_id`,
      [now, sha256Hex(token), now], 'all', ctx,
    );
    const userId = claimed[0]?.user_id;
    if (userId === undefined) return { ok: false, reason: 'INVALID_TOKEN' } as const;
    const user = await tx.findOne(User, { id: userId, deletedAt: null });
    if (!user) return { ok: false, reason: 'INVALID_TOKEN' } as const;
    // Locks the user row: a concurrent verification of the same account waits here, then finds it done.
    const flipped = await tx.getConnection().execute<Array<{ id: number }>>(
      `update users set email_verified_at = ?, updated_at = now() where id = ? and email_verified_at is null returning id`, [now, userId], 'all', ctx,
    );
    const reference = `signup:${userId}`;
    // Asked first rather than caught: a unique violation would abort the whole transaction.
    const alreadyGranted = await tx.getConnection().execute<unknown[]>(
      `select 1 from ledger_entries where kind = 'SIGNUP_GRANT' and reference = ?`, [reference], 'all', ctx,
    );
    let granted = 0n;
    if (flipped.length === 1 && alreadyGranted.length === 0 && signupGrant > 0n) {
      const grant = await changeFreeQuota(tx, { userId, amount: signupGrant, kind: 'SIGNUP_GRANT', reference });
      if (!grant.ok) throw new Error(`sign-up grant failed: ${grant.reason}`);
      granted = signupGrant;
    }
    const reward = flipped.length === 1 ? await rewardInviterForVerification(tx, userId, inviteRewards) : null;
    return { ok: true, userId, email: user.email, granted, rewardedInviter: reward?.inviterId ?? null } as const;
  });
}

/** Whether a user must verify before creating keys or checking in (admins never wait). */
export function awaitsVerification(user: { role: string; emailVerifiedAt?: Date | null }, verificationRequired: boolean): boolean {
  return verificationRequired && user.role !== 'ADMIN' && (user.emailVerifiedAt ?? null) === null;
}
