import type { PriceSheet } from '../../../src/domain/billing/billing.types';
import { priceRowsOf } from '../../../src/domain/catalogue/price-rows';

const sheet = (overrides: Partial<PriceSheet>): PriceSheet => ({
  inputPrice: 0n, outputPrice: 0n, cacheReadPrice: null, cacheWritePrice: null, cacheWrite1hPrice: null,
  requestPrice: 0n, audioMinutePrice: 0n, longContext: null, ...overrides,
});

describe('priceRowsOf', () => {
  it('lists the prices that apply, with their units, in a stable order', () => {
    expect(priceRowsOf(sheet({
      inputPrice: 1_500_000n, outputPrice: 7_500_000n, cacheReadPrice: 150_000n, cacheWrite1hPrice: 3_000_000n,
      longContext: { threshold: 200_000, inputPrice: 3_000_000n, outputPrice: 11_250_000n, cacheReadPrice: null, cacheWritePrice: null, cacheWrite1hPrice: null },
    }))).toEqual([
      { kind: 'INPUT', unit: 'MILLION_TOKENS', price: 1_500_000n },
      { kind: 'OUTPUT', unit: 'MILLION_TOKENS', price: 7_500_000n },
      { kind: 'CACHE_READ', unit: 'MILLION_TOKENS', price: 150_000n },
      { kind: 'CACHE_WRITE_1H', unit: 'MILLION_TOKENS', price: 3_000_000n },
      { kind: 'LONG_CONTEXT_INPUT', unit: 'MILLION_TOKENS', price: 3_000_000n },
      { kind: 'LONG_CONTEXT_OUTPUT', unit: 'MILLION_TOKENS', price: 11_250_000n },
    ]);
  });

  it('shows per-minute and per-request prices alone when tokens cost nothing', () => {
    expect(priceRowsOf(sheet({ audioMinutePrice: 3_000n }))).toEqual([{ kind: 'AUDIO_MINUTE', unit: 'AUDIO_MINUTE', price: 3_000n }]);
    expect(priceRowsOf(sheet({ requestPrice: 20_000n }))).toEqual([{ kind: 'REQUEST', unit: 'REQUEST', price: 20_000n }]);
  });

  it('shows a model with no price at all as free input and output rather than nothing', () => {
    expect(priceRowsOf(sheet({}))).toEqual([
      { kind: 'INPUT', unit: 'MILLION_TOKENS', price: 0n },
      { kind: 'OUTPUT', unit: 'MILLION_TOKENS', price: 0n },
    ]);
  });
});
