import type { ChangeEvent } from '../../lib/change-bus';

/** One API key's spending on one tier: what quota leases are kept per. */
export function billingKeyOf(userId: number, tokenId: number, tier: string): string {
  return `${userId}:${tokenId}:${tier}`;
}

/**
 * Whose balances an announced change may have made stale, for what is kept per billing key:
 * `'all'`, one user's id, or null when the change cannot touch a balance. A user's quota and
 * subscriptions name the user; token events name a key hash and caps change rarely, so they
 * count as everyone, like `all` and a user event without an id.
 */
export function staleBillingUsers(event: ChangeEvent): 'all' | string | null {
  if (event.topic === 'user' || event.topic === 'subscription') return event.id ?? 'all';
  if (event.topic === 'token' || event.topic === 'all') return 'all';
  return null;
}
