import type { Logger } from '../lib/logger';
import { isDatabaseUnavailable } from '../lib/pg-errors';

/**
 * Whether the database answers, as the data plane's own statements see it: the signal readiness
 * (/readyz) and the admission-without-database bound read. A statement failing because the
 * database is unreachable marks it down (logged once per outage, not per request); while down, a
 * probe runs every `probeMs` so the flag turns back within that long of the database's return,
 * traffic or not. Any statement that succeeds marks it up.
 */
export class DatabaseHealth {
  private down = false;
  private downSince = 0;
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;
  private readonly listeners = new Set<(reachable: boolean) => void>();

  constructor(private readonly probe: () => Promise<unknown>, private readonly logger: Logger, private readonly probeMs = 250) {}

  get reachable(): boolean {
    return !this.down;
  }

  /** Called with every change of `reachable`; returns an unsubscribe. */
  onChange(listener: (reachable: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `work`, noting from its outcome whether the database answered. */
  async observe<T>(work: Promise<T>): Promise<T> {
    try {
      const result = await work;
      this.markUp();
      return result;
    } catch (err) {
      this.noteFailure(err);
      throw err;
    }
  }

  /** A failure seen elsewhere (the ORM's pool, the change bus): marks the database down if it is a connection failure. */
  noteFailure(err: unknown): void {
    if (!isDatabaseUnavailable(err) || this.down || this.closed) return;
    this.down = true;
    this.downSince = performance.now();
    this.logger.error('database unreachable; the data plane answers 503 until it is back', { error: (err as Error).message });
    this.emit(false);
    this.probeTimer = setInterval(() => this.runProbe(), this.probeMs);
    this.probeTimer.unref();
  }

  markUp(): void {
    if (!this.down) return;
    this.down = false;
    clearInterval(this.probeTimer);
    this.probeTimer = undefined;
    this.logger.warn('database reachable again', { downMs: Math.round(performance.now() - this.downSince) });
    this.emit(true);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.probeTimer);
  }

  private runProbe(): void {
    if (this.probing) return;
    this.probing = true;
    this.probe().then(
      () => this.markUp(),
      () => undefined,
    ).finally(() => {
      this.probing = false;
    });
  }

  private emit(reachable: boolean): void {
    for (const listener of this.listeners) {
      try {
        listener(reachable);
      } catch (err) {
        this.logger.error('database health listener failed', { error: err as Error });
      }
    }
  }
}
