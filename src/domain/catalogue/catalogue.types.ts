import type { ModelStatus, ModelTier, ModelType, UnmeasuredInput } from '../../db/entities';
import type { PriceSheet } from '../billing/billing.types';

/** One catalogue model as the data plane needs it: immutable, shared by every request. */
export interface CatalogueEntry {
  id: number;
  /** Case-sensitive public identifier. */
  modelId: string;
  vendorSlug: string;
  vendorName: string;
  series: string;
  type: ModelType;
  tier: ModelTier;
  prices: PriceSheet;
  contextLength: number;
  maxOutputTokens: number;
  /** Kinds of unmeasurable input this model refuses instead of holding its context length for them. */
  refusedInputs: readonly UnmeasuredInput[];
  /** Models tried in order when every channel of this one failed before a usable byte (model-fallbacks.ts). */
  fallbacks: readonly string[];
  /** Quota units per server-tool use (web search...), held for each use the request allows. */
  serverToolUsePrice: bigint;
  status: ModelStatus;
  /** Unix seconds, for `/v1/models`. */
  created: number;
}

export interface CatalogueSnapshot {
  /** Every model, hidden ones included (they are refused as not found, not as forbidden). */
  byId: ReadonlyMap<string, CatalogueEntry>;
  /** Visible models in a stable order for listings. */
  listed: readonly CatalogueEntry[];
}
