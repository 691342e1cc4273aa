import { randomUUID } from 'node:crypto';
import type { Logger } from '../../lib/logger';
import { claimKey, leaseOnce, SlotCounts, type ConcurrencyClaim, type ConcurrencyDecision, type ConcurrencyLimiter } from './concurrency-limiter';
import { ACQUIRE_LUA, ACQUIRE_SHA1, RELEASE_INSTANCE_LUA, RELEASE_INSTANCE_SHA1, RENEW_LUA, RENEW_SHA1 } from './concurrency-script';
import { LimiterRedis } from './limiter-redis';
import { MemoryConcurrencyLimiter } from './memory-concurrency-limiter';

export interface RedisConcurrencyLimiterOptions {
  url: string;
  /** Namespaces the keys, so deployments (or test runs) sharing one Redis never share counters. */
  keyPrefix: string;
  logger: Logger;
  /**
   * This process's gateway instance id (gateway_instances), which every slot carries, so crash
   * recovery can give back all slots of a dead instance by its id. Random when not given.
   */
  instanceId?: string;
  /** How long a slot outlives its last renewal: what a killed process leaks, at most. */
  leaseMs?: number;
  commandTimeoutMs?: number;
  startupWaitMs?: number;
}

/** Keys per renewal script call: bounded, so one tick never sends an unbounded command. */
const RENEW_BATCH = 500;

/**
 * The limits shared by every gateway process (a key's N streams are N over all instances, which
 * is what an operator who set N means). Each slot is a member of a sorted set scored by its
 * expiry; this process renews the slots it holds every third of a lease while their requests
 * run (a stream may last many minutes) and removes them when they end. A process that dies
 * stops renewing, and its slots free themselves within one lease; sooner when crash recovery
 * finds it dead (`releaseInstances`): its slots are removed at once through its index.
 *
 * While Redis is unreachable the limits are enforced per process (the in-memory limiter) rather
 * than dropped: a protection that fails open under an outage would let one key take every
 * connection just when the gateway is weakest.
 */
export class RedisConcurrencyLimiter implements ConcurrencyLimiter {
  private readonly redis: LimiterRedis;
  private readonly fallback = new MemoryConcurrencyLimiter();
  /** Slots this process holds in Redis: member -> its counters. */
  private readonly leases = new Map<string, string[]>();
  /**
   * How many of those slots each claim key holds, so that while Redis does not answer the
   * per-process fallback still counts them: a key at its limit stays at it through a slow or
   * missing answer instead of getting its full limit again in this process.
   */
  private readonly heldInRedis = new SlotCounts();
  private readonly instance: string;
  /** member -> counters of every slot this process holds, so recovery can find them by instance. */
  private readonly index: string;
  private readonly leaseMs: number;
  private readonly timer: NodeJS.Timeout;
  private sequence = 0;
  private closed = false;

  constructor(private readonly options: RedisConcurrencyLimiterOptions) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.instance = options.instanceId ?? randomUUID();
    this.index = this.indexOf(this.instance);
    this.redis = new LimiterRedis({ ...options, name: 'concurrency limiter', whileDown: 'each process enforces the concurrency limits alone' });
    this.timer = setInterval(() => void this.renew(), Math.max(1, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
  }

  async acquire(claims: readonly ConcurrencyClaim[]): Promise<ConcurrencyDecision> {
    await this.redis.started();
    const claimKeys = claims.map(claimKey);
    const keys = claimKeys.map((key) => this.options.keyPrefix + key);
    const member = `${this.instance}:${++this.sequence}`;
    let reply: unknown;
    try {
      reply = await this.redis.script(ACQUIRE_LUA, ACQUIRE_SHA1, [this.index, ...keys], [member, this.leaseMs, ...claims.map((c) => c.limit)]);
      if (typeof reply !== 'number' || reply < 0 || reply > claims.length) throw new Error('unexpected reply from the concurrency script');
    } catch (err) {
      this.redis.unreachable(err as Error);
      // The script may have run although its answer was lost: give back what it may have taken.
      this.remove(member, keys);
      return this.fallback.acquireNow(claims, (key) => this.heldInRedis.get(key));
    }
    if (reply !== 0) return { admitted: false, refused: claims[reply - 1]! };
    this.leases.set(member, keys);
    this.heldInRedis.add(claimKeys);
    const lease = leaseOnce(() => {
      this.leases.delete(member);
      this.heldInRedis.remove(claimKeys);
      void this.remove(member, keys);
    });
    return { admitted: true, lease };
  }

  /**
   * Crash recovery found these gateway instances dead: their slots go now. An instance whose
   * process is gone for certain loses them at once. One that is only silent (stale database
   * heartbeat, e.g. cut off from PostgreSQL) may still be serving: its slots go only if it has
   * stopped renewing them (its index not renewed for half a lease, where a live one renews every
   * third), so a live instance's slots are never removed. Best effort: what cannot be removed
   * (Redis unreachable) still expires with its lease.
   */
  async releaseInstances(gone: readonly { id: string; certain: boolean }[]): Promise<void> {
    await this.redis.started();
    let released = 0;
    for (const { id, certain } of gone) {
      // Never our own: our slots belong to requests still running here.
      if (id === this.instance || this.closed) continue;
      const keptIfTtlAbove = certain ? -1 : Math.floor(this.leaseMs / 2);
      try {
        released += Number(await this.redis.script(RELEASE_INSTANCE_LUA, RELEASE_INSTANCE_SHA1, [this.indexOf(id)], [keptIfTtlAbove]));
      } catch (err) {
        this.redis.unreachable(err as Error);
        return;
      }
    }
    if (released > 0) {
      this.options.logger.warn('released the concurrency slots held by crashed gateway instances', { slots: released, instanceIds: gone.map((g) => g.id) });
    }
  }

  held(): number {
    return this.leases.size + this.fallback.held();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    // Requests still running at this point are being cut: their slots go now, not a lease later.
    await Promise.all([...this.leases].map(([member, keys]) => this.remove(member, keys)));
    this.leases.clear();
    this.heldInRedis.clear();
    await this.redis.close();
  }

  /** Best effort: a slot that cannot be removed expires at the end of its lease. */
  private remove(member: string, keys: readonly string[]): Promise<void> {
    const pipeline = this.redis.client.pipeline();
    for (const key of keys) pipeline.zrem(key, member);
    pipeline.hdel(this.index, member);
    return pipeline.exec().then(
      () => undefined,
      (err: unknown) => this.redis.unreachable(err as Error),
    );
  }

  private indexOf(instanceId: string): string {
    return `${this.options.keyPrefix}instance:${instanceId}`;
  }

  private async renew(): Promise<void> {
    const keys: string[] = [];
    const members: string[] = [];
    for (const [member, held] of this.leases) {
      for (const key of held) {
        keys.push(key);
        members.push(member);
      }
    }
    for (let at = 0; at < keys.length; at += RENEW_BATCH) {
      try {
        await this.redis.script(RENEW_LUA, RENEW_SHA1, [this.index, ...keys.slice(at, at + RENEW_BATCH)], [this.leaseMs, ...members.slice(at, at + RENEW_BATCH)]);
      } catch (err) {
        this.redis.unreachable(err as Error);
        return;
      }
    }
  }
}
