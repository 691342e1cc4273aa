import type { MeteredUsage, PriceSheet } from '../../../src/domain/billing/billing.types';
import { costOf, maxCostOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { ZERO_PRICES } from '../../../src/domain/catalogue/model-prices';

// The price kinds of rerank (per search unit) and realtime voice (audio tokens apart from text).

const usage = (u: Partial<MeteredUsage>): MeteredUsage => ({ promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0, ...u });

// gpt-realtime's list prices in units ($1 = 500,000): text $4 / $16, audio $32 / $64, cached $0.40 per 1M.
const REALTIME: PriceSheet = {
  ...ZERO_PRICES, inputPrice: 2_000_000n, outputPrice: 8_000_000n, cacheReadPrice: 200_000n, audioInputPrice: 16_000_000n, audioOutputPrice: 32_000_000n,
};

it('prices audio tokens at their own rates, as parts of the prompt and completion counts', () => {
  // 1,000 prompt tokens: 200 cached, 600 uncached audio, 200 uncached text; 500 out: 400 audio, 100 text.
  const cost = costOf(REALTIME, usage({ promptTokens: 1_000, cacheReadTokens: 200, audioPromptTokens: 600, completionTokens: 500, audioCompletionTokens: 400 }), UNIT_MULTIPLIER);
  const micros = 200n * 2_000_000n + 600n * 16_000_000n + 200n * 200_000n + 100n * 8_000_000n + 400n * 32_000_000n;
  expect(cost).toBe((micros + 999_999n) / 1_000_000n);
});

it('prices audio as text when a model has no audio prices, and keeps audio within the counts', () => {
  const text: PriceSheet = { ...REALTIME, audioInputPrice: null, audioOutputPrice: null };
  expect(costOf(text, usage({ promptTokens: 100, audioPromptTokens: 100, completionTokens: 10, audioCompletionTokens: 10 }), UNIT_MULTIPLIER))
    .toBe(costOf(text, usage({ promptTokens: 100, completionTokens: 10 }), UNIT_MULTIPLIER));
  // More audio than tokens reported: never priced beyond the counts.
  expect(costOf(REALTIME, usage({ promptTokens: 10, audioPromptTokens: 1_000 }), UNIT_MULTIPLIER)).toBe(160n);
});

it('holds output at the dearer of the text and audio rates', () => {
  expect(maxCostOf(REALTIME, { promptTokens: 0, maxCompletionTokens: 4_096, audioMs: 0 }, UNIT_MULTIPLIER)).toBe(4_096n * 32n);
  expect(maxCostOf(REALTIME, { promptTokens: 1_000, maxCompletionTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER)).toBe(16_000n);
});

it('prices search units per unit, beside tokens, times the group multiplier', () => {
  const rerank: PriceSheet = { ...ZERO_PRICES, searchUnitPrice: 1_000n, inputPrice: 10_000n };
  expect(costOf(rerank, usage({ searchUnits: 3 }), UNIT_MULTIPLIER)).toBe(3_000n);
  expect(costOf(rerank, usage({ searchUnits: 1, promptTokens: 150 }), { num: 3n, den: 2n })).toBe(1_503n); // (1,000 + ceil(1.5)) x 1.5
  expect(maxCostOf(rerank, { promptTokens: 0, maxCompletionTokens: 0, audioMs: 0, searchUnits: 5 }, UNIT_MULTIPLIER)).toBe(5_000n);
  expect(costOf(ZERO_PRICES, usage({ searchUnits: 10 }), UNIT_MULTIPLIER)).toBe(0n);
});
