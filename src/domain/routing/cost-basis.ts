import type { MeteredUsage, PriceMultiplier, PriceSheet } from '../billing/billing.types';
import { costOf, serverToolCostOf, UNIT_MULTIPLIER } from '../billing/pricing';

/** One version of a channel's own price for a model, in effect from `effectiveAt` (ms since the epoch). */
export interface ChannelPriceVersion {
  effectiveAt: number;
  prices: PriceSheet;
}

/**
 * What a channel's upstream charges the operator: its own price list for the models it has one
 * for, else a factor of the catalogue price. A channel nobody gave a cost basis costs the
 * catalogue price (factor 1): the list price is the honest default for an upstream bought at list.
 */
export interface ChannelCostBasis {
  multiplier: PriceMultiplier;
  /** Catalogue model id -> versions, oldest effective time first. */
  priceLists: ReadonlyMap<string, readonly ChannelPriceVersion[]>;
}

export const CATALOGUE_COST_BASIS: ChannelCostBasis = Object.freeze({ multiplier: UNIT_MULTIPLIER, priceLists: new Map() });

/** The model as cost pricing needs it. */
export interface CostedModel {
  modelId: string;
  prices: PriceSheet;
  /** The catalogue's per-use price of server tools (absent: 0). */
  serverToolUsePrice?: bigint;
}

/** The prices and factor the channel's upstream charges for `model` at `at`. */
export function upstreamPricesOf(basis: ChannelCostBasis, model: CostedModel, at: number): { prices: PriceSheet; multiplier: PriceMultiplier } {
  const versions = basis.priceLists.get(model.modelId);
  let current: ChannelPriceVersion | undefined;
  if (versions) for (const version of versions) if (version.effectiveAt <= at) current = version;
  return current ? { prices: current.prices, multiplier: UNIT_MULTIPLIER } : { prices: model.prices, multiplier: basis.multiplier };
}

/**
 * What the upstream bills for this usage: its own report priced at the channel's cost basis, in
 * quota units. Server-tool uses are priced at the catalogue's per-use price times the channel's
 * factor (a channel's own price list has no per-use price, so its uses cost the catalogue's).
 */
export function upstreamCostOf(basis: ChannelCostBasis, model: CostedModel, usage: MeteredUsage, at: number = Date.now()): bigint {
  const { prices, multiplier } = upstreamPricesOf(basis, model, at);
  return costOf(prices, usage, multiplier) + serverToolCostOf(usage.serverToolUses ?? 0, model.serverToolUsePrice ?? 0n, multiplier);
}

/**
 * The figure `cheapest` routing compares channels by: what a million input and a million output
 * tokens (plus one request) cost on this channel now. One fixed yardstick for every channel of a
 * model, so the order does not depend on the request.
 */
const YARDSTICK: MeteredUsage = { promptTokens: 1_000_000, completionTokens: 1_000_000, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 60_000 };

export function costLevelOf(basis: ChannelCostBasis, model: CostedModel, at: number = Date.now()): bigint {
  return upstreamCostOf(basis, model, YARDSTICK, at);
}
