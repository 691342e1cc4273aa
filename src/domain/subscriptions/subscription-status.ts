import type { ISubscription, SubscriptionStatus } from '../../db/entities';

/**
 * Expiry is a matter of time, not of a job flipping a column: only CANCELLED is ever stored,
 * EXPIRED is what an ACTIVE row becomes once its end has passed.
 */
export function subscriptionStatusAt(sub: Pick<ISubscription, 'status' | 'endsAt'>, now: Date): SubscriptionStatus {
  if (sub.status === 'CANCELLED') return 'CANCELLED';
  return now < sub.endsAt ? 'ACTIVE' : 'EXPIRED';
}

export function isActiveAt(sub: Pick<ISubscription, 'status' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  return sub.status === 'ACTIVE' && sub.startsAt <= now && now < sub.endsAt;
}

export function remainingQuota(sub: Pick<ISubscription, 'quotaTotal' | 'quotaUsed'>): bigint {
  return sub.quotaTotal - sub.quotaUsed;
}
