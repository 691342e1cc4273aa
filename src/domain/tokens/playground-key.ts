import type { IToken } from '../../db/entities';
import type { CommonFailure, Outcome } from '../domain-result';
import { createToken, type GroupNotAllowed, type TokenDeps } from './token.service';

/** How long a playground key lives: a sitting at the console, not a credential to keep. */
export const PLAYGROUND_KEY_MINUTES = 60;
export const PLAYGROUND_KEY_NAME = 'Playground (temporary)';

/**
 * A short-lived key for the console's playground, in `auto` (every model the user may use).
 * The page revokes it when the user leaves; its expiry ends it server-side regardless (a closed
 * tab, a crashed browser), because the key verifier refuses expired keys. Its calls are billed
 * like any key's.
 */
export async function createPlaygroundKey(deps: TokenDeps, userId: number, now = new Date()): Promise<Outcome<{ token: IToken; key: string }, CommonFailure | GroupNotAllowed>> {
  return createToken(deps, userId, { name: PLAYGROUND_KEY_NAME, expiresAt: new Date(now.getTime() + PLAYGROUND_KEY_MINUTES * 60_000) });
}
