import type { PriceSheet } from '../billing/billing.types';

/** What a price is per; a client shows a label for each and the raw name for one it does not know yet. */
export type PriceUnit = 'MILLION_TOKENS' | 'REQUEST' | 'AUDIO_MINUTE';

/**
 * One line of a price list: which price (`kind`, e.g. INPUT, CACHE_READ, LONG_CONTEXT_INPUT), its
 * unit and amount in quota units. A pricing page lists these rows rather than knowing every price
 * field, so a price kind added later (images, characters, ...) appears once it is added here.
 */
export interface PriceRow {
  kind: string;
  unit: PriceUnit;
  price: bigint;
}

/**
 * The non-zero prices of a sheet as rows, in a stable order. A cache price left null is priced as
 * ordinary input and gets no row of its own; a zero price is free and left out, except that a
 * model with no price at all shows its zero input and output (free, not missing).
 */
export function priceRowsOf(sheet: PriceSheet): PriceRow[] {
  const candidates: Array<[string, PriceUnit, bigint | null]> = [
    ['INPUT', 'MILLION_TOKENS', sheet.inputPrice],
    ['OUTPUT', 'MILLION_TOKENS', sheet.outputPrice],
    ['CACHE_READ', 'MILLION_TOKENS', sheet.cacheReadPrice],
    ['CACHE_WRITE', 'MILLION_TOKENS', sheet.cacheWritePrice],
    ['CACHE_WRITE_1H', 'MILLION_TOKENS', sheet.cacheWrite1hPrice],
    ['LONG_CONTEXT_INPUT', 'MILLION_TOKENS', sheet.longContext?.inputPrice ?? null],
    ['LONG_CONTEXT_OUTPUT', 'MILLION_TOKENS', sheet.longContext?.outputPrice ?? null],
    ['REQUEST', 'REQUEST', sheet.requestPrice],
    ['AUDIO_MINUTE', 'AUDIO_MINUTE', sheet.audioMinutePrice],
  ];
  const rows = candidates
    .filter((c): c is [string, PriceUnit, bigint] => c[2] !== null && c[2] > 0n)
    .map(([kind, unit, price]) => ({ kind, unit, price }));
  if (rows.length > 0) return rows;
  return [{ kind: 'INPUT', unit: 'MILLION_TOKENS', price: 0n }, { kind: 'OUTPUT', unit: 'MILLION_TOKENS', price: 0n }];
}
