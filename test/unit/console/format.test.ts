import { formatMoney, formatUnits, moneyToQuota, quotaToMoney } from '../../../src/console/src/lib/format';
import { checkEmail, checkFutureDate, checkIpList, checkOptionalInt, checkPassword, parseList } from '../../../src/console/src/lib/validation';
import { dayRange } from '../../../src/console/src/lib/day-range';

const RATE = 500_000n; // quota units per USD, the default display rate

describe('money display', () => {
  it('shows quota units as money exactly, with at least two decimals and at most six', () => {
    expect(quotaToMoney('500000', RATE)).toBe('1.00');
    expect(quotaToMoney('600000', RATE)).toBe('1.20');
    expect(quotaToMoney('1', RATE)).toBe('0.000002');
    expect(quotaToMoney('0', RATE)).toBe('0.00');
    expect(quotaToMoney('-250000', RATE)).toBe('-0.50');
    expect(quotaToMoney('123456789000000', RATE)).toBe('246,913,578.00');
  });

  it('stays exact beyond 2^53 (bigint arithmetic, no floating point)', () => {
    expect(quotaToMoney('9007199254740993', 1n, 2)).toBe('9,007,199,254,740,993.00');
  });

  it('rounds half away from zero and never shows "-0.00"', () => {
    expect(quotaToMoney('3', 2n, 0)).toBe('2.00');
    expect(quotaToMoney('-1', 1_000_000_000n)).toBe('0.00');
  });

  it('labels money with its currency and formats raw units with separators', () => {
    expect(formatMoney('750000', RATE)).toBe('1.50 USD');
    expect(formatUnits('1234567')).toBe('1,234,567');
    expect(formatUnits(-1000)).toBe('-1,000');
  });

  it('turns typed amounts back into quota units, refusing anything that is not a plain amount', () => {
    expect(moneyToQuota('1.5', RATE)).toBe(750_000n);
    expect(moneyToQuota(' 2 ', RATE)).toBe(1_000_000n);
    expect(moneyToQuota('-0.1', RATE)).toBe(-50_000n);
    expect(moneyToQuota('1e3', RATE)).toBeNull();
    expect(moneyToQuota('abc', RATE)).toBeNull();
    expect(moneyToQuota('', RATE)).toBeNull();
  });
});

describe('form validation', () => {
  it('checks emails and passwords as the server does', () => {
    expect(checkEmail('a@b.co')).toBeNull();
    expect(checkEmail('not-an-email')).toBe('validation.email');
    expect(checkPassword('1234567')).toBe('validation.passwordLength');
    expect(checkPassword('12345678')).toBeNull();
  });

  it('parses allow-lists and accepts only addresses and CIDR ranges', () => {
    expect(parseList('a, b\nc  d,')).toEqual(['a', 'b', 'c', 'd']);
    expect(checkIpList('10.0.0.1, 192.168.0.0/16 ::1')).toBeNull();
    expect(checkIpList('example.com')).toBe('validation.ipList');
    expect(checkIpList('')).toBeNull();
  });

  it('checks optional whole numbers and future dates', () => {
    expect(checkOptionalInt('', 0, 10)).toBeNull();
    expect(checkOptionalInt('5', 0, 10)).toBeNull();
    expect(checkOptionalInt('1.5', 0, 10)).toBe('validation.integer');
    expect(checkOptionalInt('11', 0, 10)).toBe('validation.integer');
    const now = new Date('2026-11-25T12:00:00Z');
    expect(checkFutureDate('2026-11-26', 'UTC', now)).toBeNull();
    expect(checkFutureDate('2026-11-24', 'UTC', now)).toBe('validation.futureDate');
    expect(checkFutureDate('', 'UTC', now)).toBeNull();
    // 25 November has already ended in Tokyo at 16:00 UTC, not yet in New York.
    const late = new Date('2026-11-25T16:00:00Z');
    expect(checkFutureDate('2026-11-25', 'Asia/Tokyo', late)).toBe('validation.futureDate');
    expect(checkFutureDate('2026-11-25', 'America/New_York', late)).toBeNull();
  });

  it("turns day inputs into a [from, to) range of the user's days that includes the whole last day", () => {
    expect(dayRange('2026-11-01', '2026-11-02', 'Asia/Shanghai')).toEqual({ from: '2026-10-31T16:00:00.000Z', to: '2026-11-02T16:00:00.000Z' });
    // New York leaves summer time on 1 November 2026: that day has 25 hours.
    const { from, to } = dayRange('2026-11-01', '2026-11-01', 'America/New_York');
    expect({ from, to }).toEqual({ from: '2026-11-01T04:00:00.000Z', to: '2026-11-02T05:00:00.000Z' });
    expect(dayRange('', '', 'UTC')).toEqual({ from: null, to: null });
  });
});
