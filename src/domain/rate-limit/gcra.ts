/**
 * GCRA (generic cell rate algorithm), the limiter both implementations share; the Redis one
 * runs the same arithmetic in Lua (gcra-script.ts). Why GCRA rather than a sliding-window log:
 * its whole state per key is one number (the "theoretical arrival time"), so memory does not
 * grow with the limit (limits go up to 1e6 per minute) and the Redis side is one GET/SET.
 *
 * Semantics of "N per window": a bucket of N requests that refills continuously, one every
 * window/N (what OpenAI's own RPM limits do: they replenish, they do not reset on the minute).
 * An idle key may send N at once, a steady caller gets N per window; the one window that starts
 * with a full bucket can see up to 2N-1 (the burst plus the refill during that window).
 *
 * Everything is integer microseconds: the emission interval is rounded UP to a whole µs, so the
 * arithmetic is exact in both JavaScript and Lua doubles (all values stay far below 2^53) and
 * the two implementations cannot drift apart by rounding.
 */
export interface GcraStep {
  allowed: boolean;
  /** The arrival time to store: advanced by one interval when allowed, unchanged when refused. */
  tatUs: number;
  remaining: number;
  /** µs until one more request fits (refused), or until one more slot frees (allowed). */
  waitUs: number;
}

export function gcraStep(storedTatUs: number | undefined, nowUs: number, limit: number, windowUs: number): GcraStep {
  const interval = Math.ceil(windowUs / limit);
  const burst = interval * (limit - 1);
  const tat = storedTatUs === undefined || storedTatUs < nowUs ? nowUs : storedTatUs;
  const backlog = tat - nowUs;
  if (backlog > burst) {
    return { allowed: false, tatUs: tat, remaining: 0, waitUs: backlog - burst };
  }
  const newTat = tat + interval;
  const used = newTat - nowUs; // in (0, limit * interval]
  const slotsUsed = Math.ceil(used / interval);
  return { allowed: true, tatUs: newTat, remaining: limit - slotsUsed, waitUs: used - interval * (slotsUsed - 1) };
}
