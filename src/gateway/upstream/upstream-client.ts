import { Pool, type Dispatcher } from 'undici';
import { Semaphore, SemaphoreWaitError } from '../../lib/semaphore';
import type { UpstreamHttpRequest } from '../providers/types';

export interface UpstreamClientOptions {
  /** Sockets per upstream origin. */
  connectionsPerOrigin: number;
  /** How long a request may wait for one of its origin's sockets before it is given up on. */
  poolWaitMs: number;
}

export interface SendOptions {
  signal: AbortSignal;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /**
   * Wraps the wait for a free connection: the attempt stops its first-byte clock meanwhile, since
   * a queue of the gateway's own is not the upstream being slow.
   */
  excuseWait?: <T>(wait: Promise<T>) => Promise<T>;
}

/**
 * Every connection to the origin stayed busy for the whole UPSTREAM_POOL_WAIT_MS (TIMEOUT), or the
 * attempt was cut while it waited (ABORTED, with the signal's reason): either way nothing was sent,
 * so the channel is not to blame.
 */
export class ConnectionWaitError extends Error {
  constructor(readonly wait: SemaphoreWaitError, connections: number) {
    super(
      wait.reason === 'TIMEOUT'
        ? `all ${connections} gateway connections to this upstream host stayed busy for ${wait.waitedMs} ms`
        : `cut while waiting ${wait.waitedMs} ms for a gateway connection to this upstream host`,
    );
    this.name = 'ConnectionWaitError';
  }
}

interface Origin {
  pool: Pool;
  /** As many permits as the pool has sockets: undici's own queue stays empty, the wait is ours. */
  slots: Semaphore;
}

/**
 * One undici Pool per upstream origin, kept alive across requests: a TLS or TCP handshake per
 * call would dominate the gateway's own cost. Timeouts and aborts are per call (the caller's
 * signal); undici's own timers are only a backstop.
 *
 * undici queues a request behind busy sockets without a limit, and its headers timeout would
 * then charge that queueing to the upstream. So each origin has a semaphore with one permit per
 * socket in front of its pool: a request waits for a permit at most `poolWaitMs` (an error of
 * its own, ConnectionWaitError), and holds it until its response body ends or is destroyed.
 */
export class UpstreamClient {
  private readonly origins = new Map<string, Origin>();
  private readonly urls = new Map<string, { origin: string; path: string }>();

  constructor(private readonly options: UpstreamClientOptions = { connectionsPerOrigin: 256, poolWaitMs: 10_000 }) {}

  async send(request: UpstreamHttpRequest, options: SendOptions): Promise<Dispatcher.ResponseData> {
    const url = this.parse(request.url);
    const { pool, slots } = this.origin(url.origin);
    // A free socket (the usual case) is taken at once: no wait, so nothing to excuse either.
    const release = (!options.signal?.aborted && slots.tryAcquire()) || (await this.waitForSlot(slots, options));
    let response: Dispatcher.ResponseData;
    try {
      response = await pool.request({
        path: url.path,
        method: request.method,
        headers: request.headers,
        body: request.method === 'GET' ? null : request.body,
        signal: options.signal,
        headersTimeout: options.headersTimeoutMs,
        bodyTimeout: options.bodyTimeoutMs,
      });
    } catch (err) {
      release();
      throw err;
    }
    // autoDestroy: 'close' follows the end of the body, an error, and a destroy alike.
    response.body.once('close', release);
    return response;
  }

  /** Connections in use and requests waiting for one, over every origin (metrics, tests). */
  connections(): { inUse: number; waiting: number } {
    let inUse = 0;
    let waiting = 0;
    for (const { slots } of this.origins.values()) {
      inUse += slots.inUse;
      waiting += slots.waiting;
    }
    return { inUse, waiting };
  }

  async close(): Promise<void> {
    const pools = [...this.origins.values()].map((o) => o.pool);
    this.origins.clear();
    await Promise.all(pools.map((p) => p.destroy().catch(() => undefined)));
  }

  /** Channel URLs repeat endlessly: parse each once. */
  private async waitForSlot(slots: Semaphore, options: SendOptions): Promise<() => void> {
    const waiting = slots.acquire({ signal: options.signal, timeoutMs: this.options.poolWaitMs });
    try {
      return await (options.excuseWait ? options.excuseWait(waiting) : waiting);
    } catch (err) {
      throw err instanceof SemaphoreWaitError ? new ConnectionWaitError(err, this.options.connectionsPerOrigin) : err;
    }
  }

  private parse(raw: string): { origin: string; path: string } {
    let parsed = this.urls.get(raw);
    if (!parsed) {
      const url = new URL(raw);
      parsed = { origin: url.origin, path: url.pathname + url.search };
      if (this.urls.size > 10_000) this.urls.clear();
      this.urls.set(raw, parsed);
    }
    return parsed;
  }

  private origin(origin: string): Origin {
    let entry = this.origins.get(origin);
    if (!entry) {
      const connections = this.options.connectionsPerOrigin;
      entry = {
        pool: new Pool(origin, { connections, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connect: { timeout: 10_000 } }),
        slots: new Semaphore(connections),
      };
      this.origins.set(origin, entry);
    }
    return entry;
  }
}
