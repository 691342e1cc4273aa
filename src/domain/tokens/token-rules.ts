import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogueModel } from '../../db/entities';
import { invalid, type InvalidInput } from '../domain-result';
import { IpAllowList } from './ip-allow-list';

export const TOKEN_NAME_MAX = 128;
const LIST_MAX = 200;

/**
 * The name the console playground's temporary keys carry. Other keys may not take it: the server
 * finds playground keys by it, to revoke them at sign-out and past the per-user bound.
 */
export const PLAYGROUND_KEY_NAME = 'Playground (temporary)';

export function checkTokenName(name: string, options: { playground?: boolean } = {}): InvalidInput | null {
  const trimmed = name.trim();
  if (!trimmed) return invalid('name', 'Give the token a name.');
  if (trimmed.length > TOKEN_NAME_MAX) return invalid('name', `Use at most ${TOKEN_NAME_MAX} characters.`);
  if (!options.playground && trimmed === PLAYGROUND_KEY_NAME) return invalid('name', 'This name is kept for the playground\'s temporary keys; choose another.');
  return null;
}

export function checkExpiry(expiresAt: Date | null | undefined, now = new Date()): InvalidInput | null {
  return expiresAt && expiresAt <= now ? invalid('expiresAt', 'The expiry must be in the future.') : null;
}

export function checkQuotaCap(cap: bigint | null | undefined): InvalidInput | null {
  return cap != null && cap < 0n ? invalid('quotaCap', 'The quota cap cannot be negative.') : null;
}

export const RATE_LIMIT_RPM_MAX = 1_000_000;

/** Null leaves the key on the gateway default (RATE_LIMIT_RPM); 0 makes it unlimited. */
export function checkRateLimitRpm(rpm: number | null | undefined): InvalidInput | null {
  if (rpm == null) return null;
  return Number.isInteger(rpm) && rpm >= 0 && rpm <= RATE_LIMIT_RPM_MAX
    ? null
    : invalid('rateLimitRpm', `Use a whole number of requests per minute from 0 (unlimited) to ${RATE_LIMIT_RPM_MAX}, or null for the gateway default.`);
}

export const MAX_CONCURRENT_MAX = 100_000;

/** Null leaves the key on the gateway default (the defaultMaxConcurrentPerKey setting); 0 lifts the per-key limit, never the per-user one. */
export function checkMaxConcurrent(limit: number | null | undefined): InvalidInput | null {
  if (limit == null) return null;
  return Number.isInteger(limit) && limit >= 0 && limit <= MAX_CONCURRENT_MAX
    ? null
    : invalid('maxConcurrent', `Use a whole number of requests in progress from 0 (no per-key limit) to ${MAX_CONCURRENT_MAX}, or null for the gateway default.`);
}

/** Same parser as the data plane's IpAllowList, so what is accepted here is what is enforced there. */
export function checkAllowedIps(entries: readonly string[] | null | undefined): InvalidInput | null {
  if (!entries) return null;
  if (entries.length > LIST_MAX) return invalid('allowedIps', `Use at most ${LIST_MAX} entries.`);
  const { invalid: bad } = new IpAllowList(entries);
  return bad.length ? invalid('allowedIps', `Not an IP address or CIDR: ${bad.join(', ')}.`) : null;
}

export async function checkAllowedModels(em: EntityManager, models: readonly string[] | null | undefined): Promise<InvalidInput | null> {
  if (!models?.length) return null;
  if (models.length > LIST_MAX) return invalid('allowedModels', `Use at most ${LIST_MAX} entries.`);
  const known = new Set(
    (await em.find(CatalogueModel, { modelId: { $in: [...models] }, status: { $ne: 'HIDDEN' } }, { fields: ['modelId'] })).map((m) => m.modelId),
  );
  const unknown = models.filter((m) => !known.has(m));
  return unknown.length ? invalid('allowedModels', `Unknown model id(s): ${unknown.join(', ')}.`) : null;
}

/** An empty allow-list means "no restriction" (the data plane reads it the same way); store it as null. */
export function normaliseList(entries: readonly string[] | null | undefined): string[] | null {
  if (!entries) return null;
  const unique = [...new Set(entries.map((e) => e.trim()).filter(Boolean))];
  return unique.length ? unique : null;
}

/** The operator's limits (runtime settings) a key may go below, never above; 0 there: no ceiling. */
export interface KeyLimitCeilings {
  defaultRpm: number;
  defaultMaxConcurrentPerKey: number;
}

/**
 * A key's own limit under the operator's: lower is allowed, higher or unlimited (0) is not while
 * the setting sets one. Null (the gateway default) always fits.
 */
export function checkUnderCeilings(limits: { rateLimitRpm?: number | null; maxConcurrent?: number | null }, ceilings: KeyLimitCeilings): InvalidInput | null {
  const above = (value: number | null | undefined, ceiling: number) => value != null && ceiling > 0 && (value === 0 || value > ceiling);
  if (above(limits.rateLimitRpm, ceilings.defaultRpm)) {
    return invalid('rateLimitRpm', `Use 1 to ${ceilings.defaultRpm} requests per minute (the gateway's limit), or null for the gateway default.`);
  }
  if (above(limits.maxConcurrent, ceilings.defaultMaxConcurrentPerKey)) {
    return invalid('maxConcurrent', `Use 1 to ${ceilings.defaultMaxConcurrentPerKey} requests in progress (the gateway's limit), or null for the gateway default.`);
  }
  return null;
}

/** What the data plane enforces for a key: its own limit under the ceiling, the ceiling when it has none or asks for more. */
export function effectiveKeyLimit(own: number | null, ceiling: number): number {
  if (own === null) return ceiling;
  if (ceiling === 0) return own;
  return own === 0 ? ceiling : Math.min(own, ceiling);
}
