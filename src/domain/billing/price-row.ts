import type { StoredImagePriceRow } from '../../db/entities';
import { mediaPricesFromColumns } from '../catalogue/model-prices';
import type { LongContextTier, PriceSheet } from './billing.types';

/**
 * The price columns of a version row (model_prices, channel_prices) as PostgreSQL returns them in
 * raw SQL: bigints as strings, null where a left join found no version (that prices as 0).
 */
export interface PriceColumnsRow {
  input_price: string | null;
  output_price: string | null;
  cache_read_price: string | null;
  cache_write_price: string | null;
  cache_write_1h_price: string | null;
  long_context_threshold: number | null;
  long_input_price: string | null;
  long_output_price: string | null;
  long_cache_read_price: string | null;
  long_cache_write_price: string | null;
  long_cache_write_1h_price: string | null;
  request_price: string | null;
  audio_minute_price: string | null;
  /** Rerank and realtime voice prices (catalogue versions; a channel's own list may leave them out). */
  search_unit_price?: string | null;
  audio_input_price?: string | null;
  audio_output_price?: string | null;
  /** Media prices (images, speech synthesis); absent or null: none. */
  image_prices?: StoredImagePriceRow[] | null;
  image_input_price?: string | null;
  character_price?: string | null;
}

/** A price column as quota units; null (no version) prices as 0. */
export const units = (value: string | null): bigint => (value === null ? 0n : BigInt(value));
const optionalUnits = (value: string | null): bigint | null => (value === null ? null : BigInt(value));

function longContextOf(r: PriceColumnsRow): LongContextTier | null {
  if (r.long_context_threshold === null || r.long_input_price === null || r.long_output_price === null) return null;
  return {
    threshold: Number(r.long_context_threshold), inputPrice: BigInt(r.long_input_price), outputPrice: BigInt(r.long_output_price),
    cacheReadPrice: optionalUnits(r.long_cache_read_price), cacheWritePrice: optionalUnits(r.long_cache_write_price),
    cacheWrite1hPrice: optionalUnits(r.long_cache_write_1h_price),
  };
}

export function priceSheetOfRow(r: PriceColumnsRow): PriceSheet {
  return {
    inputPrice: units(r.input_price),
    outputPrice: units(r.output_price),
    cacheReadPrice: optionalUnits(r.cache_read_price),
    cacheWritePrice: optionalUnits(r.cache_write_price),
    cacheWrite1hPrice: optionalUnits(r.cache_write_1h_price),
    requestPrice: units(r.request_price),
    audioMinutePrice: units(r.audio_minute_price),
    searchUnitPrice: units(r.search_unit_price ?? null),
    audioInputPrice: optionalUnits(r.audio_input_price ?? null),
    audioOutputPrice: optionalUnits(r.audio_output_price ?? null),
    longContext: longContextOf(r),
    ...mediaOfRow(r),
  };
}

function mediaOfRow(r: PriceColumnsRow): Pick<PriceSheet, 'media'> {
  const media = mediaPricesFromColumns({ imagePrices: r.image_prices ?? null, imageInputPrice: units(r.image_input_price ?? null), characterPrice: units(r.character_price ?? null) });
  return media ? { media } : {};
}
