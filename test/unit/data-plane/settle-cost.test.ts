import type { MeteredUsage, PriceSheet } from '../../../src/domain/billing/billing.types';
import { costOf, parseMultiplier, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { CATALOGUE_COST_BASIS } from '../../../src/domain/routing/cost-basis';
import { settleCostOf } from '../../../src/gateway/pipeline/settle-cost';

const prices: PriceSheet = {
  inputPrice: 1_000_000n, outputPrice: 2_000_000n, cacheReadPrice: 100_000n, cacheWritePrice: 1_250_000n, cacheWrite1hPrice: 2_000_000n,
  requestPrice: 0n, audioMinutePrice: 0n, longContext: null,
};
const model = { modelId: 'm', prices, contextLength: 10_000 };

function usage(partial: Partial<MeteredUsage>): MeteredUsage {
  return { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0, ...partial };
}

describe('settleCostOf', () => {
  it('charges prompt tokens as reported, however far above the estimate, and the completion within its cap', () => {
    const priced = settleCostOf(model, usage({ promptTokens: 9_000, completionTokens: 100 }), { completionCap: 100 }, UNIT_MULTIPLIER, null);
    expect(priced).toEqual({ billed: usage({ promptTokens: 9_000, completionTokens: 100 }), cost: 9_000n + 200n, completionOverCap: 0, audioOverCap: 0, upstreamCost: 0n });
  });

  it('charges no more prompt tokens than the model reads, its cached ones kept within them', () => {
    const reported = usage({ promptTokens: 50_000, cacheReadTokens: 6_000, cacheWriteTokens: 8_000, cacheWrite1hTokens: 8_000 });
    const priced = settleCostOf(model, reported, { completionCap: 100 }, UNIT_MULTIPLIER, null);
    expect(priced.billed).toEqual(usage({ promptTokens: 10_000, cacheReadTokens: 6_000, cacheWriteTokens: 4_000, cacheWrite1hTokens: 4_000 }));
    expect(priced.cost).toBe(600n + 8_000n);
  });

  it('caps the completion at the held allowance and says by how much the report was above it', () => {
    const priced = settleCostOf(model, usage({ promptTokens: 10, completionTokens: 100_000 }), { completionCap: 64 }, UNIT_MULTIPLIER, null);
    expect(priced.billed.completionTokens).toBe(64);
    expect(priced.completionOverCap).toBe(100_000 - 64);
    expect(priced.cost).toBe(costOf(prices, usage({ promptTokens: 10, completionTokens: 64 }), UNIT_MULTIPLIER));
  });

  it('leaves the completion uncapped when no allowance was held, and the prompt uncapped for a model without a context length', () => {
    const priced = settleCostOf({ modelId: 'm', prices, contextLength: 0 }, usage({ promptTokens: 20_000, completionTokens: 5_000, audioMs: 60_000 }), { completionCap: null }, UNIT_MULTIPLIER, null);
    expect(priced.billed).toEqual(usage({ promptTokens: 20_000, completionTokens: 5_000, audioMs: 60_000 }));
    expect(priced.completionOverCap).toBe(0);
  });

  it('prices at the long-context tier only when the prompt it charges is above the threshold', () => {
    const tiered = {
      modelId: 'm',
      contextLength: 300_000,
      prices: { ...prices, longContext: { threshold: 200_000, inputPrice: 2_000_000n, outputPrice: 3_000_000n, cacheReadPrice: null, cacheWritePrice: null, cacheWrite1hPrice: null } },
    };
    expect(settleCostOf(tiered, usage({ promptTokens: 250_000 }), { completionCap: 0 }, UNIT_MULTIPLIER, null).cost).toBe(500_000n);
    // A report beyond the context length is charged as the context length, at the tier that length falls in.
    expect(settleCostOf(tiered, usage({ promptTokens: 900_000 }), { completionCap: 0 }, UNIT_MULTIPLIER, null).cost).toBe(600_000n);
    expect(settleCostOf(tiered, usage({ promptTokens: 200_000 }), { completionCap: 0 }, UNIT_MULTIPLIER, null).cost).toBe(200_000n);
  });

  it('caps audio at the bound of the measured file and says by how much the report was above it', () => {
    const priced = settleCostOf(model, usage({ audioMs: 600_000 }), { completionCap: null, audioMsCap: 11_000 }, UNIT_MULTIPLIER, null);
    expect(priced.billed.audioMs).toBe(11_000);
    expect(priced.audioOverCap).toBe(589_000);
    expect(settleCostOf(model, usage({ audioMs: 10_000 }), { completionCap: null, audioMsCap: 11_000 }, UNIT_MULTIPLIER, null).audioOverCap).toBe(0);
  });

  describe('upstream cost', () => {
    const reported = usage({ promptTokens: 30_000, completionTokens: 1_000, cacheReadTokens: 10_000 });

    it('is the report priced at the catalogue price x the channel multiplier, without the caller\'s limits', () => {
      const channel = { cost: { multiplier: parseMultiplier('0.3'), priceLists: new Map() } };
      const priced = settleCostOf(model, reported, { completionCap: 100 }, parseMultiplier('1.5'), channel);
      // 20,000 uncached x 1,000,000 + 10,000 read x 100,000 + 1,000 out x 2,000,000 = 23,000 units at list, x 0.3.
      expect(priced.upstreamCost).toBe(6_900n);
      // The caller is charged the context length and the held cap at the group's 1.5.
      expect(priced.cost).toBe(costOf(prices, usage({ promptTokens: 10_000, cacheReadTokens: 10_000, completionTokens: 100 }), parseMultiplier('1.5')));
    });

    it('is priced by the channel\'s own list version in effect, else the catalogue price', () => {
      const own: PriceSheet = { ...prices, inputPrice: 500_000n, cacheReadPrice: 50_000n, outputPrice: 800_000n };
      const channel = { cost: { multiplier: parseMultiplier('2'), priceLists: new Map([['m', [{ effectiveAt: Date.now() - 1_000, prices: own }, { effectiveAt: Date.now() + 60_000, prices }]]]) } };
      expect(settleCostOf(model, reported, { completionCap: null }, UNIT_MULTIPLIER, channel).upstreamCost).toBe(10_000n + 500n + 800n);
      expect(settleCostOf({ ...model, modelId: 'other' }, reported, { completionCap: null }, UNIT_MULTIPLIER, channel).upstreamCost).toBe(46_000n);
      expect(settleCostOf(model, reported, { completionCap: null }, UNIT_MULTIPLIER, { cost: CATALOGUE_COST_BASIS }).upstreamCost).toBe(23_000n);
      expect(settleCostOf(model, reported, { completionCap: null }, UNIT_MULTIPLIER, null).upstreamCost).toBe(0n);
    });
  });

  describe('server-tool uses', () => {
    const withTools = { ...model, serverToolUsePrice: 3_333n };

    it('are charged as reported, times the group multiplier rounded up, beside the tokens', () => {
      const priced = settleCostOf(withTools, usage({ promptTokens: 1_000, completionTokens: 10, serverToolUses: 3 }), { completionCap: 100 }, parseMultiplier('1.5'), null);
      expect(priced.billed.serverToolUses).toBe(3);
      // Tokens: ceil(1.5 x 1,020) = 1,530; uses: ceil(1.5 x 9,999) = 14,999.
      expect(priced.cost).toBe(1_530n + 14_999n);
    });

    it('are in the upstream cost at the channel\'s factor, or at the catalogue price with a price list of its own', () => {
      const reported = usage({ promptTokens: 1_000, serverToolUses: 2 });
      const factor = { multiplier: parseMultiplier('0.5'), priceLists: new Map() };
      expect(settleCostOf(withTools, reported, { completionCap: null }, UNIT_MULTIPLIER, { cost: factor }).upstreamCost).toBe(500n + 3_333n);
      const list = { multiplier: UNIT_MULTIPLIER, priceLists: new Map([['m', [{ effectiveAt: 0, prices: { ...prices, inputPrice: 500_000n } }]]]) };
      expect(settleCostOf(withTools, reported, { completionCap: null }, UNIT_MULTIPLIER, { cost: list }).upstreamCost).toBe(500n + 6_666n);
    });

    it('cost nothing on a model without a per-use price, and are still counted', () => {
      const priced = settleCostOf(model, usage({ promptTokens: 1_000, serverToolUses: 4 }), { completionCap: null }, UNIT_MULTIPLIER, null);
      expect(priced).toMatchObject({ cost: 1_000n, billed: { serverToolUses: 4 } });
    });
  });
});
