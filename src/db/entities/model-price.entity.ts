import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CatalogueModel } from './catalogue-model.entity';
import { PRICE_CHANGE_KINDS } from './enums';

/** One row of a model's image price table as stored. */
export interface StoredImagePriceRow {
  size: string;
  quality: string;
  price: string;
  outputTokens: number;
}

/**
 * One version of a model's prices, in effect from `effectiveAt` until the next version's
 * `effectiveAt`. Versions are only ever added (a future one may be withdrawn before it starts),
 * so the price any past request was charged at can always be read back.
 * Prices are quota units: per 1M tokens, per request, per audio minute.
 */
export const ModelPrice = defineEntity({
  name: 'ModelPrice',
  tableName: 'model_prices',
  indexes: [{ properties: ['model', 'effectiveAt'] }],
  // A tier is all or nothing: with a threshold, its input and output prices are set.
  checks: [{
    name: 'model_prices_long_context_check',
    expression: 'long_context_threshold is null or (long_context_threshold > 0 and long_input_price is not null and long_output_price is not null)',
  }],
  properties: {
    id: p.integer().primary(),
    model: () => p.manyToOne(CatalogueModel),
    effectiveAt: p.datetime(),
    inputPrice: p.bigint().default(0),
    outputPrice: p.bigint().default(0),
    /** Null: cached input tokens are priced as ordinary input. */
    cacheReadPrice: p.bigint().nullable(),
    /** A 5-minute cache write, and any write whose duration the upstream does not report. */
    cacheWritePrice: p.bigint().nullable(),
    /** Null: priced as a 5-minute write. */
    cacheWrite1hPrice: p.bigint().nullable().fieldName('cache_write_1h_price'),
    requestPrice: p.bigint().default(0),
    audioMinutePrice: p.bigint().default(0),
    /**
     * A second price set for requests whose prompt is above this many tokens (null: none); its
     * input and output prices are then set, its cache prices fall back as the first set's do.
     */
    longContextThreshold: p.integer().nullable(),
    longInputPrice: p.bigint().nullable(),
    longOutputPrice: p.bigint().nullable(),
    longCacheReadPrice: p.bigint().nullable(),
    longCacheWritePrice: p.bigint().nullable(),
    longCacheWrite1hPrice: p.bigint().nullable().fieldName('long_cache_write_1h_price'),
    // Rerank and realtime voice: per search unit; per 1M audio tokens in and out (null: the text price).
    searchUnitPrice: p.bigint().default(0),
    audioInputPrice: p.bigint().nullable(),
    audioOutputPrice: p.bigint().nullable(),
    // Media products (images, speech synthesis); see MediaPrices in billing.types.ts.
    /** Per image by size and quality, and each one's most image output tokens (prices as strings: bigints in jsonb). */
    imagePrices: p.json<StoredImagePriceRow[]>().default('[]'),
    /** Per 1M image input tokens (token-priced image models). */
    imageInputPrice: p.bigint().default(0),
    /** Per 1M characters of speech input (tts-1). */
    characterPrice: p.bigint().default(0),
    kind: p.enum([...PRICE_CHANGE_KINDS]),
    memo: p.text().default(''),
    /** The admin who recorded it; null for seeds and migrations. */
    createdBy: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IModelPrice = InferEntity<typeof ModelPrice>;
