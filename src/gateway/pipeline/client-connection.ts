import type { ServerResponse } from 'node:http';
import { DRAIN_DEADLINE_EVENT } from '../../lib/drain-deadline';

/**
 * Tells whoever is listening that the caller went away before its response finished, so the
 * upstream call is aborted at once instead of running (and costing) to completion for nobody.
 */
export class ClientConnection {
  private goneFlag = false;
  private readonly listeners = new Set<() => void>();

  constructor(readonly res: ServerResponse) {
    // The caller may have left while its body was still being read.
    if (res.destroyed && !res.writableFinished) this.goneFlag = true;
    res.once('close', () => {
      if (res.writableFinished) return;
      this.goneFlag = true;
      for (const listener of this.listeners) listener();
      this.listeners.clear();
    });
  }

  get gone(): boolean {
    return this.goneFlag;
  }

  /** Runs `listener` when this process's shutdown grace period ends with the request still running. */
  onDrainDeadline(listener: () => void): () => void {
    this.res.once(DRAIN_DEADLINE_EVENT, listener);
    return () => this.res.off(DRAIN_DEADLINE_EVENT, listener);
  }

  /** Runs `listener` when the caller leaves (at once if it already has); returns an unsubscribe. */
  onGone(listener: () => void): () => void {
    if (this.goneFlag) {
      listener();
      return () => undefined;
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
