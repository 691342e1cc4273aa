import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { QUOTA_BUCKETS } from './enums';

/**
 * A request whose first usable byte reached its caller and whose settle has not run yet, with
 * what it holds. Written in batches a few ms after delivery begins and deleted after the settle,
 * by the process serving it; if that process dies (and never comes back), any surviving instance
 * charges the hold (src/domain/billing/delivery-markers.ts). In PostgreSQL rather than on the
 * process's own disk, so a dead instance's delivered streams do not depend on its disk.
 */
export const DeliveredHold = defineEntity({
  name: 'DeliveredHold',
  tableName: 'delivered_holds',
  properties: {
    requestId: p.string().length(64).primary(),
    instanceId: p.string().length(64).index(),
    /** Admitted out of this quota lease; null: a reservation row of its own. */
    leaseId: p.string().length(64).nullable(),
    userId: p.integer(),
    tokenId: p.integer().nullable(),
    bucket: p.enum([...QUOTA_BUCKETS]),
    subscriptionId: p.integer().nullable(),
    amount: p.bigint(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IDeliveredHold = InferEntity<typeof DeliveredHold>;
