import type { Writable } from 'node:stream';

/**
 * Resolves once `stream` takes more data ('drain') or has gone ('close'), whichever comes first:
 * what a writer waits for after `write()` returned false, so a slow reader slows the producer
 * instead of growing the buffer, and a reader that left does not keep it waiting.
 */
export function drained(stream: Pick<Writable, 'on' | 'off'>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
