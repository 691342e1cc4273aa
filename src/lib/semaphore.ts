/** Why a wait for a permit ended without one. */
export class SemaphoreWaitError extends Error {
  constructor(
    readonly reason: 'TIMEOUT' | 'ABORTED',
    readonly waitedMs: number,
    /** The signal's reason, when it was aborted. */
    readonly abortReason?: unknown,
  ) {
    super(reason === 'TIMEOUT' ? `no permit within ${waitedMs} ms` : 'the wait was aborted');
    this.name = 'SemaphoreWaitError';
  }
}

interface Waiter {
  grant(release: () => void): void;
}

/**
 * A counting semaphore whose waits are first come, first served, time out, and can be aborted.
 * `acquire` resolves to a release function that frees the permit once however often it is called,
 * so every path that ends a holder (finish, error, abort) may call it without counting twice.
 */
export class Semaphore {
  private held = 0;
  private readonly waiters: Waiter[] = [];

  constructor(private readonly permits: number) {}

  get inUse(): number {
    return this.held;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  /**
   * A permit now, without waiting (and without a promise: the hot path takes a free permit on
   * nearly every request), or undefined when none is free or others are already waiting.
   */
  tryAcquire(): (() => void) | undefined {
    if (this.held >= this.permits || this.waiters.length > 0) return undefined;
    this.held++;
    return this.releaser();
  }

  acquire(options: { signal?: AbortSignal; timeoutMs: number }): Promise<() => void> {
    const { signal, timeoutMs } = options;
    if (signal?.aborted) return Promise.reject(new SemaphoreWaitError('ABORTED', 0, signal.reason));
    const now = this.tryAcquire();
    if (now) return Promise.resolve(now);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: (release) => {
          settle();
          resolve(release);
        },
      };
      const leave = (error: SemaphoreWaitError) => {
        const at = this.waiters.indexOf(waiter);
        if (at !== -1) this.waiters.splice(at, 1);
        settle();
        reject(error);
      };
      const timer = setTimeout(() => leave(new SemaphoreWaitError('TIMEOUT', Math.round(performance.now() - started))), timeoutMs);
      const onAbort = () => leave(new SemaphoreWaitError('ABORTED', Math.round(performance.now() - started), signal?.reason));
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The permit passes straight to the oldest waiter: `held` stays the same.
      const next = this.waiters.shift();
      if (next) next.grant(this.releaser());
      else this.held--;
    };
  }
}
