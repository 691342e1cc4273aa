import type { ServerResponse } from 'node:http';
import { drained } from '../../lib/drained';

const KEEP_ALIVE = ': keep-alive\n\n';

/**
 * Writes an SSE response. Headers go out on the first write (`commit`), not before: until then
 * the request may still fail over to another channel and answer with a plain error. Writes
 * wait for 'drain' when the socket buffer is full, so a slow reader slows the upstream read
 * instead of growing memory. After `armKeepAlive`, any silence of `keepAliveMs` sends an SSE
 * comment (committing the response if needed) so proxies and clients do not time out while a
 * model thinks.
 */
export class SseWriter {
  private isCommitted = false;
  private sentData = false;
  private keepAlive: NodeJS.Timeout | undefined;

  private readonly contentType: string;
  private readonly keepAliveText: string;

  /** `format`: the surface's stream content type and keep-alive (Anthropic pings, SSE comments elsewhere). */
  constructor(
    private readonly res: ServerResponse,
    private readonly keepAliveMs: number,
    format: { contentType: string; keepAlive: string | null } = { contentType: 'text/event-stream; charset=utf-8', keepAlive: KEEP_ALIVE },
  ) {
    this.contentType = format.contentType;
    this.keepAliveText = format.keepAlive ?? KEEP_ALIVE;
  }

  get committed(): boolean {
    return this.isCommitted;
  }

  commit(): void {
    if (this.isCommitted) return;
    this.isCommitted = true;
    this.res.writeHead(200, {
      'content-type': this.contentType,
      'cache-control': 'no-cache',
      // nginx and similar proxies buffer responses unless told not to.
      'x-accel-buffering': 'no',
    });
  }

  armKeepAlive(): void {
    if (this.keepAlive || this.keepAliveMs <= 0) return;
    this.keepAlive = setTimeout(() => this.tick(), this.keepAliveMs);
  }

  /** Writes `data`; resolves false when the caller has gone (nothing more can be delivered). */
  write(data: string | Uint8Array): Promise<boolean> | boolean {
    if (this.res.destroyed) return false;
    const first = !this.sentData;
    this.sentData = true;
    this.commit();
    this.keepAlive?.refresh();
    const flushed = this.res.write(data);
    // Node corks a response's socket until the next tick, and that tick only comes once this
    // whole upstream read has been relayed: fine for the rest (one syscall per read), but the
    // first event (with the headers, unless a keep-alive sent them) should not wait for it.
    if (first) this.res.socket?.uncork();
    if (flushed) return true;
    return drained(this.res).then(() => !this.res.destroyed);
  }

  end(data?: string): void {
    this.stop();
    if (this.res.destroyed) return;
    this.commit();
    this.res.end(data);
  }

  stop(): void {
    if (this.keepAlive) clearTimeout(this.keepAlive);
    this.keepAlive = undefined;
  }

  private tick(): void {
    if (this.res.destroyed || this.res.writableEnded) return this.stop();
    this.commit();
    // A full buffer already tells the peer the connection is alive; do not pile comments on it.
    if (!this.res.writableNeedDrain) this.res.write(this.keepAliveText);
    this.keepAlive?.refresh();
  }
}
