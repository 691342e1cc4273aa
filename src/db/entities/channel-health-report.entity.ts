import { defineEntity, p } from '@mikro-orm/core';

/**
 * What one gateway instance has seen of one channel: its breaker and its counts since the process
 * started, written every CHANNEL_HEALTH_REPORT_MS (and at once when the breaker opens or closes).
 * The channel health view adds up the rows of the live instances (gateway_instances with a fresh
 * heartbeat), so an operator sees the cluster's channel whichever instance answers. A row goes
 * with its instance: at graceful stop, or when crash recovery removes the dead instance's row.
 */
export const ChannelHealthReport = defineEntity({
  name: 'ChannelHealthReport',
  tableName: 'channel_health_reports',
  properties: {
    instanceId: p.string().length(64).primary(),
    channelId: p.integer().primary(),
    state: p.string().length(16),
    consecutiveFailures: p.integer(),
    successes: p.bigint(),
    failures: p.bigint(),
    recentRequests: p.integer(),
    recentFailures: p.integer(),
    lastError: p.text().nullable(),
    lastErrorAt: p.datetime().nullable(),
    openUntil: p.datetime().nullable(),
    reportedAt: p.datetime(),
  },
});
