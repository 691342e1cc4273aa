import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { SUBSCRIPTION_STATUSES } from './enums';
import { Package } from './package.entity';
import { User } from './user.entity';

/**
 * Remaining quota = quota_total - quota_used; spendable also subtracts quota_reserved.
 * A subscription is usable while status = ACTIVE and now < ends_at: expiry is by time, not by a job.
 */
export const Subscription = defineEntity({
  name: 'Subscription',
  tableName: 'subscriptions',
  indexes: [{ properties: ['user', 'endsAt'] }],
  checks: [{ property: 'quotaReserved', expression: 'quota_reserved >= 0' }],
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User),
    package: () => p.manyToOne(Package),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    quotaTotal: p.bigint().default(0),
    quotaUsed: p.bigint().default(0),
    quotaReserved: p.bigint().default(0),
    unlocksTiers: p.array().default(['SVIP']),
    status: p.enum([...SUBSCRIPTION_STATUSES]).default('ACTIVE'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type ISubscription = InferEntity<typeof Subscription>;
