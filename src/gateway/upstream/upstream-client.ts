import { Pool, type Dispatcher } from 'undici';
import type { UpstreamHttpRequest } from '../providers/types';

export interface UpstreamClientOptions {
  /** Sockets per upstream origin. */
  connectionsPerOrigin: number;
}

/**
 * One undici Pool per upstream origin, kept alive across requests: a TLS or TCP handshake per
 * call would dominate the gateway's own cost. Timeouts and aborts are per call (the caller's
 * signal); undici's own timers are only a backstop.
 */
export class UpstreamClient {
  private readonly pools = new Map<string, Pool>();
  private readonly urls = new Map<string, { origin: string; path: string }>();

  constructor(private readonly options: UpstreamClientOptions = { connectionsPerOrigin: 256 }) {}

  send(request: UpstreamHttpRequest, options: { signal: AbortSignal; headersTimeoutMs: number; bodyTimeoutMs: number }): Promise<Dispatcher.ResponseData> {
    const url = this.parse(request.url);
    return this.pool(url.origin).request({
      path: url.path,
      method: request.method,
      headers: request.headers,
      body: request.method === 'GET' ? null : request.body,
      signal: options.signal,
      headersTimeout: options.headersTimeoutMs,
      bodyTimeout: options.bodyTimeoutMs,
    });
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.destroy().catch(() => undefined)));
  }

  /** Channel URLs repeat endlessly: parse each once. */
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

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.options.connectionsPerOrigin,
        keepAliveTimeout: 30_000,
        keepAliveMaxTimeout: 600_000,
        connect: { timeout: 10_000 },
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }
}
