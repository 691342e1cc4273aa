import { Token, type IToken } from '../../db/entities';
import type { CommonFailure, Outcome } from '../domain-result';
import { createToken, type GroupNotAllowed, type TokenDeps } from './token.service';
import { PLAYGROUND_KEY_NAME } from './token-rules';

export { PLAYGROUND_KEY_NAME };

/** How long a playground key lives: a sitting at the console, not a credential to keep. */
export const PLAYGROUND_KEY_MINUTES = 60;
/**
 * Live playground keys one user may hold; making another revokes the oldest. About one per open
 * playground tab: enough for a few tabs side by side, and a bound on keys a crashed page left behind.
 */
export const PLAYGROUND_KEYS_LIVE = 3;

/**
 * A short-lived key for the console's playground, in `auto` (every model the user may use).
 * The page revokes it when the user leaves (route change, navigation, reload, closed tab), signing
 * out revokes it, and its expiry ends it server-side regardless (a crashed browser), because the
 * key verifier refuses expired keys. Its calls are billed like any key's.
 */
export async function createPlaygroundKey(deps: TokenDeps, userId: number, now = new Date()): Promise<Outcome<{ token: IToken; key: string }, CommonFailure | GroupNotAllowed>> {
  const created = await createToken(
    deps, userId, { name: PLAYGROUND_KEY_NAME, expiresAt: new Date(now.getTime() + PLAYGROUND_KEY_MINUTES * 60_000) }, { playground: true },
  );
  if (created.ok) await revokePlaygroundKeys(deps, userId, { keep: PLAYGROUND_KEYS_LIVE, now });
  return created;
}

/**
 * Revokes the user's live playground keys but the `keep` newest (none kept: at sign-out, when
 * the page's own revoke would come too late, after the session it needs has ended).
 */
export async function revokePlaygroundKeys(
  { em, changeBus }: Pick<TokenDeps, 'em' | 'changeBus'>,
  userId: number,
  { keep = 0, now = new Date() }: { keep?: number; now?: Date } = {},
): Promise<number> {
  const live = await em.find(
    Token,
    { user: userId, name: PLAYGROUND_KEY_NAME, status: { $ne: 'REVOKED' }, expiresAt: { $gt: now }, deletedAt: null },
    { orderBy: { id: 'desc' } },
  );
  const retired = live.slice(keep);
  if (retired.length === 0) return 0;
  for (const token of retired) {
    token.status = 'REVOKED';
    token.revokedAt = now;
  }
  await em.flush();
  for (const token of retired) await changeBus.publish({ topic: 'token', id: token.keyHash });
  return retired.length;
}
