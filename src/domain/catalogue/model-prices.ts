import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogueModel, ModelPrice, Vendor, type ICatalogueModel, type IModelPrice, type PriceChangeKind, type StoredImagePriceRow } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { ImagePriceRow, LongContextTier, MediaPrices, PriceMultiplier, PriceSheet, TokenRates } from '../billing/billing.types';
import { applyMultiplier, parseMultiplier } from '../billing/pricing';
import { invalid, notFound, ok, toEntityId, type CommonFailure, type Outcome } from '../domain-result';

/**
 * Prices are versions (`model_prices`) with an effective time: the version in effect at a
 * request's admission prices it, and a change only ever adds a version, so what past requests
 * were charged (usage and ledger rows hold the amount) never moves.
 */
export interface PriceDeps {
  em: EntityManager;
  changeBus: ChangeBus;
  /** The admin recording the change, kept on the version. */
  actorId?: number | null;
}

/**
 * Absent or null keeps a price; for the cache prices `null` clears (cached tokens then cost
 * ordinary input, a 1-hour write a 5-minute one). `longContext` replaces the whole tier; null removes it.
 */
export interface PricePatch {
  inputPrice?: bigint | null;
  outputPrice?: bigint | null;
  cacheReadPrice?: bigint | null;
  cacheWritePrice?: bigint | null;
  cacheWrite1hPrice?: bigint | null;
  requestPrice?: bigint | null;
  audioMinutePrice?: bigint | null;
  longContext?: LongContextPatch | null;
  // Rerank and realtime voice; the audio prices, like the cache prices, clear with null (then text prices apply).
  searchUnitPrice?: bigint | null;
  audioInputPrice?: bigint | null;
  audioOutputPrice?: bigint | null;
  // Media products (images, speech synthesis): absent or null keeps; `imagePrices` replaces the whole table ([] clears it).
  imagePrices?: ImagePriceRow[] | null;
  imageInputPrice?: bigint | null;
  characterPrice?: bigint | null;
}

/** A long-context tier as an admin sends it: cache prices left out are unset (they fall back as the first tier's do). */
export interface LongContextPatch {
  threshold: number;
  inputPrice: bigint;
  outputPrice: bigint;
  cacheReadPrice?: bigint | null;
  cacheWritePrice?: bigint | null;
  cacheWrite1hPrice?: bigint | null;
}

function tierOf(patch: LongContextPatch): LongContextTier {
  return {
    threshold: patch.threshold, inputPrice: patch.inputPrice, outputPrice: patch.outputPrice,
    cacheReadPrice: patch.cacheReadPrice ?? null, cacheWritePrice: patch.cacheWritePrice ?? null, cacheWrite1hPrice: patch.cacheWrite1hPrice ?? null,
  };
}

/** The price columns a version row has (model_prices, channel_prices). */
export type PriceColumns = Pick<
  IModelPrice,
  | 'inputPrice' | 'outputPrice' | 'cacheReadPrice' | 'cacheWritePrice' | 'cacheWrite1hPrice' | 'requestPrice' | 'audioMinutePrice'
  | 'longContextThreshold' | 'longInputPrice' | 'longOutputPrice' | 'longCacheReadPrice' | 'longCacheWritePrice' | 'longCacheWrite1hPrice'
> & Partial<Pick<IModelPrice, 'searchUnitPrice' | 'audioInputPrice' | 'audioOutputPrice' | 'imagePrices' | 'imageInputPrice' | 'characterPrice'>>;

export interface PriceChange {
  /** Default: now. Earlier than now is refused: the past keeps its prices. */
  effectiveAt?: Date | null;
  memo?: string | null;
}

export const ZERO_PRICES: PriceSheet = Object.freeze({
  inputPrice: 0n, outputPrice: 0n, cacheReadPrice: null, cacheWritePrice: null, cacheWrite1hPrice: null, requestPrice: 0n, audioMinutePrice: 0n, longContext: null,
});

const MAX_PRICE = 2n ** 62n;
const PRICE_FIELDS = [
  'inputPrice', 'outputPrice', 'cacheReadPrice', 'cacheWritePrice', 'cacheWrite1hPrice', 'requestPrice', 'audioMinutePrice',
  'searchUnitPrice', 'audioInputPrice', 'audioOutputPrice',
] as const;
const TIER_PRICES = ['inputPrice', 'outputPrice', 'cacheReadPrice', 'cacheWritePrice', 'cacheWrite1hPrice'] as const;
/** No model reads more than this many tokens; a threshold above it is a typo. */
const MAX_THRESHOLD = 100_000_000;
/** A request from a client whose clock is a little behind still means "now". */
const PAST_TOLERANCE_MS = 60_000;
/** A vendor-wide factor is a discount or a modest markup, never a typo's 100x. */
const MAX_FACTOR: PriceMultiplier = { num: 10n, den: 1n };

