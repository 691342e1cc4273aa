import { z } from 'zod';
import { addressList, bool, positiveInt } from './env-values';

/** How requests reach upstream channels (retries, breakers, affinity, sockets) and how many a key or user may send. */
export const routingAndLimitsEnv = {
  /** How many channels one request may try before giving up. */
  MAX_ATTEMPTS: positiveInt.default(3),
  BREAKER_FAILURES: positiveInt.default(5),
  BREAKER_COOLDOWN_MS: positiveInt.default(30000),
  /**
   * Seeds the affinityTtlSeconds runtime setting (only its first value, like the other seeds):
   * how long a prompt-cache session stays on its channel and key after its last request (vendors
   * keep a prompt cache about 5 minutes after its last use); 0 turns affinity off.
   */
  AFFINITY_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Sessions remembered per process when there is no Redis (least recently used dropped first). */
  AFFINITY_MEMORY_ENTRIES: positiveInt.default(100_000),
  /** At most this many bytes of the leading prompt are hashed when a request names no session. */
  AFFINITY_PREFIX_BYTES: positiveInt.default(8_192),
  /** SSE comment sent after this much silence on a stream; 0 turns keep-alives off. */
  SSE_KEEPALIVE_MS: z.coerce.number().int().min(0).default(15000),
  /** Upstream sockets kept per origin (one undici Pool each). */
  UPSTREAM_CONNECTIONS: positiveInt.default(256),
  /** How long a request may wait for one of those sockets; then 503 `gateway_busy`, never the channel's fault. */
  UPSTREAM_POOL_WAIT_MS: positiveInt.default(10_000),
  /**
   * Proxies in front of the gateway (addresses or CIDRs, comma-separated) whose X-Forwarded-For
   * is believed when it works out the caller's address for IP allow-lists. Empty: the socket's
   * peer, and X-Forwarded-For is ignored.
   */
  TRUSTED_PROXIES: addressList.default([]),
  /** Accept channel base URLs on loopback, private and link-local networks (self-hosted models). */
  CHANNEL_ALLOW_PRIVATE: bool.default(false),
  /** Shared store for limits that must hold across gateway processes; unset: in-process limits. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('gw:'),
  /** Seeds the defaultRpm setting: requests per minute per API key when the token sets none; 0 = unlimited. */
  RATE_LIMIT_RPM: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Seeds the defaultMaxConcurrentPerKey setting: requests in progress at once per API key when the token sets none; 0 = unlimited. */
  MAX_CONCURRENT_PER_KEY: z.coerce.number().int().min(0).max(100_000).default(32),
  /** Seeds the maxConcurrentPerUser setting: requests in progress at once over all of a user's keys; 0 = unlimited. */
  MAX_CONCURRENT_PER_USER: z.coerce.number().int().min(0).max(100_000).default(64),
  /** Seeds the maxRpmPerUser setting: requests per minute over all of a user's keys; 0 = unlimited. */
  RATE_LIMIT_RPM_PER_USER: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
