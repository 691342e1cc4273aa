// Calendar days in an IANA time zone, with Intl only (Node ships full ICU): no date library.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTime(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** Milliseconds the zone's wall clock is ahead of UTC at this instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day (`YYYY-MM-DD`) the instant falls on in the zone. */
export function calendarDay(instant: Date, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** `YYYY-MM-DD` shifted by whole days (pure calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/**
 * The instant the given day starts in the zone. Two passes settle the offset when the
 * guess lands on the other side of a DST change; in zones that skip midnight the day
 * starts at the first instant that exists, which this rounds to.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  let instant = wallMidnight - offsetMs(new Date(wallMidnight), timeZone);
  instant = wallMidnight - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** When the day after the instant's day starts in the zone: when the next check-in opens. */
export function startOfNextDay(instant: Date, timeZone: string): Date {
  return startOfDay(addDays(calendarDay(instant, timeZone), 1), timeZone);
}
