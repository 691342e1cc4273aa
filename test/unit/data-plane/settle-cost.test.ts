import type { MeteredUsage, PriceSheet } from '../../../src/domain/billing/billing.types';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { settleCostOf } from '../../../src/gateway/pipeline/settle-cost';

const prices: PriceSheet = {
  inputPrice: 1_000_000n, outputPrice: 2_000_000n, cacheReadPrice: 100_000n, cacheWritePrice: 1_250_000n, cacheWrite1hPrice: 2_000_000n,
  requestPrice: 0n, audioMinutePrice: 0n, longContext: null,
};
const model = { prices, contextLength: 10_000 };

function usage(partial: Partial<MeteredUsage>): MeteredUsage {
  return { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0, ...partial };
}

describe('settleCostOf', () => {
  it('charges prompt tokens as reported, however far above the estimate, and the completion within its cap', () => {
    const priced = settleCostOf(model, usage({ promptTokens: 9_000, completionTokens: 100 }), { completionCap: 100 }, UNIT_MULTIPLIER);
    expect(priced).toEqual({ billed: usage({ promptTokens: 9_000, completionTokens: 100 }), cost: 9_000n + 200n, completionOverCap: 0, audioOverCap: 0 });
  });

  it('charges no more prompt tokens than the model reads, its cached ones kept within them', () => {
    const reported = usage({ promptTokens: 50_000, cacheReadTokens: 6_000, cacheWriteTokens: 8_000, cacheWrite1hTokens: 8_000 });
    const priced = settleCostOf(model, reported, { completionCap: 100 }, UNIT_MULTIPLIER);
    expect(priced.billed).toEqual(usage({ promptTokens: 10_000, cacheReadTokens: 6_000, cacheWriteTokens: 4_000, cacheWrite1hTokens: 4_000 }));
    expect(priced.cost).toBe(600n + 8_000n);
  });

  it('caps the completion at the held allowance and says by how much the report was above it', () => {
    const priced = settleCostOf(model, usage({ promptTokens: 10, completionTokens: 100_000 }), { completionCap: 64 }, UNIT_MULTIPLIER);
    expect(priced.billed.completionTokens).toBe(64);
    expect(priced.completionOverCap).toBe(100_000 - 64);
    expect(priced.cost).toBe(costOf(prices, usage({ promptTokens: 10, completionTokens: 64 }), UNIT_MULTIPLIER));
  });

  it('leaves the completion uncapped when no allowance was held, and the prompt uncapped for a model without a context length', () => {
    const priced = settleCostOf({ prices, contextLength: 0 }, usage({ promptTokens: 20_000, completionTokens: 5_000, audioMs: 60_000 }), { completionCap: null }, UNIT_MULTIPLIER);
    expect(priced.billed).toEqual(usage({ promptTokens: 20_000, completionTokens: 5_000, audioMs: 60_000 }));
    expect(priced.completionOverCap).toBe(0);
  });

  it('prices at the long-context tier only when the prompt it charges is above the threshold', () => {
    const tiered = {
      contextLength: 300_000,
      prices: { ...prices, longContext: { threshold: 200_000, inputPrice: 2_000_000n, outputPrice: 3_000_000n, cacheReadPrice: null, cacheWritePrice: null, cacheWrite1hPrice: null } },
    };
    expect(settleCostOf(tiered, usage({ promptTokens: 250_000 }), { completionCap: 0 }, UNIT_MULTIPLIER).cost).toBe(500_000n);
    // A report beyond the context length is charged as the context length, at the tier that length falls in.
    expect(settleCostOf(tiered, usage({ promptTokens: 900_000 }), { completionCap: 0 }, UNIT_MULTIPLIER).cost).toBe(600_000n);
    expect(settleCostOf(tiered, usage({ promptTokens: 200_000 }), { completionCap: 0 }, UNIT_MULTIPLIER).cost).toBe(200_000n);
  });

  it('caps audio at the bound of the measured file and says by how much the report was above it', () => {
    const priced = settleCostOf(model, usage({ audioMs: 600_000 }), { completionCap: null, audioMsCap: 11_000 }, UNIT_MULTIPLIER);
    expect(priced.billed.audioMs).toBe(11_000);
    expect(priced.audioOverCap).toBe(589_000);
    expect(settleCostOf(model, usage({ audioMs: 10_000 }), { completionCap: null, audioMsCap: 11_000 }, UNIT_MULTIPLIER).audioOverCap).toBe(0);
  });
});
