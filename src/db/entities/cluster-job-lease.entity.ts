import { defineEntity, p } from '@mikro-orm/core';

/**
 * One row per periodic job of the cluster: the instance that moves `lockedUntil` into the future
 * runs it (see domain/cluster/cluster-jobs). `lastFinishedAt` keeps N instances from running it N
 * times per interval; `runs` numbers its runs across the cluster.
 */
export const ClusterJobLease = defineEntity({
  name: 'ClusterJobLease',
  tableName: 'cluster_job_leases',
  properties: {
    name: p.string().length(64).primary(),
    holder: p.string().length(64),
    lockedUntil: p.datetime(),
    lastFinishedAt: p.datetime().nullable(),
    runs: p.bigint().default(0),
  },
});
