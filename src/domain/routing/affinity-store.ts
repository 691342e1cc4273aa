import type { Logger } from '../../lib/logger';
import { LimiterRedis } from '../rate-limit/limiter-redis';

/** Where a session's requests go while it is healthy: one channel and one of its keys (null: keyless). */
export interface AffinityTarget {
  channelId: number;
  keyId: number | null;
}

/**
 * Remembers which channel and key each session last used, so its next request lands where the
 * upstream's prompt cache already holds its prefix. `session` is already a hash (see the
 * gateway's affinity-session): no caller text is ever stored.
 */
export interface AffinityStore {
  /** False while the TTL setting is 0: requests then carry no session at all. */
  enabled(): boolean;
  /** The session's target with its lifetime refreshed; undefined when unknown, expired or unreachable. */
  recall(session: string): Promise<AffinityTarget | undefined>;
  /** Stores (or moves) the session's target; in the background, never failing the request. */
  remember(session: string, target: AffinityTarget): void;
  close(): Promise<void>;
}

export function sameTarget(a: AffinityTarget | undefined, b: AffinityTarget): boolean {
  return !!a && a.channelId === b.channelId && a.keyId === b.keyId;
}

/**
 * The session lifetime in seconds, read on every use: it is a runtime setting, so an admin's change
 * applies to the next lookup or write without a restart (entries already stored keep the expiry
 * they were given until their next use refreshes it).
 */
export type AffinityTtl = () => number;

/**
 * One process's sessions, least recently used dropped first once `maxEntries` are held; an entry
 * lives `ttlSeconds()` after its last use. A Map keeps insertion order, so re-inserting on use
 * keeps the oldest entry first and eviction is O(1).
 */
export class MemoryAffinityStore implements AffinityStore {
  private readonly entries = new Map<string, { target: AffinityTarget; expiresAt: number }>();

  constructor(private readonly options: { ttlSeconds: AffinityTtl; maxEntries: number; now?: () => number }) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  enabled(): boolean {
    return this.options.ttlSeconds() > 0;
  }

  recallNow(session: string): AffinityTarget | undefined {
    const entry = this.entries.get(session);
    if (!entry) return undefined;
    this.entries.delete(session);
    const now = this.now();
    const ttlMs = this.options.ttlSeconds() * 1000;
    if (entry.expiresAt <= now || ttlMs === 0) return undefined;
    entry.expiresAt = now + ttlMs;
    this.entries.set(session, entry);
    return entry.target;
  }

  recall(session: string): Promise<AffinityTarget | undefined> {
    return Promise.resolve(this.recallNow(session));
  }

  remember(session: string, target: AffinityTarget): void {
    this.entries.delete(session);
    const ttlMs = this.options.ttlSeconds() * 1000;
    if (ttlMs === 0) return;
    this.entries.set(session, { target, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

/**
 * The sessions every gateway instance shares. A lookup is one GETEX (read and refresh the TTL in
 * one round trip); a write happens only when the session is new or moved. While Redis cannot
 * answer (down, or slower than the command timeout) this process's own memory stands in, so
 * affinity degrades to per-instance rather than failing requests.
 */
export class RedisAffinityStore implements AffinityStore {
  private readonly redis: LimiterRedis;
  private readonly fallback: MemoryAffinityStore;

  constructor(private readonly options: { url: string; keyPrefix: string; ttlSeconds: AffinityTtl; memoryEntries: number; logger: Logger }) {
    this.redis = new LimiterRedis({
      url: options.url,
      logger: options.logger,
      name: 'prompt-cache affinity',
      whileDown: 'each instance remembers its own sessions',
    });
    this.fallback = new MemoryAffinityStore({ ttlSeconds: options.ttlSeconds, maxEntries: options.memoryEntries });
  }

  enabled(): boolean {
    return this.options.ttlSeconds() > 0;
  }

  async recall(session: string): Promise<AffinityTarget | undefined> {
    const ttlSeconds = this.options.ttlSeconds();
    if (ttlSeconds === 0) return undefined;
    await this.redis.started();
    try {
      const value = await this.redis.client.getex(this.options.keyPrefix + session, 'EX', ttlSeconds);
      return value === null ? undefined : parseTarget(value);
    } catch (err) {
      this.redis.unreachable(err as Error);
      return this.fallback.recallNow(session);
    }
  }

  remember(session: string, target: AffinityTarget): void {
    const ttlSeconds = this.options.ttlSeconds();
    if (ttlSeconds === 0) return;
    const value = `${target.channelId}:${target.keyId ?? 0}`;
    this.redis.client.set(this.options.keyPrefix + session, value, 'EX', ttlSeconds).catch((err: Error) => {
      this.redis.unreachable(err);
      this.fallback.remember(session, target);
    });
  }

  async close(): Promise<void> {
    await this.redis.close();
  }
}

function parseTarget(value: string): AffinityTarget | undefined {
  const colon = value.indexOf(':');
  const channelId = Number(value.slice(0, colon));
  const keyId = Number(value.slice(colon + 1));
  if (colon < 1 || !Number.isSafeInteger(channelId) || !Number.isSafeInteger(keyId)) return undefined;
  return { channelId, keyId: keyId === 0 ? null : keyId };
}
