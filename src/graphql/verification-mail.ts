import { sendVerificationMail } from '../domain/accounts/email-verification.service';
import type { GraphQLContext } from './context';

/** Sends the verification mail; a transport failure is logged, not the caller's error (they can ask again). */
export async function mailVerificationLink(ctx: GraphQLContext, user: { id: number; email: string }): Promise<boolean> {
  const { config, mail, clock, logger } = ctx.services;
  try {
    await sendVerificationMail({ em: ctx.em, mail, ttlMs: config.mail.verificationTtlMs, linkBaseUrl: config.mail.linkBaseUrl, now: clock.now() }, user);
    return true;
  } catch (err) {
    logger.warn('could not send the verification mail', { userId: user.id, error: err as Error });
    return false;
  }
}
