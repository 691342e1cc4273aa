import { moneyToQuota, quotaToMoney } from './format';
import { zonedToIso } from './time-zone';

/** Quota units as a plain decimal a person can edit (no thousands separators), e.g. "2.5". */
export function quotaToInput(units: string | bigint | null | undefined, quotaPerUsd: bigint): string {
  if (units === null || units === undefined) return '';
  return quotaToMoney(units, quotaPerUsd).replace(/,/g, '').replace(/\.00$/, '');
}

/** A non-negative amount typed in USD to quota units; empty is `null` when `optional`, else invalid. */
export function inputToQuota(text: string, quotaPerUsd: bigint, optional = false): { ok: true; units: string | null } | { ok: false } {
  if (!text.trim()) return optional ? { ok: true, units: null } : { ok: false };
  const units = moneyToQuota(text, quotaPerUsd);
  return units === null || units < 0n ? { ok: false } : { ok: true, units: units.toString() };
}

/** A decimal price in a currency ("19.98") to minor units (1998); null when it is not one. */
export function priceToMinor(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A `datetime-local` input's value (a wall-clock time in the user's zone) to an ISO instant; '' is null (now). */
export function localDateTimeToIso(value: string, timeZone: string): string | null {
  return value ? zonedToIso(value, timeZone) : null;
}
