/**
 * Money and quota display. Quota units are bigint-sized integers sent as decimal strings; they are
 * shown as money at the display rate (QUOTA_PER_USD quota units = 1 USD) with the raw units on hover.
 * Pure functions without DOM access, so the unit tests run them under jest.
 */

/** Quota units as money, exactly: integer arithmetic on bigint, rounded half away from zero. */
export function quotaToMoney(units: string | bigint, quotaPerUsd: bigint, decimals = 6): string {
  const value = typeof units === 'bigint' ? units : BigInt(units);
  if (quotaPerUsd <= 0n) throw new RangeError('quotaPerUsd must be positive');
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const scaled = (abs * scale * 2n + quotaPerUsd) / (quotaPerUsd * 2n);
  const whole = scaled / scale;
  const padded = (scaled % scale).toString().padStart(decimals, '0');
  const fraction = withoutTrailingZeros(padded);
  const digits = fraction.length >= 2 ? fraction : fraction.padEnd(2, '0');
  const text = `${groupThousands(whole.toString())}.${digits}`;
  return negative && scaled !== 0n ? `-${text}` : text;
}

/** "$1.25" style text with the currency code, e.g. `1.25 USD`. */
export function formatMoney(units: string | bigint, quotaPerUsd: bigint, currency = 'USD'): string {
  return `${quotaToMoney(units, quotaPerUsd)} ${currency}`;
}

/** Integer with thousands separators, for quota units. */
export function formatUnits(units: string | bigint | number): string {
  const text = String(units);
  return text.startsWith('-') ? `-${groupThousands(text.slice(1))}` : groupThousands(text);
}

// Plain loops rather than `/0+$/` and a lookahead regex: both backtrack quadratically on long digit runs.
function withoutTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits[end - 1] === '0') end--;
  return digits.slice(0, end);
}

function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/** Money typed by a person (e.g. "1.5") to quota units; null when it is not a plain decimal amount. */
export function moneyToQuota(text: string, quotaPerUsd: bigint): bigint | null {
  const match = /^\s*(-)?(\d{1,12})(?:\.(\d{1,6}))?\s*$/.exec(text);
  if (!match) return null;
  const fraction = (match[3] ?? '').padEnd(6, '0');
  const micros = BigInt(match[2]!) * 1_000_000n + BigInt(fraction);
  const units = (micros * quotaPerUsd) / 1_000_000n;
  return match[1] ? -units : units;
}

/** A timestamp in the viewer's language and the given time zone (the user's: see lib/time-zone.ts). */
export function formatDate(iso: string | null | undefined, locale: string, timeZone: string): string {
  return format(iso, locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

export function formatDay(iso: string | null | undefined, locale: string, timeZone: string): string {
  return format(iso, locale, { dateStyle: 'medium', timeZone });
}

/** The hour an instant falls in, e.g. "Nov 26, 2026, 14:00", for hourly statistics. */
export function formatHour(iso: string | null | undefined, locale: string, timeZone: string): string {
  return format(iso, locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
}

function format(iso: string | null | undefined, locale: string, options: Intl.DateTimeFormatOptions): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, options).format(date);
}
