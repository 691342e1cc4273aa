import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Logger } from '../../lib/logger';
import { quitRedis } from '../../lib/redis-quit';
import type { BreakerChange, BreakerRegistry } from './circuit-breaker';

export interface RedisBreakerSyncOptions {
  url: string;
  /** REDIS_KEY_PREFIX: deployments (and test runs) sharing one Redis never share breakers. */
  keyPrefix: string;
  logger: Logger;
  /** At most one "Redis unreachable" warning per this interval. */
  warnEveryMs?: number;
}

const changeMessage = z.object({
  from: z.string(),
  channelId: z.number().int(),
  change: z.discriminatedUnion('state', [
    z.object({ state: z.literal('OPEN'), openUntil: z.number(), lastError: z.string().nullable() }),
    z.object({ state: z.literal('CLOSED') }),
  ]),
});
const openEntry = z.object({ openUntil: z.number(), lastError: z.string().nullable() });

/** Open breakers are remembered this long at most (a channel deleted while open leaves no lasting entry). */
const SNAPSHOT_TTL_MS = 24 * 3600_000;

/**
 * Breaker state shared by every gateway process on one Redis: each transition a process makes
 * (open, re-open after a failed probe, close) is PUBLISHed, every process applies the others'
 * to its own BreakerRegistry, so a channel tripped on one instance is skipped by all within a
 * message's delivery time. Open breakers are also kept in a hash, read when a connection
 * (re)starts, so an instance that starts or reconnects learns what is open now.
 *
 * The request path never waits on Redis: routing reads the local registry; a transition is
 * published in the background. Redis down or slow changes nothing for callers: each process
 * goes on with its own breakers (as without REDIS_URL) and catches up when Redis is back.
 */
export class RedisBreakerSync {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly instance = randomUUID();
  private readonly channel: string;
  private readonly snapshotKey: string;
  private readonly warnEveryMs: number;
  private lastWarnAt = -Infinity;
  private closed = false;

  constructor(private readonly breakers: BreakerRegistry, private readonly options: RedisBreakerSyncOptions) {
    this.channel = `${options.keyPrefix}breakers`;
    this.snapshotKey = `${options.keyPrefix}breakers:open`;
    this.warnEveryMs = options.warnEveryMs ?? 30_000;
    const common = {
      connectTimeout: 2_000,
      retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
      disconnectTimeout: 200,
    };
    // Publishing fails at once without a connection instead of queueing behind a dead socket.
    this.publisher = new Redis(options.url, { ...common, enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 500 });
    this.subscriber = new Redis(options.url, { ...common, maxRetriesPerRequest: null });
    for (const client of [this.publisher, this.subscriber]) client.on('error', (err: Error) => this.unreachable(err));
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
    // ioredis subscribes again after a reconnect; what changed meanwhile is read from the snapshot.
    this.subscriber.subscribe(this.channel).catch((err: Error) => this.unreachable(err));
    this.subscriber.on('ready', () => void this.catchUp());
    this.publisher.on('ready', () => void this.catchUp());
  }

  /** BreakerRegistry's onTransition: tells the other instances, in the background. */
  publish(channelId: number, change: BreakerChange): void {
    if (this.closed || this.publisher.status !== 'ready') return;
    const message = JSON.stringify({ from: this.instance, channelId, change });
    const field = String(channelId);
    const pipeline = this.publisher.multi();
    if (change.state === 'OPEN') {
      pipeline.hset(this.snapshotKey, field, JSON.stringify({ openUntil: change.openUntil, lastError: change.lastError }));
      pipeline.pexpire(this.snapshotKey, SNAPSHOT_TTL_MS);
    } else {
      pipeline.hdel(this.snapshotKey, field);
    }
    pipeline.publish(this.channel, message);
    pipeline.exec().catch((err: Error) => this.unreachable(err));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.subscriber.disconnect();
    await quitRedis(this.publisher);
  }

  private receive(text: string): void {
    let parsed: z.infer<typeof changeMessage>;
    try {
      parsed = changeMessage.parse(JSON.parse(text));
    } catch {
      return; // not ours to understand (another version's format, or noise on the channel)
    }
    if (parsed.from === this.instance) return;
    this.breakers.applyRemote(parsed.channelId, parsed.change);
  }

  /** Applies every breaker open elsewhere right now (at start-up and after a reconnect). */
  private async catchUp(): Promise<void> {
    if (this.closed || this.publisher.status !== 'ready') return;
    try {
      const entries = await this.publisher.hgetall(this.snapshotKey);
      for (const [field, value] of Object.entries(entries)) {
        const entry = openEntry.safeParse(JSON.parse(value));
        const channelId = Number(field);
        if (entry.success && Number.isInteger(channelId)) this.breakers.applyRemote(channelId, { state: 'OPEN', ...entry.data });
      }
    } catch (err) {
      this.unreachable(err as Error);
    }
  }

  private unreachable(err: Error): void {
    if (this.closed) return;
    const now = Date.now();
    if (now - this.lastWarnAt < this.warnEveryMs) return;
    this.lastWarnAt = now;
    // The URL is not logged: it may carry a password.
    this.options.logger.warn('breaker sync: Redis unreachable, channel breakers are per process until it is back', { error: err.message });
  }
}
