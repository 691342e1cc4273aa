import type { EntityManager } from '@mikro-orm/postgresql';
import { Group, Token, type IToken, type UserRole } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import { generateApiKey } from '../../lib/key-material';
import { invalid, notFound, ok, toEntityId, type CommonFailure, type Outcome } from '../domain-result';
import { mayUseGroup } from '../groups/group-access';
import { AUTO_GROUP } from '../groups/group.types';
import {
  checkAllowedIps, checkAllowedModels, checkExpiry, checkMaxConcurrent, checkQuotaCap, checkRateLimitRpm, checkTokenName, checkUnderCeilings,
  normaliseList, type KeyLimitCeilings,
} from './token-rules';

export interface TokenDeps {
  em: EntityManager;
  changeBus: ChangeBus;
  /** The runtime settings now: a key's own limits must stay under them. */
  ceilings: KeyLimitCeilings;
}

export interface TokenOwner {
  id: number;
  role: UserRole;
}

export interface TokenLimits {
  expiresAt?: Date | null;
  quotaCap?: bigint | null;
  allowedModels?: readonly string[] | null;
  allowedIps?: readonly string[] | null;
  /** Requests per minute; null: the gateway default; 0: unlimited. */
  rateLimitRpm?: number | null;
  /** Requests in progress at once; null: the gateway default; 0: no per-key limit. */
  maxConcurrent?: number | null;
}

export interface CreateTokenInput extends TokenLimits {
  name: string;
  /** Defaults to `auto`, which every user may use. */
  group?: string | null;
}

export interface TokenPatch extends TokenLimits {
  name?: string | null;
  status?: 'ACTIVE' | 'DISABLED' | null;
}

export type GroupNotAllowed = { ok: false; reason: 'GROUP_NOT_ALLOWED'; group: string };

async function checkLimits(em: EntityManager, limits: TokenLimits, ceilings: KeyLimitCeilings): Promise<CommonFailure | null> {
  return checkExpiry(limits.expiresAt) ?? checkQuotaCap(limits.quotaCap) ?? checkRateLimitRpm(limits.rateLimitRpm) ?? checkMaxConcurrent(limits.maxConcurrent)
    ?? checkUnderCeilings(limits, ceilings)
    ?? checkAllowedIps(limits.allowedIps)
    ?? (await checkAllowedModels(em, limits.allowedModels));
}

/**
 * Creates a key for `userId` in a group they may use. The plaintext key is returned here once;
 * only its SHA-256 and a display prefix are stored. `playground`: the console playground's own
 * key, the only one that may carry its reserved name.
 */
export async function createToken(
  { em, changeBus, ceilings }: TokenDeps,
  userId: number,
  input: CreateTokenInput,
  options: { playground?: boolean } = {},
): Promise<Outcome<{ token: IToken; key: string }, CommonFailure | GroupNotAllowed>> {
  const problem = checkTokenName(input.name, options) ?? (await checkLimits(em, input, ceilings));
  if (problem) return problem;
  const groupName = input.group?.trim() || AUTO_GROUP;
  const group = await em.findOne(Group, { name: groupName });
  // A closed group the user is not in looks exactly like one that does not exist.
  if (!group || !(await mayUseGroup(em, userId, group))) return { ok: false, reason: 'GROUP_NOT_ALLOWED', group: groupName };

  const key = generateApiKey();
  const token = em.create(Token, {
    user: userId,
    group,
    name: input.name.trim(),
    keyHash: key.hash,
    displayPrefix: key.displayPrefix,
    expiresAt: input.expiresAt ?? null,
    quotaCap: input.quotaCap ?? null,
    allowedModels: normaliseList(input.allowedModels),
    allowedIps: normaliseList(input.allowedIps),
    rateLimitRpm: input.rateLimitRpm ?? null,
    maxConcurrent: input.maxConcurrent ?? null,
  });
  await em.flush();
  // Nobody can have looked this key up yet, but a negative cache entry must never outlive its creation.
  await changeBus.publish({ topic: 'token', id: key.hash });
  return ok({ token, key: key.plaintext });
}

/** Owners see their own tokens, admins every token; anything else is "not found", never "forbidden". */
export async function findVisibleToken(em: EntityManager, viewer: TokenOwner, id: string | number): Promise<IToken | null> {
  const tokenId = toEntityId(id);
  if (tokenId === null) return null;
  return em.findOne(Token, viewer.role === 'ADMIN' ? { id: tokenId, deletedAt: null } : { id: tokenId, user: viewer.id, deletedAt: null });
}

/** Absent fields stay as they are; `null` clears expiry, cap and allow-lists. A revoked token is final. */
export async function updateToken(
  { em, changeBus, ceilings }: TokenDeps,
  viewer: TokenOwner,
  id: string | number,
  patch: TokenPatch,
): Promise<Outcome<IToken>> {
  const token = await findVisibleToken(em, viewer, id);
  if (!token) return notFound('Token');
  if (token.status === 'REVOKED') return invalid('id', 'A revoked token cannot be changed.');
  const problem = (patch.name != null ? checkTokenName(patch.name) : null) ?? (await checkLimits(em, patch, ceilings));
  if (problem) return problem;

  if (patch.status === 'ACTIVE' && token.disabledByAdmin && viewer.role !== 'ADMIN') {
    return invalid('status', 'An administrator disabled this token; only an administrator can enable it again.');
  }

  if (patch.name != null) token.name = patch.name.trim();
  if (patch.status != null) {
    token.status = patch.status;
    // Admin disablement wins over the owner: remembered until an admin enables the key again.
    if (viewer.role === 'ADMIN') token.disabledByAdmin = patch.status === 'DISABLED';
  }
  if (patch.expiresAt !== undefined) token.expiresAt = patch.expiresAt;
  if (patch.quotaCap !== undefined) token.quotaCap = patch.quotaCap;
  if (patch.allowedModels !== undefined) token.allowedModels = normaliseList(patch.allowedModels);
  if (patch.allowedIps !== undefined) token.allowedIps = normaliseList(patch.allowedIps);
  if (patch.rateLimitRpm !== undefined) token.rateLimitRpm = patch.rateLimitRpm;
  if (patch.maxConcurrent !== undefined) token.maxConcurrent = patch.maxConcurrent;
  await em.flush();
  await changeBus.publish({ topic: 'token', id: token.keyHash });
  return ok(token);
}

/** Idempotent: revoking a revoked token returns it unchanged. */
export async function revokeToken({ em, changeBus }: TokenDeps, viewer: TokenOwner, id: string | number): Promise<Outcome<IToken>> {
  const token = await findVisibleToken(em, viewer, id);
  if (!token) return notFound('Token');
  if (token.status !== 'REVOKED') {
    token.status = 'REVOKED';
    token.revokedAt = new Date();
    await em.flush();
  }
  await changeBus.publish({ topic: 'token', id: token.keyHash });
  return ok(token);
}

/**
 * Removes a revoked token from the owner's lists for good. Soft: usage rows keep its id (the
 * key itself stopped working when it was revoked). Only revoked tokens: a live key is revoked first.
 */
export async function deleteToken({ em }: TokenDeps, viewer: TokenOwner, id: string | number): Promise<Outcome<IToken>> {
  const token = await findVisibleToken(em, viewer, id);
  if (!token) return notFound('Token');
  if (token.status !== 'REVOKED') return invalid('id', 'Revoke the token before deleting it.');
  token.deletedAt = new Date();
  await em.flush();
  return ok(token);
}
