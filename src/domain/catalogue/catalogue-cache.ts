import type { MikroORM } from '@mikro-orm/postgresql';
import type { ModelStatus, ModelTier, ModelType, UnmeasuredInput } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { ReloadableSnapshot } from '../../lib/reloadable-snapshot';
import type { LongContextTier } from '../billing/billing.types';
import type { CatalogueEntry, CatalogueSnapshot } from './catalogue.types';

interface CatalogueRow {
  id: number;
  model_id: string;
  vendor_slug: string;
  vendor_name: string;
  series: string;
  type: ModelType;
  tier: ModelTier;
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
         p.long_cache_read_price, p.long_cache_write_price, p.long_cache_write_1h_price, m.context_length, m.max_output_tokens, m.status, m.created_at,
         m.refused_inputs, m.server_tool_use_price, m.fallbacks
    from catalogue_models m join vendors v on v.id = m.vendor_id
    left join lateral (select * from model_prices mp where mp.model_id = m.id and mp.effective_at <= ?
                        order by mp.effective_at desc, mp.id desc limit 1) p on true
   order by v.slug, m.series, m.model_id`;
const NEXT_PRICE_CHANGE_SQL = `select min(effective_at) as next_at from model_prices where effective_at > ?`;

const units = (value: string | null): bigint => (value === null ? 0n : BigInt(value));
const optionalUnits = (value: string | null): bigint | null => (value === null ? null : BigInt(value));

function longContextOf(r: CatalogueRow): LongContextTier | null {
  if (r.long_context_threshold === null || r.long_input_price === null || r.long_output_price === null) return null;
  return {
    threshold: Number(r.long_context_threshold), inputPrice: BigInt(r.long_input_price), outputPrice: BigInt(r.long_output_price),
    cacheReadPrice: optionalUnits(r.long_cache_read_price), cacheWritePrice: optionalUnits(r.long_cache_write_price),
    cacheWrite1hPrice: optionalUnits(r.long_cache_write_1h_price),
  };
}

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
      inputPrice: units(r.input_price),
      outputPrice: units(r.output_price),
      cacheReadPrice: optionalUnits(r.cache_read_price),
      cacheWritePrice: optionalUnits(r.cache_write_price),
      cacheWrite1hPrice: optionalUnits(r.cache_write_1h_price),
      requestPrice: units(r.request_price),
      audioMinutePrice: units(r.audio_minute_price),
      longContext: longContextOf(r),
    },
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
