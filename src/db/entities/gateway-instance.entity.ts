import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One row per running gateway process, kept fresh by a heartbeat. Quota reservations carry the id
 * of the instance that made them, so a sweep can tell a crashed process's leftovers (instance row
 * missing or heartbeat stale) from a live process's in-flight requests, which it must never touch.
 * Times are the database's clock (now()) so instances with skewed clocks still agree.
 */
export const GatewayInstance = defineEntity({
  name: 'GatewayInstance',
  tableName: 'gateway_instances',
  properties: {
    id: p.string().length(64).primary(),
    hostname: p.string().length(255),
    pid: p.integer(),
    startedAt: p.datetime(),
    heartbeatAt: p.datetime(),
  },
});
export type IGatewayInstance = InferEntity<typeof GatewayInstance>;
