import { User, type IUser } from '../db/entities';
import { claimAttempt } from '../domain/accounts/abuse-throttle';
import { awaitsVerification, verifyEmail } from '../domain/accounts/email-verification.service';
import { invitationRewardRules } from '../domain/invitations/invitation-rewards';
import { TooManyAttemptsError } from './accounts.schema';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { DomainError, ErrorInterface } from './errors.schema';
import { UserRef } from './user.schema';
import { mailVerificationLink } from './verification-mail';

export class EmailNotVerifiedError extends DomainError {
  readonly code = 'EMAIL_NOT_VERIFIED';
  constructor() {
    super('Confirm your e-mail address first: follow the link we sent you (or ask for a new one).');
    this.name = 'EmailNotVerifiedError';
  }
}

export class EmailAlreadyVerifiedError extends DomainError {
  readonly code = 'EMAIL_ALREADY_VERIFIED';
  constructor() {
    super('Your e-mail address is already confirmed.');
    this.name = 'EmailAlreadyVerifiedError';
  }
}

/** One answer for an unknown, used or expired link: a token tells nobody anything about accounts. */
export class VerificationTokenInvalidError extends DomainError {
  readonly code = 'VERIFICATION_TOKEN_INVALID';
  constructor() {
    super('This link is invalid, already used or expired. Sign in and ask for a new one.');
    this.name = 'VerificationTokenInvalidError';
  }
}

export class MailNotSentError extends DomainError {
  readonly code = 'MAIL_NOT_SENT';
  constructor() {
    super('The mail could not be sent right now; try again in a while.');
    this.name = 'MailNotSentError';
  }
}

for (const [cls, name] of [
  [EmailNotVerifiedError, 'EmailNotVerifiedError'],
  [EmailAlreadyVerifiedError, 'EmailAlreadyVerifiedError'],
  [VerificationTokenInvalidError, 'VerificationTokenInvalidError'],
  [MailNotSentError, 'MailNotSentError'],
] as const) {
  builder.objectType(cls, { name, interfaces: [ErrorInterface], isTypeOf: (value) => value instanceof cls });
}

builder.objectFields(UserRef, (t) => ({
  emailVerified: t.boolean({ description: 'Whether the user confirmed their address by the mailed link.', resolve: (u) => u.emailVerifiedAt != null }),
  emailVerificationPending: t.boolean({
    description: 'True while e-mail verification is required and this user has not verified yet: no new API keys, check-ins or sign-up grant until then.',
    resolve: (u, _args, ctx) => awaitsVerification(u, ctx.services.settings.current().emailVerificationRequired),
  }),
}));

/** Resend budget per account: a mail costs the operator and can annoy the address's owner. */
const RESEND_RULE = { limit: 3, windowMs: 15 * 60_000 };

/** Throws EmailNotVerifiedError while the viewer must still verify (keys, check-ins). */
export async function requireVerifiedViewer(ctx: GraphQLContext): Promise<void> {
  if (!ctx.services.settings.current().emailVerificationRequired) return;
  const user = await ctx.em.findOneOrFail(User, ctx.viewer!.id, { fields: ['role', 'emailVerifiedAt'] });
  if (awaitsVerification(user, true)) throw new EmailNotVerifiedError();
}

const VerifyEmailSuccess = builder.objectRef<{ email: string; granted: bigint }>('VerifyEmailSuccess').implement({
  fields: (t) => ({
    email: t.exposeString('email', { description: 'The address now confirmed.' }),
    granted: t.field({ type: 'BigInt', description: 'Sign-up quota given now (0 when it was given before).', resolve: (r) => r.granted }),
  }),
});

const ResendVerificationSuccess = builder.objectRef<{ sentTo: string }>('ResendVerificationEmailSuccess').implement({
  fields: (t) => ({ sentTo: t.exposeString('sentTo') }),
});

builder.mutationFields((t) => ({
  verifyEmail: t.field({
    type: VerifyEmailSuccess,
    description: 'Confirms an e-mail address with the token from the mailed link (once), and gives the sign-up grant if it was waiting.',
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true }) },
    errors: { types: [VerificationTokenInvalidError], directResult: true, union: { name: 'VerifyEmailResult' } },
    resolve: async (_root, { token }, ctx) => {
      const { settings, clock, changeBus } = ctx.services;
      const current = settings.current();
      const result = await verifyEmail(ctx.em, token, current.signupGrant, clock.now(), invitationRewardRules(current));
      if (!result.ok) throw new VerificationTokenInvalidError();
      // Balances are cached per user (quota leases).
      if (result.granted > 0n) await changeBus.publish({ topic: 'user', id: String(result.userId) }).catch(() => undefined);
      if (result.rewardedInviter !== null) await changeBus.publish({ topic: 'user', id: String(result.rewardedInviter) }).catch(() => undefined);
      return { email: result.email, granted: result.granted };
    },
  }),
  resendVerificationEmail: t.field({
    type: ResendVerificationSuccess,
    description: 'Mails a new verification link to the signed-in user (earlier links stop working). At most 3 per 15 minutes.',
    authScopes: { user: true },
    errors: { types: [EmailAlreadyVerifiedError, TooManyAttemptsError, MailNotSentError], directResult: true, union: { name: 'ResendVerificationEmailResult' } },
    resolve: async (_root, _args, ctx) => {
      const user: IUser = await ctx.em.findOneOrFail(User, ctx.viewer!.id);
      if (user.emailVerifiedAt != null) throw new EmailAlreadyVerifiedError();
      const claim = await claimAttempt(ctx.services.rateLimiter, [{ name: 'verify-mail', rule: RESEND_RULE, subject: String(user.id) }]);
      if (!claim.allowed) throw new TooManyAttemptsError(claim.retryAt, 'Too many verification mails; try again later.');
      if (!(await mailVerificationLink(ctx, user))) throw new MailNotSentError();
      return { sentTo: user.email };
    },
  }),
}));
