import { addDays, zonedToIso } from './time-zone';

/** Day inputs (YYYY-MM-DD, in the user's zone) to a filter's [from, to) instants; `to` includes its whole day. */
export function dayRange(fromDay: string, toDay: string, timeZone: string): { from: string | null; to: string | null } {
  return {
    from: fromDay ? zonedToIso(fromDay, timeZone) : null,
    to: toDay ? zonedToIso(addDays(toDay, 1), timeZone) : null,
  };
}
