import { addDays, zonedToIso } from './time-zone';

/**
 * Form checks run before submit, mirroring the server's rules so a person sees the problem at
 * once; the server still decides (its typed errors are shown too). Return an i18n key or null.
 */
export function checkEmail(value: string): string | null {
  // local@domain.tld without spaces, checked by splitting (the one-regex form backtracks on long inputs).
  const text = value.trim();
  const at = text.indexOf('@');
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  const ok = at > 0 && !/[\s@]/.test(local) && !/[\s@]/.test(domain) && domain.slice(1, -1).includes('.');
  return ok ? null : 'validation.email';
}

export function checkPassword(value: string): string | null {
  return value.length >= 8 ? null : 'validation.passwordLength';
}

export function checkRequired(value: string): string | null {
  return value.trim() ? null : 'validation.required';
}

/** Comma/space/newline separated list (model ids, IP addresses or CIDRs). */
export function parseList(text: string): string[] {
  return text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
}

export function checkIpList(text: string): string | null {
  const ok = parseList(text).every((item) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(item));
  return ok ? null : 'validation.ipList';
}

/** An optional whole number within bounds (empty is fine). */
export function checkOptionalInt(text: string, min: number, max: number): string | null {
  if (!text.trim()) return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? null : 'validation.integer';
}

/** A date in the future, as typed in a date input (YYYY-MM-DD, the user's zone; it ends that day's evening); empty means never. */
export function checkFutureDate(text: string, timeZone: string, now = new Date()): string | null {
  if (!text) return null;
  const end = endOfDay(text, timeZone);
  return end !== null && new Date(end).getTime() > now.getTime() ? null : 'validation.futureDate';
}

/** The last second of a day in a zone, as ISO (what a key "expiring on" that day means). */
export function endOfDay(day: string, timeZone: string): string | null {
  const next = /^\d{4}-\d{2}-\d{2}$/.test(day) ? zonedToIso(addDays(day, 1), timeZone) : null;
  return next === null ? null : new Date(new Date(next).getTime() - 1000).toISOString();
}

/** One entry per line (upstream keys, which may contain commas or spaces in odd vendors' formats). */
export function parseLines(text: string): string[] {
  return text.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
}
