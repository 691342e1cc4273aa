/** `work` had no answer within its deadline. */
export class DeadlineExceededError extends Error {
  constructor(readonly label: string, readonly ms: number) {
    super(`${label} did not answer within ${ms} ms`);
    this.name = 'DeadlineExceededError';
  }
}

/**
 * Settles as `work` does, or rejects with DeadlineExceededError when it has not settled `ms`
 * after the call. The deadline is declared only after the event loop has read what arrived in
 * the meantime: when this process was stalled past the deadline (a long synchronous stretch, a
 * GC pause, a machine too busy to schedule it), the timer fires in the loop's timers phase,
 * before the poll phase reads an answer that may have been waiting in the socket for most of
 * that time. So the timer only schedules the verdict with setImmediate, which runs after the
 * next poll phase: an answer already there settles `work` first and wins.
 */
export function withinDeadline<T>(work: Promise<T>, ms: number, label: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      setImmediate(() => {
        if (settled) return;
        settled = true;
        reject(new DeadlineExceededError(label, ms));
      });
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        reject(err);
      },
    );
  });
}
