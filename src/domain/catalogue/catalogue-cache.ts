import type { MikroORM } from '@mikro-orm/postgresql';
import type { ModelStatus, ModelTier, ModelType } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { ReloadableSnapshot } from '../../lib/reloadable-snapshot';
import type { CatalogueEntry, CatalogueSnapshot } from './catalogue.types';

interface CatalogueRow {
  id: number;
  model_id: string;
  vendor_slug: string;
  vendor_name: string;
  series: string;
  type: ModelType;
  tier: ModelTier;
  input_price: string;
  output_price: string;
  cache_read_price: string | null;
  cache_write_price: string | null;
  request_price: string;
  audio_minute_price: string;
  context_length: number;
  max_output_tokens: number;
  status: ModelStatus;
  created_at: string | Date;
}

const CATALOGUE_SQL = `
  select m.id, m.model_id, v.slug as vendor_slug, v.name as vendor_name, m.series, m.type, m.tier,
         m.input_price, m.output_price, m.cache_read_price, m.cache_write_price, m.request_price,
         m.audio_minute_price, m.context_length, m.max_output_tokens, m.status, m.created_at
    from catalogue_models m join vendors v on v.id = m.vendor_id
   order by v.slug, m.series, m.model_id`;

function toEntry(r: CatalogueRow): CatalogueEntry {
  return {
    id: Number(r.id),
    modelId: r.model_id,
    vendorSlug: r.vendor_slug,
    vendorName: r.vendor_name,
    series: r.series,
    type: r.type,
    tier: r.tier,
    prices: {
      inputPrice: BigInt(r.input_price),
      outputPrice: BigInt(r.output_price),
      cacheReadPrice: r.cache_read_price === null ? null : BigInt(r.cache_read_price),
      cacheWritePrice: r.cache_write_price === null ? null : BigInt(r.cache_write_price),
      requestPrice: BigInt(r.request_price),
      audioMinutePrice: BigInt(r.audio_minute_price),
    },
    contextLength: Number(r.context_length),
    maxOutputTokens: Number(r.max_output_tokens),
    status: r.status,
    created: Math.floor(new Date(r.created_at).getTime() / 1000),
  };
}

/** The model catalogue in memory; reloaded whole when a `catalogue` change is published. */
export class CatalogueCache {
  private readonly snapshot: ReloadableSnapshot<CatalogueSnapshot>;

  constructor(orm: MikroORM, changeBus: ChangeBus, logger: Logger, maxAgeMs = 60_000) {
    this.snapshot = new ReloadableSnapshot(
      async () => {
        const rows = await orm.em.getConnection().execute<CatalogueRow[]>(CATALOGUE_SQL);
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
    return this.snapshot.get();
  }
}
