import type { EntityManager } from '@mikro-orm/postgresql';
import { AccountSecurityEvent, type IAccountSecurityEvent } from '../../db/entities';
import type { MailTransport } from '../../lib/mail-transport';

export interface SecurityEventInput {
  userId: number;
  /** What happened, e.g. PROVIDER_LINKED, PROVIDER_UNLINKED. */
  kind: string;
  /** What it concerned (which provider, which factor); never a secret. */
  detail?: Record<string, unknown>;
  /** The caller's address, or null when it is not known. */
  ip: string | null;
}

/**
 * Records one change of how a user signs in. Written in the caller's transaction when it has one
 * (pass the transaction's EntityManager), so the change and its record land together.
 */
export async function recordSecurityEvent(em: EntityManager, { userId, kind, detail, ip }: SecurityEventInput): Promise<void> {
  em.create(AccountSecurityEvent, { user: userId, kind, detail: detail ?? {}, ip });
  await em.flush();
}

/** The user's own events, newest first. */
export function listSecurityEvents(em: EntityManager, userId: number, limit: number): Promise<IAccountSecurityEvent[]> {
  return em.find(AccountSecurityEvent, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
}

/**
 * Tells the owner that a way into their account changed, so a change they did not make does not
 * go unnoticed. Only with a real mail transport (SMTP_URL): the log transport would just repeat
 * the event in the log. A failure to send never undoes the change; the caller logs it.
 */
export async function mailSecurityNotice(
  mail: MailTransport, to: string, what: string, ip: string | null, when: Date,
): Promise<void> {
  if (mail.kind !== 'smtp') return;
  await mail.send({
    to,
    subject: 'A sign-in method of your account changed',
    text: `${what}\n\nWhen: ${when.toISOString()}\nFrom address: ${ip ?? 'unknown'}\n\n`
      + 'If this was you, there is nothing to do. If not, sign in, change your password and review the sign-in methods on your Account page.\n',
  });
}