export function hasPriceFields(patch: PricePatch): boolean {
  return PRICE_FIELDS.some((field) => patch[field] !== undefined) || patch.longContext !== undefined || MEDIA_FIELDS.some((field) => patch[field] != null);
}

// ---- Media products: images and speech synthesis ----

const MEDIA_FIELDS = ['imagePrices', 'imageInputPrice', 'characterPrice'] as const;
const NO_MEDIA: MediaPrices = Object.freeze({ imagePrices: [], imageInputPrice: 0n, characterPrice: 0n });
/** A table per model is a handful of sizes times qualities; more is a mistake. */
const MAX_IMAGE_ROWS = 64;
const IMAGE_WORD = /^(\*|[A-Za-z0-9_-]{1,32})$/;

/** A sheet's media prices, zero when it has none. */
export function mediaPricesOf(prices: PriceSheet): MediaPrices {
  return prices.media ?? NO_MEDIA;
}

function checkMediaPatch(patch: PricePatch): CommonFailure | null {
  for (const field of ['imageInputPrice', 'characterPrice'] as const) {
    if (badPrice(patch[field])) return invalid(field, 'Prices are whole quota units, 0 or more.');
  }
  const rows = patch.imagePrices;
  if (!rows) return null;
  if (rows.length > MAX_IMAGE_ROWS) return invalid('imagePrices', `At most ${MAX_IMAGE_ROWS} sizes and qualities.`);
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    if (!IMAGE_WORD.test(row.size)) return invalid(`imagePrices.${i}.size`, 'A size such as 1024x1024, or * for any.');
    if (!IMAGE_WORD.test(row.quality)) return invalid(`imagePrices.${i}.quality`, 'A quality such as standard, hd, low, or * for any.');
    if (badPrice(row.price)) return invalid(`imagePrices.${i}.price`, 'Prices are whole quota units, 0 or more.');
    if (!Number.isInteger(row.outputTokens) || row.outputTokens < 0 || row.outputTokens > 1_000_000) {
      return invalid(`imagePrices.${i}.outputTokens`, 'A whole number of image output tokens from 0 to 1000000.');
    }
    const key = `${row.size}|${row.quality}`;
    if (seen.has(key)) return invalid(`imagePrices.${i}`, `${row.size} ${row.quality} is listed twice.`);
    seen.add(key);
  }
  return null;
}

function applyMediaPatch(base: PriceSheet, patch: PricePatch): MediaPrices | undefined {
  const media = mediaPricesOf(base);
  const next: MediaPrices = {
    imagePrices: patch.imagePrices ?? media.imagePrices,
    imageInputPrice: patch.imageInputPrice ?? media.imageInputPrice,
    characterPrice: patch.characterPrice ?? media.characterPrice,
  };
  return sameMedia(next, NO_MEDIA) ? undefined : next;
}

function sameMedia(a: MediaPrices, b: MediaPrices): boolean {
  const rows = (m: MediaPrices) => m.imagePrices.map((r) => `${r.size}|${r.quality}|${r.price}|${r.outputTokens}`).join(',');
  return a.imageInputPrice === b.imageInputPrice && a.characterPrice === b.characterPrice && rows(a) === rows(b);
}

function scaleMedia(media: MediaPrices | undefined, scale: (price: bigint) => bigint): MediaPrices | undefined {
  if (!media) return undefined;
  return {
    imagePrices: media.imagePrices.map((row) => ({ ...row, price: scale(row.price) })),
    imageInputPrice: scale(media.imageInputPrice),
    characterPrice: scale(media.characterPrice),
  };
}

/** The media columns of a price version (image table prices are strings in jsonb: they are bigints); undefined when all are zero. */
export function mediaPricesFromColumns(columns: { imagePrices: readonly StoredImagePriceRow[] | null; imageInputPrice: bigint; characterPrice: bigint }): MediaPrices | undefined {
  const media: MediaPrices = {
    imagePrices: (columns.imagePrices ?? []).map((r) => ({ size: r.size, quality: r.quality, price: BigInt(r.price), outputTokens: Number(r.outputTokens) })),
    imageInputPrice: columns.imageInputPrice,
    characterPrice: columns.characterPrice,
  };
  return sameMedia(media, NO_MEDIA) ? undefined : media;
}

