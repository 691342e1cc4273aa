/**
 * The console shows and reads dates in the USER's time zone (their setting, else the runtime
 * settings' default), not the browser's: the server cuts check-in and usage days in that zone, so
 * a day typed into a filter or shown in a table must be the same day the server means. Pure
 * functions on Intl, no DOM, so jest runs them.
 */

const DAY_MS = 86_400_000;

export function isTimeZone(name: string | null | undefined): name is string {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The first usable zone of: the user's own, the configured default, the browser's; else UTC. */
export function resolveTimeZone(...candidates: Array<string | null | undefined>): string {
  return candidates.find(isTimeZone) ?? 'UTC';
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instant));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: field('year'), month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute'), second: field('second') };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function dayInZone(instant: Date | string, timeZone: string): string {
  const w = wallClock(new Date(instant).getTime(), timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** A calendar day plus `days` (negative goes back); calendar arithmetic, no zone involved. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A wall-clock time in a zone ('YYYY-MM-DD' = its midnight, or a `datetime-local` value
 * 'YYYY-MM-DDTHH:mm[:ss]') to the instant, as ISO; null when the text is not such a time.
 * A time the clocks skip (spring forward) lands just after the gap.
 */
export function zonedToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(asUtc)) return null;
  // The offset at the guess can differ from the offset at the answer near a DST change: correct once.
  const guess = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(guess, timeZone)).toISOString();
}
