import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Channel } from './channel.entity';
import type { StoredImagePriceRow } from './model-price.entity';

/**
 * One version of a channel's own price for one catalogue model: what the upstream charges the
 * operator, in the catalogue's units and price kinds, in effect from `effectiveAt` until the next
 * version's. A channel's cost basis for a model with a version here is this list, not its
 * multiplier of the catalogue price. Versions are only added, so past upstream costs can be read back.
 */
export const ChannelPrice = defineEntity({
  name: 'ChannelPrice',
  tableName: 'channel_prices',
  indexes: [{ properties: ['channel', 'modelId', 'effectiveAt'] }],
  checks: [{
    name: 'channel_prices_long_context_check',
    expression: 'long_context_threshold is null or (long_context_threshold > 0 and long_input_price is not null and long_output_price is not null)',
  }],
  properties: {
    id: p.integer().primary(),
    channel: () => p.manyToOne(Channel),
    /** The catalogue identifier (channels list the models they serve by identifier). */
    modelId: p.string().length(128),
    effectiveAt: p.datetime(),
    inputPrice: p.bigint().default(0),
    outputPrice: p.bigint().default(0),
    cacheReadPrice: p.bigint().nullable(),
    cacheWritePrice: p.bigint().nullable(),
    cacheWrite1hPrice: p.bigint().nullable().fieldName('cache_write_1h_price'),
    requestPrice: p.bigint().default(0),
    audioMinutePrice: p.bigint().default(0),
    longContextThreshold: p.integer().nullable(),
    longInputPrice: p.bigint().nullable(),
    longOutputPrice: p.bigint().nullable(),
    longCacheReadPrice: p.bigint().nullable(),
    longCacheWritePrice: p.bigint().nullable(),
    longCacheWrite1hPrice: p.bigint().nullable().fieldName('long_cache_write_1h_price'),
    // The other price kinds, as on the catalogue's versions (model-price.entity.ts).
    searchUnitPrice: p.bigint().default(0),
    audioInputPrice: p.bigint().nullable(),
    audioOutputPrice: p.bigint().nullable(),
    imagePrices: p.json<StoredImagePriceRow[]>().default('[]'),
    imageInputPrice: p.bigint().default(0),
    characterPrice: p.bigint().default(0),
    memo: p.text().default(''),
    createdBy: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IChannelPrice = InferEntity<typeof ChannelPrice>;
