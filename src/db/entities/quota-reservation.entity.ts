import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { QUOTA_BUCKETS } from './enums';

/**
 * A hold on a bucket for one in-flight request. Deleted when the request settles;
 * rows left behind by a crash are released (or settled from the usage log) at the next start.
 */
export const QuotaReservation = defineEntity({
  name: 'QuotaReservation',
  tableName: 'quota_reservations',
  properties: {
    requestId: p.string().length(64).primary(),
    userId: p.integer(),
    tokenId: p.integer().nullable(),
    bucket: p.enum([...QUOTA_BUCKETS]),
    subscriptionId: p.integer().nullable(),
    amount: p.bigint(),
    /** The gateway_instances row of the process holding it; orphaned when that instance is gone or stale. */
    instanceId: p.string().length(64).nullable().index(),
    createdAt: p.datetime().onCreate(() => new Date()).index(),
  },
});
export type IQuotaReservation = InferEntity<typeof QuotaReservation>;
