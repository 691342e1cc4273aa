import { Redis } from 'ioredis';
import type { Logger } from '../../lib/logger';
import { quitRedis } from '../../lib/redis-quit';
import { GCRA_LUA, GCRA_SHA1 } from './gcra-script';
import type { RateDecision, RateLimiter } from './rate-limiter';

export interface RedisRateLimiterOptions {
  url: string;
  /** Namespaces the keys, so deployments (or test runs) sharing one Redis never share budgets. */
  keyPrefix: string;
  logger: Logger;
  /** 60 s on the gateway; tests shorten it. */
  windowMs?: number;
  /** A decision that takes longer is given up on (and the request allowed). */
  commandTimeoutMs?: number;
  /** How long the first requests after start-up wait for the first connection attempt. */
  startupWaitMs?: number;
  /** At most one "store unreachable" warning per this interval. */
  warnEveryMs?: number;
}

/**
 * The limiter shared by every gateway process: one EVALSHA per decision (gcra-script.ts), keys
 * expire on their own once idle. When Redis is unreachable or slow it fails OPEN: the request is
 * allowed, and a warning is logged at most once per interval. A limiter is a protection, not a
 * dependency the gateway may go down with.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly client: Redis;
  private readonly windowUs: number;
  private readonly firstAttempt: Promise<void>;
  private readonly warnEveryMs: number;
  private lastWarnAt = -Infinity;
  private degraded = false;
  private closed = false;

  constructor(private readonly options: RedisRateLimiterOptions) {
    this.windowUs = (options.windowMs ?? 60_000) * 1000;
    this.warnEveryMs = options.warnEveryMs ?? 30_000;
    this.client = new Redis(options.url, {
      // Without a connection, fail at once rather than queue requests behind a dead socket.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 250,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      lazyConnect: false,
      // Shutdown should not wait long for a socket that is already dead.
      disconnectTimeout: 200,
    });
    // Without a listener ioredis prints every reconnect failure to the console.
    this.client.on('error', (err: Error) => this.unreachable(err));
    this.client.on('ready', () => {
      if (this.degraded) options.logger.info('rate limiter store reachable again');
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

  async consume(key: string, limitPerMinute: number, windowMs?: number): Promise<RateDecision> {
    await this.firstAttempt;
    try {
      const windowUs = windowMs === undefined ? this.windowUs : windowMs * 1000;
      const [allowed, remaining, waitUs] = await this.run(this.options.keyPrefix + key, limitPerMinute, windowUs);
      return { allowed: allowed === 1, limit: limitPerMinute, remaining, resetMs: Math.ceil(waitUs / 1000) };
    } catch (err) {
      this.unreachable(err as Error);
      return { allowed: true, limit: limitPerMinute, remaining: limitPerMinute, resetMs: 0, failedOpen: true };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await quitRedis(this.client);
  }

  /** EVALSHA, and EVAL once when this Redis has not seen the script yet (it then caches it). */
  private async run(key: string, limit: number, windowUs: number): Promise<[number, number, number]> {
    let reply: unknown;
    try {
      reply = await this.client.evalsha(GCRA_SHA1, 1, key, limit, windowUs);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      reply = await this.client.eval(GCRA_LUA, 1, key, limit, windowUs);
    }
    if (!Array.isArray(reply) || reply.length !== 3 || !reply.every((v) => typeof v === 'number')) {
      throw new Error('unexpected reply from the rate-limit script');
    }
    return reply as [number, number, number];
  }

  private unreachable(err: Error): void {
    if (this.closed) return;
    this.degraded = true;
    const now = Date.now();
    if (now - this.lastWarnAt < this.warnEveryMs) return;
    this.lastWarnAt = now;
    // The URL is not logged: it may carry a password.
    this.options.logger.warn('rate limiter store unreachable: requests are allowed without a limit until it is back', { error: err.message });
  }
}
