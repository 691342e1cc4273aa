import { Redis } from 'ioredis';
import type { Logger } from '../../lib/logger';
import { withinDeadline } from '../../lib/io-deadline';
import { quitRedis } from '../../lib/redis-quit';
import { runScript } from '../../lib/redis-script';

export interface LimiterRedisOptions {
  url: string;
  logger: Logger;
  /** The limiter, for its log lines, e.g. `rate limiter`. */
  name: string;
  /** What the limiter does while Redis is unreachable, for the warning. */
  whileDown: string;
  /** A decision (script) Redis has not answered within this is given up on (and the limiter falls back). */
  commandTimeoutMs?: number;
  /** How long the first requests after start-up wait for the first connection attempt. */
  startupWaitMs?: number;
  /** At most one "store unreachable" warning per this interval. */
  warnEveryMs?: number;
}

/**
 * The Redis connection of a limiter: fails fast rather than queue commands behind a dead socket,
 * warns at most once per interval while unreachable, and says so when it is back. A limiter is a
 * protection, not a dependency the gateway may go down with.
 */
export class LimiterRedis {
  readonly client: Redis;
  private readonly firstAttempt: Promise<void>;
  private readonly warnEveryMs: number;
  private readonly commandTimeoutMs: number;
  private lastWarnAt = -Infinity;
  private degraded = false;
  private closed = false;

  constructor(private readonly options: LimiterRedisOptions) {
    this.warnEveryMs = options.warnEveryMs ?? 30_000;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 250;
    this.client = new Redis(options.url, {
      // Without a connection, fail at once rather than queue requests behind a dead socket.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Only a backstop, so commands a hung Redis never answers do not pile up: decisions have
      // their own deadline (script). ioredis's timer would give up on an answer that arrived in
      // time but was not read yet because this process was stalled, and a limiter that then
      // falls back admits what Redis refused.
      commandTimeout: Math.max(5_000, this.commandTimeoutMs * 4),
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      lazyConnect: false,
      // Shutdown should not wait long for a socket that is already dead.
      disconnectTimeout: 200,
    });
    // Without a listener ioredis prints every reconnect failure to the console.
    this.client.on('error', (err: Error) => this.unreachable(err));
    this.client.on('ready', () => {
      if (this.degraded) options.logger.info(`${options.name} store reachable again`);
      this.degraded = false;
    });
    this.firstAttempt = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.startupWaitMs ?? 1_000);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.client.once('ready', done);
      this.client.once('error', done);
      this.client.once('end', done);
    });
  }

  /** Resolves once the first connection attempt has ended, either way (or after the start-up wait). */
  started(): Promise<void> {
    return this.firstAttempt;
  }

  /**
   * Runs a script by its SHA, and by its text once when this Redis has not seen it yet (it then
   * caches it), within the command timeout as Redis's answer time, not this process's stalls.
   */
  script(lua: string, sha1: string, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    return withinDeadline(runScript(this.client, lua, sha1, keys, args), this.commandTimeoutMs, `the ${this.options.name} store`);
  }

  unreachable(err: Error): void {
    if (this.closed) return;
    this.degraded = true;
    const now = Date.now();
    if (now - this.lastWarnAt < this.warnEveryMs) return;
    this.lastWarnAt = now;
    // The URL is not logged: it may carry a password.
    this.options.logger.warn(`${this.options.name} store unreachable: ${this.options.whileDown} until it is back`, { error: err.message });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await quitRedis(this.client, this.commandTimeoutMs);
  }
}
