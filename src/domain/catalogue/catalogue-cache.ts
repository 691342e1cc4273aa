import type { MikroORM } from '@mikro-orm/postgresql';
import type { ModelStatus, ModelTier, ModelType, UnmeasuredInput } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { ReloadableSnapshot } from '../../lib/reloadable-snapshot';
import { priceSheetOfRow, type PriceColumnsRow } from '../billing/price-row';
import type { CatalogueEntry, CatalogueSnapshot } from './catalogue.types';

interface CatalogueRow extends PriceColumnsRow {
  id: number;
  model_id: string;
  vendor_slug: string;
  vendor_name: string;
  series: string;
  type: ModelType;
  tier: ModelTier;
  context_length: number;
  max_output_tokens: number;
  refused_inputs: UnmeasuredInput[];
  fallbacks: string[] | null;
  server_tool_use_price: string;
  status: ModelStatus;
  created_at: string | Date;
}

// Each model with the price version in effect at ? (a model without one is free until it has one).
const CATALOGUE_SQL = `
  select m.id, m.model_id, v.slug as vendor_slug, v.name as vendor_name, m.series, m.type, m.tier,
         p.input_price, p.output_price, p.cache_read_price, p.cache_write_price, p.request_price,
         p.audio_minute_price, p.cache_write_1h_price, p.long_context_threshold, p.long_input_price, p.long_output_price,
         p.long_cache_read_price, p.long_cache_write_price, p.long_cache_write_1h_price,
         p.search_unit_price, p.audio_input_price, p.audio_output_price, m.context_length, m.max_output_tokens, m.status, m.created_at,
         m.refused_inputs, m.server_tool_use_price, p.image_prices, p.image_input_price, p.character_price, m.fallbacks
    from catalogue_models m join vendors v on v.id = m.vendor_id
    left join lateral (select * from model_prices mp where mp.model_id = m.id and mp.effective_at <= ?
                        order by mp.effective_at desc, mp.id desc limit 1) p on true
   order by v.slug, m.series, m.model_id`;
const NEXT_PRICE_CHANGE_SQL = `select min(effective_at) as next_at from model_prices where effective_at > ?`;

function toEntry(r: CatalogueRow): CatalogueEntry {
  return {
    id: Number(r.id),
    modelId: r.model_id,
    vendorSlug: r.vendor_slug,
    vendorName: r.vendor_name,
    series: r.series,
    type: r.type,
    tier: r.tier,
    prices: priceSheetOfRow(r),
    contextLength: Number(r.context_length),
    maxOutputTokens: Number(r.max_output_tokens),
    refusedInputs: r.refused_inputs,
    fallbacks: r.fallbacks ?? [],
    serverToolUsePrice: BigInt(r.server_tool_use_price),
    status: r.status,
    created: Math.floor(new Date(r.created_at).getTime() / 1000),
  };
}

/**
 * The model catalogue in memory, each model with the prices in effect now; reloaded whole when a
 * `catalogue` change is published, and when a scheduled price version takes effect (the first
 * request at or after that instant waits for the reload, so it is priced at the new version).
 */
export class CatalogueCache {
  private readonly snapshot: ReloadableSnapshot<CatalogueSnapshot>;
  /** Epoch ms of the next scheduled price version after the loaded snapshot's instant. */
  private nextPriceChangeAt = Number.POSITIVE_INFINITY;

  constructor(orm: MikroORM, changeBus: ChangeBus, logger: Logger, maxAgeMs = 60_000) {
    this.snapshot = new ReloadableSnapshot(
      async () => {
        const connection = orm.em.getConnection();
        const at = new Date();
        const [rows, next] = await Promise.all([
          connection.execute<CatalogueRow[]>(CATALOGUE_SQL, [at]),
          connection.execute<Array<{ next_at: string | Date | null }>>(NEXT_PRICE_CHANGE_SQL, [at]),
        ]);
        const nextAt = next[0]?.next_at;
        this.nextPriceChangeAt = nextAt == null ? Number.POSITIVE_INFINITY : new Date(nextAt).getTime();
        const entries = rows.map(toEntry);
        return { byId: new Map(entries.map((e) => [e.modelId, e])), listed: entries.filter((e) => e.status !== 'HIDDEN') };
      },
      { maxAgeMs, onBackgroundError: (err) => logger.warn('catalogue refresh failed', { error: err as Error }) },
    );
    changeBus.subscribe(({ topic }) => {
      if (topic === 'catalogue' || topic === 'all') this.snapshot.invalidate();
    });
  }

  get(): Promise<CatalogueSnapshot> | CatalogueSnapshot {
    if (Date.now() >= this.nextPriceChangeAt) {
      this.nextPriceChangeAt = Number.POSITIVE_INFINITY;
      this.snapshot.invalidate();
    }
    return this.snapshot.get();
  }
}
