import type { PriceSheet } from '../billing/billing.types';
import { canUseGroup, groupPermitsModel } from '../groups/group-permissions';
import { AUTO_GROUP, type GroupSnapshot, type ModelFacts } from '../groups/group.types';
import { scalePrices } from './model-prices';

/** What a model costs through one group: the catalogue prices x the group's multiplier, rounded up. */
export interface GroupPrice {
  group: string;
  multiplier: string;
  prices: PriceSheet;
}

export type PriceViewer = { userId: number; admin: boolean } | null;

/**
 * The prices a viewer would pay for a model, per group they may use that permits it (anonymous
 * visitors: the open groups; admins: every group). `auto` is left out: its requests are priced at
 * the multiplier of whichever of these groups serves them.
 */
export function groupPricesFor(groups: GroupSnapshot, viewer: PriceViewer, model: ModelFacts, prices: PriceSheet): GroupPrice[] {
  const visible = groups.autoOrdered.filter((g) => {
    if (g.name === AUTO_GROUP || !groupPermitsModel(g, model)) return false;
    if (viewer === null) return g.open;
    return viewer.admin || canUseGroup(groups, g, viewer.userId);
  });
  return visible.map((g) => ({ group: g.name, multiplier: g.multiplierText, prices: scalePrices(prices, g.multiplier) }));
}
