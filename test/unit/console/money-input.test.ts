import { inputToQuota, localDateTimeToIso, priceToMinor, quotaToInput } from '../../../src/console/src/lib/money-input';

const RATE = 500_000n;

it('shows quota units as an editable USD amount and reads it back exactly', () => {
  expect(quotaToInput('75000', RATE)).toBe('0.15');
  expect(quotaToInput('1234500000', RATE)).toBe('2469');
  expect(quotaToInput(null, RATE)).toBe('');
  for (const units of ['1', '75000', '300000', '1234567891']) {
    const back = inputToQuota(quotaToInput(units, RATE), RATE);
    expect(back).toEqual({ ok: true, units });
  }
});

it('refuses negative or malformed prices; empty is null only where optional', () => {
  expect(inputToQuota('-1', RATE)).toEqual({ ok: false });
  expect(inputToQuota('1,5', RATE)).toEqual({ ok: false });
  expect(inputToQuota('', RATE)).toEqual({ ok: false });
  expect(inputToQuota('', RATE, true)).toEqual({ ok: true, units: null });
  expect(inputToQuota('0.5', RATE)).toEqual({ ok: true, units: '250000' });
});

it('turns a package price into minor units', () => {
  expect(priceToMinor('19.98')).toBe(1998);
  expect(priceToMinor('20')).toBe(2000);
  expect(priceToMinor('0.5')).toBe(50);
  expect(priceToMinor('1.999')).toBeNull();
  expect(priceToMinor('abc')).toBeNull();
});

it("reads a datetime-local value as an instant in the user's zone, not the machine's; empty means now (null)", () => {
  expect(localDateTimeToIso('', 'Asia/Shanghai')).toBeNull();
  expect(localDateTimeToIso('2030-01-02T03:04', 'Asia/Shanghai')).toBe('2030-01-01T19:04:00.000Z');
  expect(localDateTimeToIso('2030-01-02T03:04', 'UTC')).toBe('2030-01-02T03:04:00.000Z');
});
