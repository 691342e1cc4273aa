import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import { CatalogueCache } from '../domain/catalogue/catalogue-cache';
import type { ChannelProbe } from '../domain/channels/channel-probe.types';
import type { ModelLister } from '../domain/channels/channel-model-discovery';
import { GroupDirectory } from '../domain/groups/group-directory';
import type { ConcurrencyLimiter } from '../domain/rate-limit/concurrency-limiter';
import { createConcurrencyLimiter, createRateLimiter } from '../domain/rate-limit/create-rate-limiter';
import type { RateLimiter } from '../domain/rate-limit/rate-limiter';
import { ChannelDirectory } from '../domain/routing/channel-directory';
import { ChannelKeyHealth } from '../domain/routing/channel-key-health';
import { MemoryAffinityStore, RedisAffinityStore, type AffinityStore, type AffinityTtl } from '../domain/routing/affinity-store';
import { BreakerRegistry } from '../domain/routing/circuit-breaker';
import { RedisBreakerSync } from '../domain/routing/redis-breaker-sync';
import type { ChannelIncidents } from '../domain/routing/channel-status';
import { KeyVerifier } from '../domain/tokens/key-verifier';
import { TokenLastUsedRecorder } from '../domain/tokens/token-last-used';
import type { ChangeBus } from '../lib/change-bus';
import type { Lifecycle } from '../lib/lifecycle';
import type { Logger } from '../lib/logger';
import type { SecretBox } from '../lib/secret-box';
import { probeChannel } from './upstream/channel-probe';
import { listUpstreamModels } from './upstream/model-lister';
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
  /** Channel breakers: routing reads this process's copy; shared with the other instances over Redis when REDIS_URL is set. */
  breakers: BreakerRegistry;
  /**
   * Which channel and key each prompt-cache session last used: shared over Redis with REDIS_URL,
   * else a bounded in-process LRU; off (`enabled()` false) while the affinityTtlSeconds setting is 0.
   */
  affinity: AffinityStore;
  upstream: UpstreamClient;
  /**
   * The admin "test" request and the health probe, through the protocol's adapter and this
   * process's pools: the control plane and the prober use these ports, never gateway modules.
   */
  channelProbe: ChannelProbe;
  /** A channel's upstream model list (OpenAI /v1/models, Anthropic's, Gemini's), for discovery. */
  listChannelModels: ModelLister;
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
  /** This process's gateway_instances id: its shared concurrency slots carry it. */
  instanceId?: string;
  /** The affinityTtlSeconds runtime setting, read on every use so a change applies at once. */
  affinityTtlSeconds: AffinityTtl;
}): DataPlaneServices {
  const { config, logger, orm, changeBus, secretBox, lifecycle, incidents, instanceId } = deps;
  const upstream = new UpstreamClient({ connectionsPerOrigin: config.gateway.upstreamConnections, poolWaitMs: config.gateway.upstreamPoolWaitMs });
  const tokenLastUsed = new TokenLastUsedRecorder(orm, logger);
  lifecycle.onShutdown('upstream pools', () => upstream.close());
  lifecycle.onShutdown('token last-used recorder', () => tokenLastUsed.close());
  const channelKeys = new ChannelKeyHealth({ orm, changeBus, logger, incidents });
  lifecycle.onShutdown('channel key use counts', () => channelKeys.close());
  const breakers = createBreakers(config, logger, lifecycle, incidents);
  return {
    keys: new KeyVerifier(orm, changeBus, logger),
    tokenLastUsed,
    catalogue: new CatalogueCache(orm, changeBus, logger),
    groups: new GroupDirectory(orm, changeBus, logger),
    channels: new ChannelDirectory(orm, changeBus, secretBox, logger),
    channelKeys,
    breakers,
    affinity: createAffinityStore(config, deps.affinityTtlSeconds, logger, lifecycle),
    upstream,
    channelProbe: (request) => probeChannel(upstream, request),
    listChannelModels: (protocol, target) => listUpstreamModels(upstream, protocol, target),
    rateLimiter: createRateLimiter(config, logger, lifecycle),
    concurrencyLimiter: createConcurrencyLimiter(config, logger, lifecycle, instanceId),
  };
}

/**
 * The breakers, and with REDIS_URL their sync across instances. A breaker another instance
 * opened is logged at info and raises no alert here: the instance that saw the failures owns the
 * incident (one alert, not one per instance); a remote close still ends this process's alert timer.
 */
function createBreakers(config: Config, logger: Logger, lifecycle: Lifecycle, incidents: ChannelIncidents | undefined): BreakerRegistry {
  let sync: RedisBreakerSync | undefined;
  const breakers = new BreakerRegistry({
    failures: config.routing.breakerFailures,
    cooldownMs: config.routing.breakerCooldownMs,
    onStateChange: (channelId, state, lastError, origin) => {
      const opened = state === 'OPEN';
      if (origin === 'remote') {
        logger.info(opened ? 'channel breaker opened by another instance: requests skip this channel' : 'channel breaker closed by another instance', { channelId, lastError });
        if (!opened) incidents?.breakerChanged(channelId, state, lastError);
        return;
      }
      logger.warn(opened ? 'channel breaker opened: requests skip this channel' : 'channel breaker closed: channel serving again', { channelId, lastError });
      incidents?.breakerChanged(channelId, state, lastError);
    },
    onTransition: (channelId, change) => sync?.publish(channelId, change),
  });
  const { redisUrl, redisKeyPrefix } = config.rateLimit;
  if (redisUrl) {
    const started = new RedisBreakerSync(breakers, { url: redisUrl, keyPrefix: redisKeyPrefix, logger });
    sync = started;
    lifecycle.onShutdown('breaker sync', () => started.close());
  }
  return breakers;
}

function createAffinityStore(config: Config, ttlSeconds: AffinityTtl, logger: Logger, lifecycle: Lifecycle): AffinityStore {
  const { memoryEntries } = config.routing.affinity;
  const { redisUrl, redisKeyPrefix } = config.rateLimit;
  const store: AffinityStore = redisUrl
    ? new RedisAffinityStore({ url: redisUrl, keyPrefix: `${redisKeyPrefix}af:`, ttlSeconds, memoryEntries, logger })
    : new MemoryAffinityStore({ ttlSeconds, maxEntries: memoryEntries });
  lifecycle.onShutdown('prompt-cache affinity', () => store.close());
  return store;
}
