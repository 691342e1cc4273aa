import type { ChannelInfo } from '../../domain/routing/channel.types';
import type { ClientConnection } from '../pipeline/client-connection';

/** SHUTDOWN: the process's shutdown grace period ran out with the request still running. */
export type AbortCause = 'CLIENT_GONE' | 'FIRST_BYTE_TIMEOUT' | 'TOTAL_TIMEOUT' | 'SHUTDOWN';

const MESSAGES: Record<AbortCause, string> = {
  CLIENT_GONE: 'the caller went away',
  FIRST_BYTE_TIMEOUT: 'the upstream sent nothing in time',
  TOTAL_TIMEOUT: 'the upstream took too long',
  SHUTDOWN: 'the gateway is shutting down',
};

export class AttemptAborted extends Error {
  constructor(readonly abortCause: AbortCause) {
    super(MESSAGES[abortCause]);
    this.name = 'AttemptAborted';
  }
}

/**
 * One upstream attempt's abort signal with its reasons: the channel's first-byte and total
 * budgets, the caller leaving, and the process's shutdown deadline. The first cause wins, so a
 * timeout is never mistaken for a disconnect (they are billed and logged differently).
 */
export class AttemptControl {
  private readonly controller = new AbortController();
  private firstByteTimer: NodeJS.Timeout | undefined;
  private firstByteDeadline: number;
  private readonly totalTimer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeDrain: () => void;
  private abortCause: AbortCause | undefined;

  constructor(
    channel: Pick<ChannelInfo, 'firstByteTimeoutMs' | 'totalTimeoutMs'>,
    client: ClientConnection,
  ) {
    this.firstByteDeadline = performance.now() + channel.firstByteTimeoutMs;
    this.firstByteTimer = setTimeout(() => this.abort('FIRST_BYTE_TIMEOUT'), channel.firstByteTimeoutMs);
    this.totalTimer = setTimeout(() => this.abort('TOTAL_TIMEOUT'), channel.totalTimeoutMs);
    this.unsubscribe = client.onGone(() => this.abort('CLIENT_GONE'));
    this.unsubscribeDrain = client.onDrainDeadline(() => this.abort('SHUTDOWN'));
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get cause(): AbortCause | undefined {
    return this.abortCause;
  }

  /** The upstream has started answering: only the total budget applies from now on. */
  firstByte(): void {
    if (this.firstByteTimer) clearTimeout(this.firstByteTimer);
    this.firstByteTimer = undefined;
  }

  /**
   * Waits for `wait`, a wait of our own (a socket from the gateway's own upstream pool): the
   * first-byte budget stands still meanwhile, so the gateway's queue is not blamed on the channel.
   */
  async excusing<T>(wait: Promise<T>): Promise<T> {
    if (!this.firstByteTimer) return wait;
    clearTimeout(this.firstByteTimer);
    const remaining = this.firstByteDeadline - performance.now();
    try {
      return await wait;
    } finally {
      if (this.firstByteTimer && !this.abortCause) {
        this.firstByteDeadline = performance.now() + remaining;
        this.firstByteTimer = setTimeout(() => this.abort('FIRST_BYTE_TIMEOUT'), Math.max(0, remaining));
      }
    }
  }

  abort(cause: AbortCause): void {
    if (this.abortCause) return;
    this.abortCause = cause;
    this.controller.abort(new AttemptAborted(cause));
  }

  dispose(): void {
    if (this.firstByteTimer) clearTimeout(this.firstByteTimer);
    clearTimeout(this.totalTimer);
    this.unsubscribe();
    this.unsubscribeDrain();
  }
}
