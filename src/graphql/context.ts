import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserRole } from '../db/entities';
import { sha256Hex } from '../lib/key-material';
import type { Services } from '../services';

export interface Viewer {
  id: number;
  email: string;
  role: UserRole;
  sessionId: number;
  /**
   * An ADMIN without two-factor while the operator requires it: the session may only set it up
   * (scope `signedIn`); every other field is refused with TWO_FACTOR_SETUP_REQUIRED.
   */
  twoFactorSetupRequired: boolean;
}

export interface GraphQLContext {
  /** A fresh EntityManager per GraphQL request. */
  em: EntityManager;
  viewer: Viewer | null;
  /** A session token was sent but matches no live session (expired, signed out, or its user disabled). */
  sessionRejected: boolean;
  services: Services;
  request: Request;
  /** The caller's address (TRUSTED_PROXIES rules), for sign-in and sign-up throttles; 'unknown' if the socket is gone. */
  clientAddress: string;
}

export const bearerToken = (authorization: string | null): string | null =>
  (authorization ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined) ?? null;

/**
 * Resolves `Authorization: Bearer <session>` to the signed-in user, if the session is live.
 * `adminTwoFactorRequired` is the runtime setting: an ADMIN without an authenticator app then
 * gets a viewer that may only set one up.
 */
export async function resolveViewer(em: EntityManager, authorization: string | null, adminTwoFactorRequired = false): Promise<Viewer | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const rows = await em.getConnection().execute<{ id: number; email: string; role: UserRole; session_id: number; has_totp: boolean }[]>(
    `select u.id, u.email, u.role, s.id as session_id,
            exists (select 1 from user_totp t where t.user_id = u.id and t.enabled_at is not null) as has_totp
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = ? and s.expires_at > now() and u.status = 'ACTIVE'`,
    [sha256Hex(token)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id, email: row.email, role: row.role, sessionId: row.session_id,
    twoFactorSetupRequired: adminTwoFactorRequired && row.role === 'ADMIN' && !row.has_totp,
  };
}