function mediaOfVersion(version: PriceColumns): MediaPrices | undefined {
  return mediaPricesFromColumns({ imagePrices: version.imagePrices ?? [], imageInputPrice: version.imageInputPrice ?? 0n, characterPrice: version.characterPrice ?? 0n });
}

function mediaColumnsOf(media: MediaPrices | undefined) {
  const m = media ?? NO_MEDIA;
  return {
    imagePrices: m.imagePrices.map((r) => ({ size: r.size, quality: r.quality, price: r.price.toString(), outputTokens: r.outputTokens })),
    imageInputPrice: m.imageInputPrice,
    characterPrice: m.characterPrice,
  };
}

const badPrice = (price: bigint | null | undefined): boolean => price != null && (price < 0n || price > MAX_PRICE);

export function checkPricePatch(patch: PricePatch): CommonFailure | null {
  for (const field of PRICE_FIELDS) {
    if (badPrice(patch[field])) return invalid(field, 'Prices are whole quota units, 0 or more.');
  }
  const media = checkMediaPatch(patch);
  if (media) return media;
  const tier = patch.longContext;
  if (!tier) return null;
  if (!Number.isInteger(tier.threshold) || tier.threshold < 1 || tier.threshold > MAX_THRESHOLD) {
    return invalid('longContext.threshold', `A whole number of prompt tokens from 1 to ${MAX_THRESHOLD}.`);
  }
  for (const field of TIER_PRICES) {
    if (badPrice(tier[field])) return invalid(`longContext.${field}`, 'Prices are whole quota units, 0 or more.');
  }
  return null;
}

export function applyPricePatch(base: PriceSheet, patch: PricePatch): PriceSheet {
  return {
    inputPrice: patch.inputPrice ?? base.inputPrice,
    outputPrice: patch.outputPrice ?? base.outputPrice,
    cacheReadPrice: patch.cacheReadPrice === undefined ? base.cacheReadPrice : patch.cacheReadPrice,
    cacheWritePrice: patch.cacheWritePrice === undefined ? base.cacheWritePrice : patch.cacheWritePrice,
    cacheWrite1hPrice: patch.cacheWrite1hPrice === undefined ? base.cacheWrite1hPrice : patch.cacheWrite1hPrice,
    requestPrice: patch.requestPrice ?? base.requestPrice,
    audioMinutePrice: patch.audioMinutePrice ?? base.audioMinutePrice,
    longContext: patch.longContext === undefined ? base.longContext : patch.longContext && tierOf(patch.longContext),
    searchUnitPrice: patch.searchUnitPrice ?? base.searchUnitPrice ?? 0n,
    audioInputPrice: patch.audioInputPrice === undefined ? base.audioInputPrice ?? null : patch.audioInputPrice,
    audioOutputPrice: patch.audioOutputPrice === undefined ? base.audioOutputPrice ?? null : patch.audioOutputPrice,
    ...withMedia(applyMediaPatch(base, patch)),
  };
}

/** `media` only when there is some: a sheet without media prices has no `media` key at all. */
function withMedia(media: MediaPrices | undefined): { media?: MediaPrices } {
  return media ? { media } : {};
}

/** The version's long-context tier; a row without a complete one has none (the table's check keeps rows complete). */
function longContextOf(version: PriceColumns): LongContextTier | null {
  if (version.longContextThreshold == null || version.longInputPrice == null || version.longOutputPrice == null) return null;
  return {
    threshold: version.longContextThreshold, inputPrice: version.longInputPrice, outputPrice: version.longOutputPrice,
    cacheReadPrice: version.longCacheReadPrice ?? null, cacheWritePrice: version.longCacheWritePrice ?? null,
    cacheWrite1hPrice: version.longCacheWrite1hPrice ?? null,
  };
}

export function priceSheetOf(version: PriceColumns): PriceSheet {
  return {
    inputPrice: version.inputPrice, outputPrice: version.outputPrice,
    cacheReadPrice: version.cacheReadPrice ?? null, cacheWritePrice: version.cacheWritePrice ?? null,
    cacheWrite1hPrice: version.cacheWrite1hPrice ?? null,
    requestPrice: version.requestPrice, audioMinutePrice: version.audioMinutePrice,
    longContext: longContextOf(version),
    searchUnitPrice: version.searchUnitPrice ?? 0n, audioInputPrice: version.audioInputPrice ?? null, audioOutputPrice: version.audioOutputPrice ?? null,
    ...withMedia(mediaOfVersion(version)),
  };
}

