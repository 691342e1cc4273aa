import type { RoutingPolicy } from '../../db/entities';
import type { PriceMultiplier } from '../billing/billing.types';

export const AUTO_GROUP = 'auto';

export interface GroupInfo {
  id: number;
  name: string;
  open: boolean;
  /** Exact ratio of the stored decimal, and the decimal itself for display. */
  multiplier: PriceMultiplier;
  multiplierText: string;
  permitsAllModels: boolean;
  permittedTiers: ReadonlySet<string>;
  permittedVendors: ReadonlySet<string>;
  permittedModels: ReadonlySet<string>;
  autoOrder: number;
  /** How this group's channels are chosen (src/domain/routing/channel-picker.ts). */
  routingPolicy: RoutingPolicy;
}

export interface GroupSnapshot {
  byName: ReadonlyMap<string, GroupInfo>;
  /** Members of groups that are not open, by group name. */
  members: ReadonlyMap<string, ReadonlySet<number>>;
  /** Every group except `auto`, in `auto`'s routing order. */
  autoOrdered: readonly GroupInfo[];
}

/** What a model looks like to a permission rule. */
export interface ModelFacts {
  modelId: string;
  tier: string;
  vendorSlug: string;
}

/** A group whose channels may serve the request, with the multiplier its requests are priced at. */
export interface RouteGroup {
  name: string;
  multiplier: PriceMultiplier;
  /** Absent: PRIORITY. */
  routingPolicy?: RoutingPolicy;
}
