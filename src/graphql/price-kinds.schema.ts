import type { ObjectFieldBuilder } from '@pothos/core';
import type { ImagePriceRow, LongContextTier } from '../domain/billing/billing.types';
import { mediaPricesOf, priceSheetOf, type PriceColumns } from '../domain/catalogue/model-prices';
import { builder } from './builder';
import { MEDIA_PRICE_DESCRIPTIONS } from './catalogue-media-price-inputs.schema';

// Every price kind of one price version, defined once for each type that is a version: the
// catalogue's (ModelPrice) and a channel's own (ChannelPrice). Both are written through
// `priceInputFields`, so whatever kind an admin can save is read back the same way on either.

export const PRICE_DESCRIPTIONS = {
  inputPrice: 'Quota units per 1M input tokens.',
  outputPrice: 'Quota units per 1M output tokens.',
  cacheReadPrice: 'Per 1M cached input tokens; null: priced as ordinary input.',
  cacheWritePrice: 'Per 1M 5-minute cache-write tokens (and writes whose duration is not reported); null: priced as ordinary input.',
  cacheWrite1hPrice: 'Per 1M 1-hour cache-write tokens; null: priced as a 5-minute write.',
  longContext: 'A second price set for every token of a request whose prompt is above its threshold; null: none.',
  requestPrice: 'Quota units per request.',
  audioMinutePrice: 'Quota units per minute of audio.',
  searchUnitPrice: 'Rerank: quota units per search unit (one query over up to 100 documents of up to 500 tokens each).',
  audioInputPrice: 'Per 1M uncached audio input tokens (realtime voice, audio chat); null: priced as text input.',
  audioOutputPrice: 'Per 1M audio output tokens; null: priced as text output.',
} as const;

export const LongContextPricesRef = builder.objectRef<LongContextTier>('LongContextPrices').implement({
  description: 'Prices (quota units per 1M tokens) for a whole request whose prompt is above `threshold` tokens; a cache price left null falls back as in the first tier, to this tier\'s input.',
  fields: (t) => ({
    threshold: t.exposeInt('threshold', { description: 'Prompt tokens (cached ones included) above which this tier applies.' }),
    inputPrice: t.expose('inputPrice', { type: 'BigInt' }),
    outputPrice: t.expose('outputPrice', { type: 'BigInt' }),
    cacheReadPrice: t.expose('cacheReadPrice', { type: 'BigInt', nullable: true }),
    cacheWritePrice: t.expose('cacheWritePrice', { type: 'BigInt', nullable: true }),
    cacheWrite1hPrice: t.expose('cacheWrite1hPrice', { type: 'BigInt', nullable: true }),
  }),
});

export const ImagePriceRowRef = builder.objectRef<ImagePriceRow>('ImagePriceRow').implement({
  description: 'One size and quality of a model\'s images.',
  fields: (t) => ({
    size: t.exposeString('size'),
    quality: t.exposeString('quality'),
    price: t.expose('price', { type: 'BigInt', description: 'Quota units per image.' }),
    outputTokens: t.exposeInt('outputTokens', { description: 'The most image output tokens one such image is billed.' }),
  }),
});

type PriceVersionFieldBuilder = ObjectFieldBuilder<typeof builder.$inferSchemaTypes, PriceColumns>;

/** The price fields of a price version type, read from its columns as billing reads them (`priceSheetOf`). */
export function priceVersionFields(t: PriceVersionFieldBuilder) {
  const media = (p: PriceColumns) => mediaPricesOf(priceSheetOf(p));
  return {
    inputPrice: t.expose('inputPrice', { type: 'BigInt', description: PRICE_DESCRIPTIONS.inputPrice }),
    outputPrice: t.expose('outputPrice', { type: 'BigInt', description: PRICE_DESCRIPTIONS.outputPrice }),
    cacheReadPrice: t.expose('cacheReadPrice', { type: 'BigInt', nullable: true, description: PRICE_DESCRIPTIONS.cacheReadPrice }),
    cacheWritePrice: t.expose('cacheWritePrice', { type: 'BigInt', nullable: true, description: PRICE_DESCRIPTIONS.cacheWritePrice }),
    cacheWrite1hPrice: t.expose('cacheWrite1hPrice', { type: 'BigInt', nullable: true, description: PRICE_DESCRIPTIONS.cacheWrite1hPrice }),
    requestPrice: t.expose('requestPrice', { type: 'BigInt', description: PRICE_DESCRIPTIONS.requestPrice }),
    audioMinutePrice: t.expose('audioMinutePrice', { type: 'BigInt', description: PRICE_DESCRIPTIONS.audioMinutePrice }),
    searchUnitPrice: t.field({ type: 'BigInt', description: PRICE_DESCRIPTIONS.searchUnitPrice, resolve: (p) => priceSheetOf(p).searchUnitPrice ?? 0n }),
    audioInputPrice: t.field({ type: 'BigInt', nullable: true, description: PRICE_DESCRIPTIONS.audioInputPrice, resolve: (p) => priceSheetOf(p).audioInputPrice ?? null }),
    audioOutputPrice: t.field({ type: 'BigInt', nullable: true, description: PRICE_DESCRIPTIONS.audioOutputPrice, resolve: (p) => priceSheetOf(p).audioOutputPrice ?? null }),
    longContext: t.field({ type: LongContextPricesRef, nullable: true, description: PRICE_DESCRIPTIONS.longContext, resolve: (p) => priceSheetOf(p).longContext }),
    imagePrices: t.field({ type: [ImagePriceRowRef], description: MEDIA_PRICE_DESCRIPTIONS.imagePrices, resolve: (p) => media(p).imagePrices }),
    imageInputPrice: t.field({ type: 'BigInt', description: MEDIA_PRICE_DESCRIPTIONS.imageInputPrice, resolve: (p) => media(p).imageInputPrice }),
    characterPrice: t.field({ type: 'BigInt', description: MEDIA_PRICE_DESCRIPTIONS.characterPrice, resolve: (p) => media(p).characterPrice }),
  };
}
