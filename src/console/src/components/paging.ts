import { useState } from 'react';

/**
 * Forward paging over a Relay connection: a stack of `after` cursors, so "previous" goes back to
 * the page actually seen before.
 */
export function useCursorPages() {
  const [stack, setStack] = useState<Array<string | null>>([null]);
  const after = stack[stack.length - 1] ?? null;
  return {
    after,
    page: stack.length,
    next: (cursor: string | null | undefined) => cursor && setStack((s) => [...s, cursor]),
    previous: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
    reset: () => setStack([null]),
  };
}
