const digitsCache = new Map<string, number>();

/** Minor-unit digits of an ISO 4217 currency (CNY 2, JPY 0, BHD 3), from ICU. */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

let known: ReadonlySet<string> | undefined;

/** ICU formats any three letters, so the list of ISO 4217 codes it knows decides. */
export function isKnownCurrency(currency: string): boolean {
  known ??= new Set(Intl.supportedValuesOf('currency'));
  return known.has(currency);
}

/** 1998 CNY -> "19.98"; exact (integer arithmetic), no float ever touches money. */
export function formatMinorUnits(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = amountMinor < 0;
  const abs = BigInt(Math.abs(amountMinor)).toString().padStart(digits + 1, '0');
  const whole = digits === 0 ? abs : abs.slice(0, -digits);
  const frac = digits === 0 ? '' : `.${abs.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${frac}`;
}
