import type { MeteredUsage, PriceSheet } from '../../../src/domain/billing/billing.types';
import { costOf, InvalidMultiplierError, maxCostOf, parseMultiplier, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';

const prices: PriceSheet = {
  inputPrice: 150_000n,
  outputPrice: 600_000n,
  cacheReadPrice: null,
  cacheWritePrice: null,
  cacheWrite1hPrice: null,
  requestPrice: 0n,
  audioMinutePrice: 0n,
  longContext: null,
};

function usage(partial: Partial<MeteredUsage>): MeteredUsage {
  return { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0, ...partial };
}

describe('parseMultiplier', () => {
  it.each([
    ['1', 1n, 1n],
    ['1.5', 3n, 2n],
    ['0.8000', 4n, 5n],
    ['1.0000', 1n, 1n],
    ['2.25', 9n, 4n],
    ['0', 0n, 1n],
    ['0.0001', 1n, 10000n],
    ['123456.7890', 1234567890n, 10000n],
  ])('%s -> %d/%d', (text, num, den) => {
    const m = parseMultiplier(text);
    // Reduced, so 1.2345/1 and 12345/10000 compare equal.
    expect(m).toEqual({ num: num / gcd(num, den), den: den / gcd(num, den) });
  });

  it.each(['', '-1', '1e3', 'abc', '1.', '.5', '1,5', 'NaN'])('refuses %j', (text) => {
    expect(() => parseMultiplier(text)).toThrow(InvalidMultiplierError);
  });
});

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

describe('costOf', () => {
  it('prices prompt and completion per million tokens', () => {
    // (1000 * 150000 + 500 * 600000) / 1e6 = 450 exactly
    expect(costOf(prices, usage({ promptTokens: 1000, completionTokens: 500 }), UNIT_MULTIPLIER)).toBe(450n);
  });

  it('applies the group multiplier exactly and rounds up', () => {
    const u = usage({ promptTokens: 1000, completionTokens: 500 });
    expect(costOf(prices, u, parseMultiplier('1.5'))).toBe(675n);
    expect(costOf(prices, u, parseMultiplier('0.8000'))).toBe(360n);
    expect(costOf(prices, u, parseMultiplier('0.3333'))).toBe(150n); // 450 * 0.3333 = 149.985 -> 150
    expect(costOf(prices, u, parseMultiplier('0'))).toBe(0n);
  });

  it('never rounds a tiny request down to free', () => {
    // 1 * 150000 / 1e6 = 0.15 -> 1; times 1.5 = 1.5 -> 2
    expect(costOf(prices, usage({ promptTokens: 1 }), UNIT_MULTIPLIER)).toBe(1n);
    expect(costOf(prices, usage({ promptTokens: 1 }), parseMultiplier('1.5'))).toBe(2n);
    expect(costOf(prices, usage({}), UNIT_MULTIPLIER)).toBe(0n);
  });

  it('prices cache reads and writes at their own rate, falling back to the input price', () => {
    const withCache: PriceSheet = { ...prices, cacheReadPrice: 75_000n };
    // uncached 300 * 150000 + read 600 * 75000 + write 100 * 150000 = 105_000_000 -> 105
    expect(costOf(withCache, usage({ promptTokens: 1000, cacheReadTokens: 600, cacheWriteTokens: 100 }), UNIT_MULTIPLIER)).toBe(105n);
    const withWrite: PriceSheet = { ...withCache, cacheWritePrice: 187_500n };
    // 45_000_000 + 45_000_000 + 18_750_000 = 108_750_000 -> 108.75 -> 109
    expect(costOf(withWrite, usage({ promptTokens: 1000, cacheReadTokens: 600, cacheWriteTokens: 100 }), UNIT_MULTIPLIER)).toBe(109n);
  });

  it('does not price a negative remainder when an upstream reports more cached than prompt tokens', () => {
    const withCache: PriceSheet = { ...prices, cacheReadPrice: 50_000n };
    // uncached 0; 20 * 50000 = 1_000_000 -> 1
    expect(costOf(withCache, usage({ promptTokens: 10, cacheReadTokens: 20 }), UNIT_MULTIPLIER)).toBe(1n);
  });

  it('adds the per-request price and audio by the minute, rounded up, before the multiplier', () => {
    const speech: PriceSheet = { ...prices, inputPrice: 0n, outputPrice: 0n, requestPrice: 7n, audioMinutePrice: 6_000n };
    expect(costOf(speech, usage({ audioMs: 90_000 }), UNIT_MULTIPLIER)).toBe(9_007n); // 1.5 min * 6000 + 7
    expect(costOf(speech, usage({ audioMs: 1 }), UNIT_MULTIPLIER)).toBe(8n); // ceil(0.1) + 7
    expect(costOf(speech, usage({ audioMs: 90_000 }), parseMultiplier('1.5'))).toBe(13_511n); // 9007 * 1.5 = 13510.5
  });

  it('treats junk counts from an upstream as zero', () => {
    expect(costOf(prices, usage({ promptTokens: -5, completionTokens: Number.NaN, audioMs: Number.POSITIVE_INFINITY }), UNIT_MULTIPLIER)).toBe(0n);
    expect(costOf(prices, usage({ promptTokens: 1000.9 }), UNIT_MULTIPLIER)).toBe(150n);
  });

  it('stays exact beyond 2^53', () => {
    const dear: PriceSheet = { ...prices, inputPrice: 9_007_199_254_740_993n, outputPrice: 0n };
    expect(costOf(dear, usage({ promptTokens: 1_000_000 }), UNIT_MULTIPLIER)).toBe(9_007_199_254_740_993n);
    expect(costOf(dear, usage({ promptTokens: 3_000_000 }), parseMultiplier('1.5'))).toBe(40_532_396_646_334_469n); // 27_021_597_764_222_979 * 1.5 = ..._468.5 -> up
  });
});

describe('maxCostOf', () => {
  it('bounds the prompt at the dearest input rate and the completion at its allowance', () => {
    const sheet: PriceSheet = { ...prices, cacheReadPrice: 75_000n, cacheWritePrice: 187_500n };
    // 1000 * 187500 + 4096 * 600000 = 2_645_100_000 -> 2645.1 -> 2646
    expect(maxCostOf(sheet, { promptTokens: 1000, maxCompletionTokens: 4096, audioMs: 0 }, UNIT_MULTIPLIER)).toBe(2_646n);
    expect(maxCostOf(prices, { promptTokens: 1000, maxCompletionTokens: 4096, audioMs: 0 }, parseMultiplier('2'))).toBe(5_216n); // (150 + 2457.6 -> 2608) * 2
  });

  it('is never below the cost of any usage within the bound', () => {
    const sheet: PriceSheet = { ...prices, cacheReadPrice: 10_000n, cacheWritePrice: 300_000n, requestPrice: 3n, audioMinutePrice: 100n };
    const m = parseMultiplier('1.2500');
    const bound = maxCostOf(sheet, { promptTokens: 777, maxCompletionTokens: 333, audioMs: 12_345 }, m);
    for (const [read, write, completion] of [[0, 0, 333], [777, 0, 333], [0, 777, 333], [300, 477, 1], [0, 0, 0]] as const) {
      const c = costOf(sheet, usage({ promptTokens: 777, cacheReadTokens: read, cacheWriteTokens: write, completionTokens: completion, audioMs: 12_345 }), m);
      expect(c).toBeLessThanOrEqual(bound);
    }
  });
});

describe('cache writes by duration', () => {
  // Anthropic's list prices for Sonnet at 500,000 units per USD: $3 input, 1.25x for a 5-minute write, 2x for a 1-hour one.
  const sonnet: PriceSheet = {
    ...prices, inputPrice: 1_500_000n, outputPrice: 7_500_000n, cacheReadPrice: 150_000n, cacheWritePrice: 1_875_000n, cacheWrite1hPrice: 3_000_000n,
  };

  it('prices 5-minute and 1-hour writes at their own rates, the rest of the prompt as input', () => {
    // 1,000 uncached + 2,000 read + 3,000 5-minute writes + 4,000 1-hour writes, 500 output
    const u = usage({ promptTokens: 10_000, cacheReadTokens: 2_000, cacheWriteTokens: 7_000, cacheWrite1hTokens: 4_000, completionTokens: 500 });
    const micros = 1_000n * 1_500_000n + 2_000n * 150_000n + 3_000n * 1_875_000n + 4_000n * 3_000_000n + 500n * 7_500_000n;
    expect(costOf(sonnet, u, UNIT_MULTIPLIER)).toBe((micros + 999_999n) / 1_000_000n);
    expect(costOf(sonnet, u, UNIT_MULTIPLIER)).toBe(23_175n);
  });

  it('prices a write whose duration is not reported as a 5-minute write', () => {
    const u = usage({ promptTokens: 1_000_000, cacheWriteTokens: 1_000_000 });
    expect(costOf(sonnet, u, UNIT_MULTIPLIER)).toBe(1_875_000n);
    expect(costOf(sonnet, { ...u, cacheWrite1hTokens: 1_000_000 }, UNIT_MULTIPLIER)).toBe(3_000_000n);
  });

  it('never counts more 1-hour writes than writes', () => {
    const u = usage({ promptTokens: 1_000_000, cacheWriteTokens: 1_000_000, cacheWrite1hTokens: 5_000_000 });
    expect(costOf(sonnet, u, UNIT_MULTIPLIER)).toBe(3_000_000n);
  });

  it('prices a 1-hour write without its own price as a 5-minute write, and that without one as input', () => {
    const u = usage({ promptTokens: 1_000_000, cacheWriteTokens: 1_000_000, cacheWrite1hTokens: 1_000_000 });
    expect(costOf({ ...sonnet, cacheWrite1hPrice: null }, u, UNIT_MULTIPLIER)).toBe(1_875_000n);
    expect(costOf({ ...sonnet, cacheWrite1hPrice: null, cacheWritePrice: null }, u, UNIT_MULTIPLIER)).toBe(1_500_000n);
  });

  it('holds every prompt token at the dearest rate, a 1-hour write included', () => {
    expect(maxCostOf(sonnet, { promptTokens: 1_000_000, maxCompletionTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER)).toBe(3_000_000n);
  });
});

describe('long-context tiers', () => {
  // Gemini 2.5 Pro: $1.25 / $10 up to 200K prompt tokens, $2.50 / $15 above, cache reads $0.125 / $0.25.
  const pro: PriceSheet = {
    ...prices, inputPrice: 625_000n, outputPrice: 5_000_000n, cacheReadPrice: 62_500n,
    longContext: { threshold: 200_000, inputPrice: 1_250_000n, outputPrice: 7_500_000n, cacheReadPrice: 125_000n, cacheWritePrice: null, cacheWrite1hPrice: null },
  };

  it('prices a prompt at the threshold at the first tier', () => {
    expect(costOf(pro, usage({ promptTokens: 200_000, completionTokens: 1_000 }), UNIT_MULTIPLIER)).toBe(125_000n + 5_000n);
  });

  it('prices every token of a request whose prompt is above the threshold at the second tier, cache reads and output included', () => {
    const u = usage({ promptTokens: 200_001, cacheReadTokens: 100_000, completionTokens: 1_000 });
    const micros = 100_001n * 1_250_000n + 100_000n * 125_000n + 1_000n * 7_500_000n;
    expect(costOf(pro, u, UNIT_MULTIPLIER)).toBe((micros + 999_999n) / 1_000_000n);
  });

  it('falls back within the tier: a cache price the tier does not set costs the tier\'s input', () => {
    const u = usage({ promptTokens: 300_000, cacheWriteTokens: 100_000, cacheWrite1hTokens: 40_000 });
    expect(costOf(pro, u, UNIT_MULTIPLIER)).toBe(375_000n);
  });

  it('applies the group multiplier to the tier\'s price', () => {
    expect(costOf(pro, usage({ promptTokens: 400_000 }), { num: 3n, den: 2n })).toBe(750_000n);
  });

  it('holds at the dearer tier when the prompt held for is above the threshold, at the first otherwise', () => {
    const below = maxCostOf(pro, { promptTokens: 200_000, maxCompletionTokens: 10_000, audioMs: 0 }, UNIT_MULTIPLIER);
    expect(below).toBe(125_000n + 50_000n);
    const above = maxCostOf(pro, { promptTokens: 400_000, maxCompletionTokens: 10_000, audioMs: 0 }, UNIT_MULTIPLIER);
    expect(above).toBe(500_000n + 75_000n);
  });

  it('holds at the dearest rate of the second tier, its cache writes included', () => {
    const anthropic: PriceSheet = {
      ...prices, inputPrice: 1_500_000n, cacheWritePrice: 1_875_000n, cacheWrite1hPrice: 3_000_000n,
      longContext: { threshold: 200_000, inputPrice: 3_000_000n, outputPrice: 11_250_000n, cacheReadPrice: 300_000n, cacheWritePrice: 3_750_000n, cacheWrite1hPrice: 6_000_000n },
    };
    expect(maxCostOf(anthropic, { promptTokens: 1_000_000, maxCompletionTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER)).toBe(6_000_000n);
  });
});
