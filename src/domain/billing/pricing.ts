import type { ImagePriceRow, MediaPrices, MediaUsage, MeteredUsage, PriceMultiplier, PriceSheet, TokenRates } from './billing.types';

const PER_MILLION = 1_000_000n;
const MS_PER_MINUTE = 60_000n;

export const UNIT_MULTIPLIER: PriceMultiplier = Object.freeze({ num: 1n, den: 1n });

export class InvalidMultiplierError extends Error {
  constructor(readonly value: string) {
    super(`price multiplier must be a non-negative decimal such as 1, 1.5 or 0.8000 (got ${JSON.stringify(value)})`);
    this.name = 'InvalidMultiplierError';
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** ceil(a / b) for a >= 0, b > 0. */
function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** Token counts come from upstreams: anything that is not a non-negative number counts as 0. */
function count(n: number): bigint {
  return Number.isFinite(n) && n > 0 ? BigInt(Math.floor(n)) : 0n;
}

/**
 * Parses a numeric(10,4) column as pg returns it ("1", "1.5", "0.8000") into an exact, reduced
 * ratio, so a multiplier never goes through a float.
 */
export function parseMultiplier(value: string): PriceMultiplier {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new InvalidMultiplierError(value);
  const fraction = m[2] ?? '';
  let num = BigInt(m[1]! + fraction);
  let den = 10n ** BigInt(fraction.length);
  const g = gcd(num, den);
  if (g > 1n) {
    num /= g;
    den /= g;
  }
  return { num, den };
}

/** base x multiplier, rounded up (a price or a cost never rounds in the caller's favour to free). */
export function applyMultiplier(base: bigint, multiplier: PriceMultiplier): bigint {
  if (multiplier.den <= 0n || multiplier.num < 0n) throw new RangeError('multiplier must be num >= 0, den > 0');
  return ceilDiv(base * multiplier.num, multiplier.den);
}

/** The rates a request is priced at: the long-context tier's when its prompt is above the tier's threshold. */
export function ratesFor(prices: PriceSheet, promptTokens: number): TokenRates {
  const tier = prices.longContext;
  return tier && count(promptTokens) > BigInt(tier.threshold) ? tier : prices;
}

/**
 * DESIGN §2: ceil(token cost / 1e6) + per-request + ceil(audio cost), times the group multiplier,
 * every rounding upwards so the sum of many small requests never rounds to free.
 * Cache reads/writes are part of promptTokens but priced at their own rate when the model has one:
 * a read or a write without one costs ordinary input, a 1-hour write without one costs a
 * 5-minute write. A long-context tier prices the whole request, as the vendors do.
 */
export function costOf(prices: PriceSheet, usage: MeteredUsage, multiplier: PriceMultiplier): bigint {
  const rates = ratesFor(prices, usage.promptTokens);
  const prompt = count(usage.promptTokens);
  const cacheRead = count(usage.cacheReadTokens);
  const cacheWrite = count(usage.cacheWriteTokens);
  const cacheWrite1h = min(count(usage.cacheWrite1hTokens ?? 0), cacheWrite);
  // Upstreams occasionally report more cached than prompt tokens; never price a negative remainder.
  const uncached = prompt > cacheRead + cacheWrite ? prompt - cacheRead - cacheWrite : 0n;
  const writePrice = rates.cacheWritePrice ?? rates.inputPrice;
  const completion = count(usage.completionTokens);
  // Audio tokens are a part of the prompt and completion counts, priced at their own rates when set.
  const audioIn = min(count(usage.audioPromptTokens ?? 0), uncached);
  const audioOut = min(count(usage.audioCompletionTokens ?? 0), completion);
  const tokenMicros =
    (uncached - audioIn) * rates.inputPrice +
    audioIn * (prices.audioInputPrice ?? rates.inputPrice) +
    cacheRead * (rates.cacheReadPrice ?? rates.inputPrice) +
    (cacheWrite - cacheWrite1h) * writePrice +
    cacheWrite1h * (rates.cacheWrite1hPrice ?? writePrice) +
    (completion - audioOut) * rates.outputPrice +
    audioOut * (prices.audioOutputPrice ?? rates.outputPrice);
  const audio = ceilDiv(count(usage.audioMs) * prices.audioMinutePrice, MS_PER_MINUTE);
  const searches = count(usage.searchUnits ?? 0) * (prices.searchUnitPrice ?? 0n);
  const media = usage.media && prices.media ? mediaCost(prices.media, usage.media) : { micros: 0n, units: 0n };
  return applyMultiplier(ceilDiv(tokenMicros + media.micros, PER_MILLION) + prices.requestPrice + audio + searches + media.units, multiplier);
}

// ---- Media products: images and speech synthesis ----

/**
 * The row pricing an image of `size` and `quality`: the exact one, else one whose size or quality
 * is `*`; null when the table has none (the caller asked for a size the model does not make).
 */
export function imageRowFor(rows: readonly ImagePriceRow[], size: string, quality: string): ImagePriceRow | null {
  const fits = (row: ImagePriceRow, s: string, q: string) => (row.size === s || row.size === '*') && (row.quality === q || row.quality === '*');
  return rows.find((row) => row.size === size && row.quality === quality) ?? rows.find((row) => fits(row, size, quality)) ?? null;
}

/**
 * The dearest row among those a request may get (`size`/`quality` undefined or `auto`: any):
 * what an image is held at before the upstream says which size and quality it made.
 */
export function dearestImageRow(rows: readonly ImagePriceRow[], size?: string, quality?: string): ImagePriceRow | null {
  const open = (v: string | undefined) => v === undefined || v === 'auto';
  const candidates = rows.filter((row) => (open(size) || row.size === size || row.size === '*') && (open(quality) || row.quality === quality || row.quality === '*'));
  const dearer = (a: ImagePriceRow, b: ImagePriceRow) => (b.price > a.price || (b.price === a.price && b.outputTokens > a.outputTokens) ? b : a);
  return candidates.length ? candidates.reduce(dearer) : null;
}

/**
 * A media request's price: `micros` is per-1M work (image input tokens, characters) added to the
 * token sum before its one rounding, `units` whole quota units (images at their row's price; a
 * size the table does not know costs its dearest row, never nothing).
 */
function mediaCost(prices: MediaPrices, usage: MediaUsage): { micros: bigint; units: bigint } {
  const micros = count(usage.imageInputTokens ?? 0) * prices.imageInputPrice + count(usage.characters ?? 0) * prices.characterPrice;
  const images = count(usage.images ?? 0);
  if (images === 0n || prices.imagePrices.length === 0) return { micros, units: 0n };
  const rows = prices.imagePrices;
  const row = imageRowFor(rows, usage.imageSize ?? 'auto', usage.imageQuality ?? 'auto') ?? dearestImageRow(rows, usage.imageSize, usage.imageQuality) ?? dearestImageRow(rows);
  return { micros, units: images * (row?.price ?? 0n) };
}

/**
 * What `uses` server-tool uses cost at the model's per-use price (catalogue_models'
 * server_tool_use_price), times the group multiplier, rounded up. Priced beside the tokens, not
 * inside costOf, because the per-use price belongs to the model rather than to a price version;
 * the hold uses the same function for the uses it allows.
 */
export function serverToolCostOf(uses: number, pricePerUse: bigint, multiplier: PriceMultiplier): bigint {
  const n = count(uses);
  return n === 0n || pricePerUse === 0n ? 0n : applyMultiplier(n * pricePerUse, multiplier);
}

export interface CostBound {
  promptTokens: number;
  maxCompletionTokens: number;
  audioMs: number;
  /** Rerank: the most search units the documents can count as. */
  searchUnits?: number;
  /** What a media request may deliver at most (images at the dearest size asked, every character). */
  media?: MediaUsage;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

/** `rates` flattened into a one-tier sheet whose input and output are the dearest ways a token can be priced (audio included). */
function dearestSheet(prices: PriceSheet, rates: TokenRates): PriceSheet {
  const writePrice = rates.cacheWritePrice ?? rates.inputPrice;
  const inputs = [rates.inputPrice, rates.cacheReadPrice ?? 0n, writePrice, rates.cacheWrite1hPrice ?? writePrice, prices.audioInputPrice ?? 0n];
  const outputPrice = max(rates.outputPrice, prices.audioOutputPrice ?? 0n);
  return {
    ...prices, ...rates, inputPrice: inputs.reduce(max), outputPrice, cacheReadPrice: null, cacheWritePrice: null, cacheWrite1hPrice: null, longContext: null,
    audioInputPrice: null, audioOutputPrice: null,
  };
}

/**
 * The most a request can cost, for the reservation: every prompt token at the dearest input rate
 * (a cache write may be priced above plain input) and the full completion allowance; when the
 * prompt held for may be above a long-context threshold, at the dearer of the two tiers.
 */
export function maxCostOf(prices: PriceSheet, bound: CostBound, multiplier: PriceMultiplier): bigint {
  const usage: MeteredUsage = {
    promptTokens: bound.promptTokens, completionTokens: bound.maxCompletionTokens, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: bound.audioMs,
    searchUnits: bound.searchUnits ?? 0,
    ...(bound.media ? { media: bound.media } : {}),
  };
  const base = costOf(dearestSheet(prices, prices), usage, multiplier);
  const tier = ratesFor(prices, bound.promptTokens);
  return tier === prices ? base : max(base, costOf(dearestSheet(prices, tier), usage, multiplier));
}
