import type { EntityManager } from '@mikro-orm/postgresql';
import type { OAuthFlowPurpose } from '../../db/entities';
import { randomToken, sha256Hex } from '../../lib/key-material';

/** How long a person has between leaving for the provider and coming back. */
export const FLOW_TTL_MS = 10 * 60_000;
/** How long the console has to exchange the hand-off code for a session (it does so at once). */
export const HANDOFF_TTL_MS = 60_000;

export interface StartedFlow {
  /** Sent to the provider and back; stored only as its SHA-256. */
  state: string;
  nonce: string;
  /** PKCE (RFC 7636): the provider gets only its S256 challenge. */
  codeVerifier: string;
}

export interface TakenFlow {
  providerId: number;
  purpose: OAuthFlowPurpose;
  userId: number | null;
  browserBindingHash: string | null;
  /** The invitation code the flow started with (already checked for shape); null without one. */
  inviteCode: string | null;
  nonce: string;
  codeVerifier: string;
}

/**
 * Stores what the callback must check (state, nonce, PKCE verifier) in PostgreSQL, where every
 * instance finds it, for FLOW_TTL_MS. Expired rows are swept on the way.
 */
export async function startFlow(
  em: EntityManager,
  input: { providerId: number; purpose: OAuthFlowPurpose; userId?: number; browserBinding?: string; inviteCode?: string | null; now: Date },
): Promise<StartedFlow> {
  const flow: StartedFlow = { state: randomToken(43), nonce: randomToken(43), codeVerifier: randomToken(64) };
  const connection = em.getConnection();
  await connection.execute('delete from oauth_flows where expires_at < ?', [input.now]);
  await connection.execute(
    `insert into oauth_flows (state_hash, provider_id, purpose, user_id, browser_binding_hash, invite_code, nonce, code_verifier, expires_at, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      sha256Hex(flow.state), input.providerId, input.purpose, input.userId ?? null,
      input.browserBinding === undefined ? null : sha256Hex(input.browserBinding), input.inviteCode ?? null,
      flow.nonce, flow.codeVerifier, new Date(input.now.getTime() + FLOW_TTL_MS), input.now,
    ],
  );
  return flow;
}

/**
 * Takes the flow a callback's `state` names, once: the row is deleted as it is read, so a replayed
 * callback (or two racing) finds nothing. Null for an unknown, used or expired state, or one
 * started for another provider.
 */
export async function takeFlow(em: EntityManager, providerId: number, state: string, now: Date): Promise<TakenFlow | null> {
  if (state.length === 0 || state.length > 256) return null;
  const rows = await em.getConnection().execute<Array<{
    provider_id: number; purpose: OAuthFlowPurpose; user_id: number | null; browser_binding_hash: string | null;
    invite_code: string | null; nonce: string; code_verifier: string; expires_at: Date;
  }>>(
    `delete from oauth_flows where state_hash = ? and handoff_hash is null
     returning provider_id, purpose, user_id, browser_binding_hash, invite_code, nonce, code_verifier, expires_at`,
    [sha256Hex(state)],
  );
  const row = rows[0];
  if (!row || row.provider_id !== providerId || new Date(row.expires_at) <= now) return null;
  return {
    providerId: row.provider_id, purpose: row.purpose, userId: row.user_id, browserBindingHash: row.browser_binding_hash,
    inviteCode: row.invite_code, nonce: row.nonce, codeVerifier: row.code_verifier,
  };
}

/**
 * After a successful callback: a one-time code the console exchanges (completeProviderSignIn) for a
 * session, so the session token itself never travels in a URL.
 */
export async function createHandoff(em: EntityManager, input: { providerId: number; userId: number; now: Date }): Promise<string> {
  const code = randomToken(43);
  await em.getConnection().execute(
    `insert into oauth_flows (state_hash, provider_id, purpose, handoff_hash, result_user_id, nonce, code_verifier, expires_at, created_at)
     values (?, ?, 'SIGN_IN', ?, ?, '', '', ?, ?)`,
    [sha256Hex(randomToken(43)), input.providerId, sha256Hex(code), input.userId, new Date(input.now.getTime() + HANDOFF_TTL_MS), input.now],
  );
  return code;
}

/** The user a hand-off code signs in, once; null when unknown, used or expired. */
export async function takeHandoff(em: EntityManager, code: string, now: Date): Promise<{ userId: number; providerId: number } | null> {
  if (code.length === 0 || code.length > 256) return null;
  const rows = await em.getConnection().execute<Array<{ result_user_id: number; provider_id: number }>>(
    'delete from oauth_flows where handoff_hash = ? and expires_at > ? returning result_user_id, provider_id',
    [sha256Hex(code), now],
  );
  const row = rows[0];
  return row ? { userId: row.result_user_id, providerId: row.provider_id } : null;
}
