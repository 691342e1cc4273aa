import type { SqlRunner } from '../../db/sql-runner';
import type { ChangeBus } from '../../lib/change-bus';

export interface ActiveTiersCacheOptions {
  maxAgeMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  tiers: ReadonlySet<string>;
  expiresAt: number;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * Tiers each user's active subscriptions unlock, for the hot path's 403 and /v1/models checks.
 * An entry lives at most `maxAgeMs` and never past the earliest end of the subscriptions it saw,
 * so expiry is exact without a job; purchases and cancellations invalidate it through the change
 * bus (topic 'subscription', id = user id). Concurrent misses for one user share one query.
 */
export class ActiveTiersCache {
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly entries = new Map<number, Entry>();
  private readonly loading = new Map<number, Promise<ReadonlySet<string>>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly sql: SqlRunner, changeBus: ChangeBus, options: ActiveTiersCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.now = options.now ?? Date.now;
    this.unsubscribe = changeBus.subscribe((event) => {
      if (event.topic !== 'subscription' && event.topic !== 'all') return;
      const userId = event.topic === 'subscription' && event.id !== undefined ? Number(event.id) : Number.NaN;
      // An id that is not a user id (or none) cannot be targeted: drop everything rather than serve stale tiers.
      if (Number.isInteger(userId)) this.invalidate(userId);
      else this.clear();
    });
  }

  get(userId: number): Promise<ReadonlySet<string>> {
    const entry = this.entries.get(userId);
    if (entry && entry.expiresAt > this.now()) return Promise.resolve(entry.tiers);
    const pending = this.loading.get(userId);
    if (pending) return pending;
    const load: Promise<ReadonlySet<string>> = this.load(userId).then(
      ({ tiers, expiresAt }) => {
        // An invalidation during the query dropped this load: its answer may predate the change.
        if (this.loading.get(userId) === load) {
          this.loading.delete(userId);
          this.store(userId, { tiers, expiresAt });
        }
        return tiers;
      },
      (err: unknown) => {
        if (this.loading.get(userId) === load) this.loading.delete(userId);
        throw err;
      },
    );
    this.loading.set(userId, load);
    return load;
  }

  invalidate(userId: number): void {
    this.entries.delete(userId);
    this.loading.delete(userId);
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }

  dispose(): void {
    this.unsubscribe();
    this.clear();
  }

  private store(userId: number, entry: Entry): void {
    this.entries.delete(userId); // re-insert at the end: Map order doubles as oldest-first
    this.entries.set(userId, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  private async load(userId: number): Promise<Entry> {
    const startedAt = this.now();
    const [row] = await this.sql<{ tiers: string[] | null; first_end_ms: number | null }>(
      `select array_agg(distinct t.tier) as tiers, (extract(epoch from min(s.ends_at)) * 1000)::float8 as first_end_ms
         from subscriptions s cross join lateral unnest(s.unlocks_tiers) as t(tier)
        where s.user_id = ? and s.status = 'ACTIVE' and s.ends_at > now()`,
      [userId],
    );
    const tiers = row?.tiers?.length ? new Set(row.tiers) : EMPTY;
    const firstEnd = row?.first_end_ms ?? Number.POSITIVE_INFINITY;
    return { tiers, expiresAt: Math.min(startedAt + this.maxAgeMs, firstEnd) };
  }
}
