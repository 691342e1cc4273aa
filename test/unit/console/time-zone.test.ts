import { formatDate, formatHour } from '../../../src/console/src/lib/format';
import { addDays, dayInZone, isTimeZone, resolveTimeZone, zonedToIso } from '../../../src/console/src/lib/time-zone';
import { endOfDay } from '../../../src/console/src/lib/validation';

// The console shows dates in the user's zone whatever the browser's (the test process's) is:
// every expectation below names its zone, so it holds on a machine in any zone.
describe("dates in the user's time zone", () => {
  const instant = '2026-11-25T23:30:00Z';

  it('formats a timestamp and an hour in the given zone, not the machine zone', () => {
    expect(formatDate(instant, 'en', 'Asia/Shanghai')).toBe('Nov 26, 2026, 7:30 AM');
    expect(formatDate(instant, 'en', 'America/Los_Angeles')).toBe('Nov 25, 2026, 3:30 PM');
    expect(formatDate(instant, 'zh-CN', 'Asia/Shanghai')).toBe('2026年11月26日 07:30');
    expect(formatHour('2026-11-25T23:00:00Z', 'en', 'Asia/Shanghai')).toBe('Nov 26, 2026, 07:00');
    expect(formatHour('2026-11-25T23:00:00Z', 'en', 'UTC')).toBe('Nov 25, 2026, 23:00');
    expect(formatHour('2026-11-25T16:00:00Z', 'zh-CN', 'Asia/Shanghai')).toBe('2026年11月26日 00:00');
    // India is 5:30 ahead: its hours start at :30 UTC, and the label says the local hour.
    expect(formatHour('2026-11-25T18:30:00Z', 'en', 'Asia/Kolkata')).toBe('Nov 26, 2026, 00:00');
    expect(formatHour(null, 'en', 'UTC')).toBe('—');
    expect(formatDate('not a date', 'en', 'UTC')).toBe('—');
  });

  it("prefers the user's zone, then the configured default, then the browser's, skipping unknown names", () => {
    expect(resolveTimeZone('Asia/Tokyo', 'UTC', 'Europe/Berlin')).toBe('Asia/Tokyo');
    expect(resolveTimeZone(null, 'Asia/Shanghai', 'Europe/Berlin')).toBe('Asia/Shanghai');
    expect(resolveTimeZone(undefined, 'Mars/Olympus', 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone()).toBe('UTC');
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('')).toBe(false);
  });

  it('finds the calendar day of an instant in a zone and counts days across month ends', () => {
    expect(dayInZone(instant, 'Asia/Shanghai')).toBe('2026-11-26');
    expect(dayInZone(instant, 'UTC')).toBe('2026-11-25');
    expect(dayInZone(instant, 'Pacific/Honolulu')).toBe('2026-11-25');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('turns a wall-clock time in a zone into the instant, across daylight-saving changes', () => {
    expect(zonedToIso('2026-11-26', 'Asia/Shanghai')).toBe('2026-11-25T16:00:00.000Z');
    expect(zonedToIso('2026-07-01T09:15', 'Europe/Berlin')).toBe('2026-07-01T07:15:00.000Z');
    expect(zonedToIso('2026-01-01T09:15', 'Europe/Berlin')).toBe('2026-01-01T08:15:00.000Z');
    // 29 March 2026, 02:30 does not exist in Berlin (clocks jump 02:00 -> 03:00): just after the gap.
    expect(zonedToIso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedToIso('yesterday', 'UTC')).toBeNull();
  });

  it("ends a key's expiry day at its last second in the user's zone", () => {
    expect(endOfDay('2026-11-26', 'Asia/Shanghai')).toBe('2026-11-26T15:59:59.000Z');
    expect(endOfDay('2026-11-26', 'UTC')).toBe('2026-11-26T23:59:59.000Z');
    expect(endOfDay('26/11/2026', 'UTC')).toBeNull();
  });
});
