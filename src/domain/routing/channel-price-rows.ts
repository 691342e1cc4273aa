import { priceSheetOfRow, type PriceColumnsRow } from '../billing/price-row';
import { parseMultiplier, UNIT_MULTIPLIER } from '../billing/pricing';
import { CATALOGUE_COST_BASIS, type ChannelCostBasis, type ChannelPriceVersion } from './cost-basis';

/** A channel_prices row as PostgreSQL returns it (bigints as strings). */
export interface ChannelPriceRow extends PriceColumnsRow {
  channel_id: number | string;
  model_id: string;
  effective_at: Date | string;
}

/** A channel's cost basis from its stored multiplier and its price-list rows (ordered by model, then effective time). */
export function costBasisOf(multiplier: string | null, rows: readonly ChannelPriceRow[]): ChannelCostBasis {
  if (multiplier === null && rows.length === 0) return CATALOGUE_COST_BASIS;
  const priceLists = new Map<string, ChannelPriceVersion[]>();
  for (const row of rows) {
    let list = priceLists.get(row.model_id);
    if (!list) priceLists.set(row.model_id, (list = []));
    list.push({ effectiveAt: new Date(row.effective_at).getTime(), prices: priceSheetOfRow(row) });
  }
  return { multiplier: multiplier === null ? UNIT_MULTIPLIER : parseMultiplier(multiplier), priceLists };
}
