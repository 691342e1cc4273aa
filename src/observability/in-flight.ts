import type { ServerResponse } from 'node:http';
import { DRAIN_DEADLINE_EVENT } from '../lib/drain-deadline';

/**
 * The responses this process is still writing, and whether it is draining. One Set insert and
 * one `close` listener per request; what depends on it (active-stream gauge, drain) reads it
 * only at scrape time or at shutdown.
 */
export class InFlightRequests {
  private readonly open = new Set<ServerResponse>();
  /** Handlers still running: a request whose socket is gone may still be settling its charge. */
  private readonly work = new Set<Promise<unknown>>();
  /** Upgraded connections (realtime WebSocket sessions): no ServerResponse, told to end by `cut`. */
  private readonly sessions = new Set<{ cut(): void }>();
  private drainingFlag = false;
  private readonly idleWaiters: Array<() => void> = [];

  get draining(): boolean {
    return this.drainingFlag;
  }

  get size(): number {
    return this.open.size;
  }

  /** Keeps the drain waiting until `handler` has finished (charged, usage row written). */
  trackWork(handler: Promise<unknown>): void {
    this.work.add(handler);
    const done = () => {
      this.work.delete(handler);
      this.wakeIfIdle();
    };
    handler.then(done, done);
  }

  /**
   * A long-lived upgraded connection: the drain waits for `done` like a handler's work, and when
   * the grace period runs out `session.cut()` is called, as a stream gets its drain-deadline event.
   */
  trackSession(session: { cut(): void }, done: Promise<unknown>): void {
    this.sessions.add(session);
    const untrack = () => this.sessions.delete(session);
    done.then(untrack, untrack);
    this.trackWork(done);
  }

  /** Resolves once every tracked handler has finished (after the sockets were cut), or after `ms`. */
  async handlersDone(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const all = Promise.allSettled([...this.work]).then(() => true as const);
    try {
      return await Promise.race([all, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  private wakeIfIdle(): void {
    if (this.open.size === 0 && this.work.size === 0) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /** Readiness turns false and every response from now on closes its connection. */
  beginDrain(): void {
    this.drainingFlag = true;
    for (const res of this.open) if (!res.headersSent) res.setHeader('connection', 'close');
  }

  track(res: ServerResponse): void {
    this.open.add(res);
    // A connection that carries a request during the drain is not kept alive afterwards.
    if (this.drainingFlag) res.setHeader('connection', 'close');
    res.once('close', () => {
      this.open.delete(res);
      this.wakeIfIdle();
    });
  }

  /** The grace period is over: every request still running is told to end now (streams with an error event). */
  cutAll(): void {
    for (const res of this.open) res.emit(DRAIN_DEADLINE_EVENT);
    for (const session of this.sessions) session.cut();
  }

  /** Responses that are an event stream (SSE) and still open. */
  streams(): ServerResponse[] {
    const out: ServerResponse[] = [];
    for (const res of this.open) {
      const type = res.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/event-stream')) out.push(res);
    }
    return out;
  }

  /** Resolves true once no response is open and no handler runs, or false when `ms` runs out first. */
  async idle(ms: number): Promise<boolean> {
    if (this.open.size === 0 && this.work.size === 0) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
