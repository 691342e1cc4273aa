import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What changed about how an account signs in. Other sign-in methods (providers) add their own
 * kinds; the console shows unknown kinds by name.
 */
export type SecurityEventKind =
  | 'PASSWORD_CHANGED' | 'PASSWORD_RESET' | 'PROVIDER_LINKED' | 'PROVIDER_UNLINKED'
  | 'TOTP_ENABLED' | 'TOTP_DISABLED' | 'BACKUP_CODES_REGENERATED' | 'BACKUP_CODE_USED'
  | 'PASSKEY_ADDED' | 'PASSKEY_REMOVED'
  | (string & {});

export interface SecurityEventInput {
  userId: number;
  kind: SecurityEventKind;
  /** What the owner needs to recognise the change (a passkey's name); never a secret or a code. */
  detail?: Record<string, unknown>;
  /** The address the change came from (TRUSTED_PROXIES rules); null when unknown. */
  ip: string | null;
}

/**
 * Records one change of sign-in methods. Runs on the caller's EntityManager, so a change made in
 * a transaction is recorded in the same one (both or neither).
 */
export async function recordSecurityEvent(em: EntityManager, event: SecurityEventInput): Promise<void> {
  await em.getConnection().execute(
    'insert into account_security_events (user_id, kind, detail, ip, created_at) values (?, ?, ?, ?, now())',
    [event.userId, event.kind, JSON.stringify(event.detail ?? {}), event.ip === 'unknown' ? null : event.ip],
    'run',
    em.getTransactionContext(),
  );
}
