import { addDays, calendarDay, isValidTimeZone, startOfDay, startOfNextDay } from '../../../src/domain/quota/calendar-day';
import { formatMinorUnits } from '../../../src/domain/subscriptions/money';
import { parseSignatureHeader, signWebhook, verifySignature } from '../../../src/payments/webhook-signature';

describe('calendar days in a time zone', () => {
  it('puts one instant on different days in Shanghai and UTC', () => {
    const instant = new Date('2026-11-22T16:30:00Z');
    expect(calendarDay(instant, 'UTC')).toBe('2026-11-22');
    expect(calendarDay(instant, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(startOfNextDay(instant, 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfNextDay(instant, 'Asia/Shanghai').toISOString()).toBe('2026-11-23T16:00:00.000Z');
  });

  it('finds midnight across daylight-saving changes', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDay('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfNextDay(new Date('2026-03-08T12:00:00Z'), 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // Half-hour offsets.
    expect(startOfDay('2026-01-01', 'Asia/Kolkata').toISOString()).toBe('2025-12-31T18:30:00.000Z');
  });

  it('does day arithmetic across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('money formatting', () => {
  it('formats minor units exactly per currency', () => {
    expect(formatMinorUnits(1998, 'CNY')).toBe('19.98');
    expect(formatMinorUnits(5, 'USD')).toBe('0.05');
    expect(formatMinorUnits(1998, 'JPY')).toBe('1998');
    expect(formatMinorUnits(0, 'CNY')).toBe('0.00');
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec-unit-0123456789';
  const body = Buffer.from('{"id":"evt_1"}');

  it('accepts the signature it produces, within the tolerance', () => {
    const header = signWebhook(secret, body, 1_000_000);
    expect(verifySignature(body, header, secret, 1_000_100, 300)).toEqual({ ok: true });
    expect(verifySignature(body, header, secret, 1_000_301, 300)).toEqual({ ok: false, reason: 'STALE' });
    expect(verifySignature(body, header, 'another-secret-xyz', 1_000_000, 300)).toEqual({ ok: false, reason: 'MISMATCH' });
    expect(verifySignature(Buffer.from('{"id":"evt_2"}'), header, secret, 1_000_000, 300)).toEqual({ ok: false, reason: 'MISMATCH' });
  });

  it('parses several v1 signatures (secret rotation) and rejects malformed headers', () => {
    const good = signWebhook(secret, body, 42).split(',')[1]!;
    const header = `t=42,v1=${'0'.repeat(64)},${good}`;
    expect(parseSignatureHeader(header)?.signatures).toHaveLength(2);
    expect(verifySignature(body, header, secret, 42, 300)).toEqual({ ok: true });
    expect(verifySignature(body, 'v1=abc', secret, 42, 300)).toEqual({ ok: false, reason: 'MALFORMED' });
    expect(verifySignature(body, undefined, secret, 42, 300)).toEqual({ ok: false, reason: 'MISSING' });
  });
});
