import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../../lib/logger';
import { quitRedis } from '../../lib/redis-quit';
import { runScript } from '../../lib/redis-script';
import { changeMessage, fromHashEntry, toHashEntry, WRITE_CHANGE_LUA, WRITE_CHANGE_SHA1, type StampedChange } from './breaker-sync-wire';
import type { BreakerChange, BreakerRegistry } from './circuit-breaker';

export interface RedisBreakerSyncOptions {
  url: string;
  /** REDIS_KEY_PREFIX: deployments (and test runs) sharing one Redis never share breakers. */
  keyPrefix: string;
  logger: Logger;
  /** At most one "Redis unreachable" warning per this interval. */
  warnEveryMs?: number;
}

/** The hash is kept this long after its last write (a channel deleted while open leaves no lasting entry). */
const SNAPSHOT_TTL_MS = 24 * 3600_000;

/**
 * Breaker state shared by every gateway process on one Redis: each transition a process makes
 * (open, re-open after a failed probe, close) is PUBLISHed, every process applies the others'
 * to its own BreakerRegistry, so a channel tripped on one instance is skipped by all within a
 * message's delivery time. Each channel's latest change is also kept in a hash, read when a
 * connection (re)starts, so an instance that starts or reconnects learns what changed.
 *
 * Every change carries when it was made, and the newest change of a channel wins everywhere:
 * an instance ignores news older than what it knows, and the hash is only written over by a
 * newer change (one script: compare, write, publish). So instances converge on the same state
 * whatever order their messages and hash reads arrive in.
 *
 * Redis unreachable: each process goes on with its own breakers (as without REDIS_URL) and
 * remembers its own changes it could not send. When its connection is ready again it sends
 * those (only those, the latest per channel), then re-reads the hash for what the others changed
 * meanwhile. Only the changes made while cut off, not every breaker this process has open: an
 * open breaker it had before the outage is old news, and replaying it would undo a close another
 * instance made during the outage. When several instances replay at once, each change still goes
 * through the newest-wins script, so the one made last wins, whichever replay lands first.
 *
 * The request path never waits on Redis: routing reads the local registry; a transition is sent
 * in the background.
 */
export class RedisBreakerSync {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly instance = randomUUID();
  private readonly channel: string;
  private readonly snapshotKey: string;
  private readonly warnEveryMs: number;
  /** Per channel, when the newest change this process knows of (its own or another's) was made. */
  private readonly knownAt = new Map<number, number>();
  /** Per channel, this process's latest change that no other instance may have heard yet. */
  private readonly unsent = new Map<number, StampedChange>();
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
    this.subscriber.subscribe(this.channel).catch((err: Error) => this.unreachable(err));
    this.subscriber.on('ready', () => void this.afterSubscribed());
    this.publisher.on('ready', () => void this.resync());
  }

  /** BreakerRegistry's onTransition: tells the other instances, in the background. */
  publish(channelId: number, change: BreakerChange): void {
    if (this.closed) return;
    // After everything this process has seen of the channel, even if another host's clock is ahead.
    const stamped = { change, at: Math.max(Date.now(), (this.knownAt.get(channelId) ?? 0) + 1) };
    this.knownAt.set(channelId, stamped.at);
    this.unsent.set(channelId, stamped);
    if (this.publisher.status === 'ready') void this.send(channelId, stamped);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.subscriber.disconnect();
    await quitRedis(this.publisher);
  }

  /** Writes and publishes one change; kept for the next reconnect if Redis does not confirm it. */
  private async send(channelId: number, stamped: StampedChange): Promise<void> {
    const message = JSON.stringify({ from: this.instance, channelId, change: stamped.change, at: stamped.at });
    let newer: unknown;
    try {
      newer = await runScript(this.publisher, WRITE_CHANGE_LUA, WRITE_CHANGE_SHA1, [this.snapshotKey], [
        String(channelId), toHashEntry(stamped), stamped.at, SNAPSHOT_TTL_MS, this.channel, message,
      ]);
    } catch (err) {
      this.unreachable(err as Error);
      return;
    }
    if (this.unsent.get(channelId) === stamped) this.unsent.delete(channelId);
    // Another instance changed the channel after us: take its change instead.
    const theirs = typeof newer === 'string' ? fromHashEntry(newer) : null;
    if (theirs) this.apply(channelId, theirs);
  }

  /** Connected again (or for the first time): send what could not be sent, then learn what others changed. */
  private async resync(): Promise<void> {
    for (const [channelId, stamped] of [...this.unsent]) {
      if (this.closed || this.publisher.status !== 'ready') return;
      // An open breaker whose time is over is as good as half-open here: nothing left to tell.
      if (stamped.change.state === 'OPEN' && stamped.change.openUntil <= Date.now()) {
        this.unsent.delete(channelId);
        continue;
      }
      await this.send(channelId, stamped);
    }
    await this.catchUp();
  }

  /**
   * Reads the hash once this process listens again: a change published before the subscription
   * is in the hash, any after it arrives as a message (ioredis resubscribes on reconnect; the
   * explicit subscribe only waits for that to be confirmed).
   */
  private async afterSubscribed(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
    } catch (err) {
      this.unreachable(err as Error);
      return;
    }
    await this.catchUp();
  }

  private receive(text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = changeMessage.safeParse(json);
    // Not ours to understand (another version's format, or noise on the channel).
    if (!parsed.success || parsed.data.from === this.instance) return;
    const { channelId, change, at } = parsed.data;
    // An earlier version's message carries no time: as new as its arrival.
    this.apply(channelId, { change, at: at ?? Date.now() });
  }

  /** Applies each channel's latest change from the hash, where newer than what this process knows. */
  private async catchUp(): Promise<void> {
    if (this.closed || this.publisher.status !== 'ready') return;
    let entries: Record<string, string>;
    try {
      entries = await this.publisher.hgetall(this.snapshotKey);
    } catch (err) {
      this.unreachable(err as Error);
      return;
    }
    for (const [field, value] of Object.entries(entries)) {
      const channelId = Number(field);
      const stamped = fromHashEntry(value);
      if (stamped && Number.isInteger(channelId)) this.apply(channelId, stamped);
    }
  }

  /** Another instance's change, unless this process knows of a newer one; it replaces our own unsent one. */
  private apply(channelId: number, stamped: StampedChange): void {
    if (stamped.at < (this.knownAt.get(channelId) ?? 0)) return;
    this.knownAt.set(channelId, stamped.at);
    const ours = this.unsent.get(channelId);
    if (ours && ours.at <= stamped.at) this.unsent.delete(channelId);
    this.breakers.applyRemote(channelId, stamped.change);
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
