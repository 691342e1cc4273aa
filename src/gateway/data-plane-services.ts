import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import { HeadroomHints } from '../domain/billing/headroom-hints';
import { CatalogueCache } from '../domain/catalogue/catalogue-cache';
import { GroupDirectory } from '../domain/groups/group-directory';
import type { ConcurrencyLimiter } from '../domain/rate-limit/concurrency-limiter';
import { createConcurrencyLimiter, createRateLimiter } from '../domain/rate-limit/create-rate-limiter';
import type { RateLimiter } from '../domain/rate-limit/rate-limiter';
import { ChannelDirectory } from '../domain/routing/channel-directory';
import { ChannelKeyHealth } from '../domain/routing/channel-key-health';
import { BreakerRegistry } from '../domain/routing/circuit-breaker';
import type { ChannelIncidents } from '../domain/routing/channel-status';
import { KeyVerifier } from '../domain/tokens/key-verifier';
import { TokenLastUsedRecorder } from '../domain/tokens/token-last-used';
import type { ChangeBus } from '../lib/change-bus';
import type { Lifecycle } from '../lib/lifecycle';
import type { Logger } from '../lib/logger';
import type { SecretBox } from '../lib/secret-box';
import { UpstreamClient } from './upstream/upstream-client';

/** The data plane's long-lived state: in-memory caches, breakers and upstream connection pools. */
export interface DataPlaneServices {
  keys: KeyVerifier;
  tokenLastUsed: TokenLastUsedRecorder;
  catalogue: CatalogueCache;
  groups: GroupDirectory;
  channels: ChannelDirectory;
  /** Refused keys (disabled at once) and per-key use counts. */
  channelKeys: ChannelKeyHealth;
  /** Per-process channel health; the control plane reads it for admins. */
  breakers: BreakerRegistry;
  upstream: UpstreamClient;
  /** Room to spare per key, as reserves reported it: who may go upstream before its reserve answers. */
  headroom: HeadroomHints;
  /** Per-key requests per minute: Redis-backed (shared) with REDIS_URL, else in-process. */
  rateLimiter: RateLimiter;
  /** Requests in progress per key and per user: Redis-backed (shared) with REDIS_URL, else in-process. */
  concurrencyLimiter: ConcurrencyLimiter;
}

export function createDataPlaneServices(deps: {
  config: Config;
  logger: Logger;
  orm: MikroORM;
  changeBus: ChangeBus;
  secretBox: SecretBox;
  lifecycle: Lifecycle;
  /** Channel incidents beyond the log (alert webhook). */
  incidents?: ChannelIncidents;
}): DataPlaneServices {
  const { config, logger, orm, changeBus, secretBox, lifecycle, incidents } = deps;
  const upstream = new UpstreamClient({ connectionsPerOrigin: config.gateway.upstreamConnections, poolWaitMs: config.gateway.upstreamPoolWaitMs });
  const tokenLastUsed = new TokenLastUsedRecorder(orm, logger);
  lifecycle.onShutdown('upstream pools', () => upstream.close());
  lifecycle.onShutdown('token last-used recorder', () => tokenLastUsed.close());
  const channelKeys = new ChannelKeyHealth({ orm, changeBus, logger, incidents });
  lifecycle.onShutdown('channel key use counts', () => channelKeys.close());
  return {
    keys: new KeyVerifier(orm, changeBus, logger),
    tokenLastUsed,
    catalogue: new CatalogueCache(orm, changeBus, logger),
    groups: new GroupDirectory(orm, changeBus, logger),
    channels: new ChannelDirectory(orm, changeBus, secretBox, logger),
    channelKeys,
    breakers: new BreakerRegistry({
      failures: config.routing.breakerFailures,
      cooldownMs: config.routing.breakerCooldownMs,
      onStateChange: (channelId, state, lastError) => {
        logger.warn(state === 'OPEN' ? 'channel breaker opened: requests skip this channel' : 'channel breaker closed: channel serving again', {
          channelId, lastError,
        });
        incidents?.breakerChanged(channelId, state, lastError);
      },
    }),
    upstream,
    headroom: new HeadroomHints({ changeBus }),
    rateLimiter: createRateLimiter(config, logger, lifecycle),
    concurrencyLimiter: createConcurrencyLimiter(config, logger, lifecycle),
  };
}