function sameRates(a: TokenRates, b: TokenRates): boolean {
  return TIER_PRICES.every((field) => a[field] === b[field]);
}

/** Whether two sheets price every request alike. */
export function samePrices(a: PriceSheet, b: PriceSheet): boolean {
  const tiers = a.longContext === null || b.longContext === null
    ? a.longContext === b.longContext
    : a.longContext.threshold === b.longContext.threshold && sameRates(a.longContext, b.longContext);
  return tiers && sameRates(a, b) && a.requestPrice === b.requestPrice && a.audioMinutePrice === b.audioMinutePrice && sameMedia(mediaPricesOf(a), mediaPricesOf(b)) &&
    (a.searchUnitPrice ?? 0n) === (b.searchUnitPrice ?? 0n) &&
    (a.audioInputPrice ?? null) === (b.audioInputPrice ?? null) && (a.audioOutputPrice ?? null) === (b.audioOutputPrice ?? null);
}

/** A sheet as the columns of a price version. */
export function priceColumnsOf(prices: PriceSheet) {
  const { longContext: tier, media, ...flat } = prices;
  return {
    ...flat,
    ...mediaColumnsOf(media),
    longContextThreshold: tier?.threshold ?? null, longInputPrice: tier?.inputPrice ?? null, longOutputPrice: tier?.outputPrice ?? null,
    longCacheReadPrice: tier?.cacheReadPrice ?? null, longCacheWritePrice: tier?.cacheWritePrice ?? null, longCacheWrite1hPrice: tier?.cacheWrite1hPrice ?? null,
  };
}

function scaleRates<T extends TokenRates>(rates: T, scale: (price: bigint) => bigint): T {
  const optional = (price: bigint | null) => (price === null ? null : scale(price));
  return {
    ...rates, inputPrice: scale(rates.inputPrice), outputPrice: scale(rates.outputPrice), cacheReadPrice: optional(rates.cacheReadPrice),
    cacheWritePrice: optional(rates.cacheWritePrice), cacheWrite1hPrice: optional(rates.cacheWrite1hPrice),
  };
}

/** Every price x factor, rounded up (the long-context tier's too); a cache price that is not set stays unset. */
export function scalePrices(prices: PriceSheet, factor: PriceMultiplier): PriceSheet {
  const scale = (price: bigint) => applyMultiplier(price, factor);
  return {
    ...scaleRates(prices, scale),
    requestPrice: scale(prices.requestPrice), audioMinutePrice: scale(prices.audioMinutePrice),
    longContext: prices.longContext && scaleRates(prices.longContext, scale),
    searchUnitPrice: scale(prices.searchUnitPrice ?? 0n),
    audioInputPrice: prices.audioInputPrice == null ? null : scale(prices.audioInputPrice),
    audioOutputPrice: prices.audioOutputPrice == null ? null : scale(prices.audioOutputPrice),
    ...withMedia(scaleMedia(prices.media, scale)),
  };
}

/** The version in effect at `at` for each model (models without one are absent). */
export async function pricesInEffect(em: EntityManager, modelIds: readonly number[], at: Date): Promise<Map<number, IModelPrice>> {
  const versions = await em.find(
    ModelPrice,
    { model: { $in: [...modelIds] }, effectiveAt: { $lte: at } },
    { orderBy: { effectiveAt: 'asc', id: 'asc' } },
  );
  const current = new Map<number, IModelPrice>();
  for (const version of versions) current.set(version.model.id, version); // later versions overwrite earlier ones
  return current;
}

export function recordPrice(
  em: EntityManager, model: ICatalogueModel, prices: PriceSheet, change: { effectiveAt: Date; kind: PriceChangeKind; memo?: string | null; actorId?: number | null },
): IModelPrice {
  return em.create(ModelPrice, {
    model, effectiveAt: change.effectiveAt, ...priceColumnsOf(prices), kind: change.kind, memo: change.memo ?? '', createdBy: change.actorId ?? null,
  });
}

/** When a price change takes effect: now, or a later time; the past keeps its prices. */
export function effectiveTime(change: PriceChange, now: Date): Outcome<Date> {
  if (change.memo != null && change.memo.length > 500) return invalid('memo', 'Use at most 500 characters.');
  const at = change.effectiveAt ?? now;
  if (Number.isNaN(at.getTime())) return invalid('effectiveAt', 'Not a valid time.');
  if (at.getTime() < now.getTime() - PAST_TOLERANCE_MS) {
    return invalid('effectiveAt', 'Must be now or later: requests already made keep the price they were charged at.');
  }
  return ok(at.getTime() < now.getTime() ? now : at);
}

/** A new price version for one model, effective now or later; absent prices carry over from the version it follows. */
export async function setModelPrice(deps: PriceDeps, modelId: string, patch: PricePatch, change: PriceChange): Promise<Outcome<IModelPrice>> {
  const problem = checkPricePatch(patch);
  if (problem) return problem;
  const at = effectiveTime(change, new Date());
  if (!at.ok) return at;
  const model = await deps.em.findOne(CatalogueModel, { modelId });
  if (!model) return notFound(`Model ${modelId}`);
  const base = (await pricesInEffect(deps.em, [model.id], at.value)).get(model.id);
  const version = recordPrice(deps.em, model, applyPricePatch(base ? priceSheetOf(base) : ZERO_PRICES, patch), {
    effectiveAt: at.value, kind: 'SET', memo: change.memo, actorId: deps.actorId,
  });
  await deps.em.flush();
  await deps.changeBus.publish({ topic: 'catalogue', id: model.modelId });
  return ok(version);
}

export interface VendorDiscount {
  vendor: string;
  factor: string;
  effectiveAt: Date;
  versions: IModelPrice[];
}

function parseFactor(text: string): PriceMultiplier | null {
  if (!/^\d{1,2}(\.\d{1,4})?$/.test(text.trim())) return null;
  const factor = parseMultiplier(text);
  const tooLarge = factor.num * MAX_FACTOR.den > MAX_FACTOR.num * factor.den;
  return factor.num === 0n || tooLarge ? null : factor;
}

/**
 * Every model of a vendor at `factor` x the price it would otherwise have at `effectiveAt`, as one
 * VENDOR_DISCOUNT version per model, all or none. Versions already scheduled after `effectiveAt`
 * still take over when their time comes (a discount does not rewrite a later list price).
 */
export async function applyVendorDiscount(deps: PriceDeps, vendorSlug: string, factorText: string, change: PriceChange): Promise<Outcome<VendorDiscount>> {
  const factor = parseFactor(factorText);
  if (!factor) return invalid('factor', 'Use a decimal above 0 and at most 10 with at most 4 places, e.g. "0.8".');
  const at = effectiveTime(change, new Date());
  if (!at.ok) return at;
  const vendor = await deps.em.findOne(Vendor, { slug: vendorSlug });
  if (!vendor) return notFound(`Vendor ${vendorSlug}`);
  const versions = await deps.em.transactional(async (tx) => {
    const models = await tx.find(CatalogueModel, { vendor: vendor.id }, { orderBy: { modelId: 'asc' } });
    const current = await pricesInEffect(tx, models.map((m) => m.id), at.value);
    const created = models.map((model) => {
      const base = current.get(model.id);
      return recordPrice(tx, model, scalePrices(base ? priceSheetOf(base) : ZERO_PRICES, factor), {
        effectiveAt: at.value, kind: 'VENDOR_DISCOUNT', memo: change.memo ?? `${vendorSlug} x ${factorText.trim()}`, actorId: deps.actorId,
      });
    });
    await tx.flush();
    return created;
  });
  await deps.changeBus.publish({ topic: 'catalogue' });
  return ok({ vendor: vendor.slug, factor: factorText.trim(), effectiveAt: at.value, versions });
}

/** Every version of a model's prices, newest effective time first (scheduled ones included). */
export async function priceHistory(em: EntityManager, modelId: string): Promise<Outcome<IModelPrice[]>> {
  const model = await em.findOne(CatalogueModel, { modelId });
  if (!model) return notFound(`Model ${modelId}`);
  return ok(await em.find(ModelPrice, { model: model.id }, { orderBy: { effectiveAt: 'desc', id: 'desc' } }));
}

/** Withdraws a version that has not taken effect yet; one in effect, or past, is history and stays. */
export async function withdrawScheduledPrice(deps: PriceDeps, priceId: string | number): Promise<Outcome<IModelPrice>> {
  const id = toEntityId(priceId);
  const version = id === null ? null : await deps.em.findOne(ModelPrice, id, { populate: ['model'] });
  if (!version) return notFound('Model price');
  if (version.effectiveAt.getTime() <= Date.now()) return invalid('priceId', 'This price is already in effect or past; set a new price instead.');
  deps.em.remove(version);
  await deps.em.flush();
  await deps.changeBus.publish({ topic: 'catalogue', id: version.model.modelId });
  return ok(version);
}
