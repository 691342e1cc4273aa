import type { MikroORM } from '@mikro-orm/postgresql';
import type { TokenStatus, UserStatus } from '../../db/entities';
import type { ChangeBus, ChangeEvent } from '../../lib/change-bus';
import { sha256Hex } from '../../lib/key-material';
import type { Logger } from '../../lib/logger';
import { IpAllowList } from './ip-allow-list';
import type { KeyVerification, VerifiedKey } from './key-verification.types';

interface TokenRow {
  id: number;
  user_id: number;
  group_name: string;
  status: TokenStatus;
  user_status: UserStatus;
  expires_at: string | Date | null;
  quota_cap: string | null;
  allowed_models: string[] | null;
  allowed_ips: string[] | null;
  rate_limit_rpm: number | null;
  max_concurrent: number | null;
}

interface TokenRecord {
  status: TokenStatus;
  userStatus: UserStatus;
  key: VerifiedKey;
}

interface Entry {
  record: TokenRecord | null;
  loadedAt: number;
}

const TOKEN_SQL = `
  select t.id, t.user_id, g.name as group_name, t.status, u.status as user_status, t.expires_at, t.quota_cap,
         t.allowed_models, t.allowed_ips, t.rate_limit_rpm, t.max_concurrent
    from tokens t join users u on u.id = t.user_id join groups g on g.id = t.group_id
   where t.key_hash = ?`;

export interface KeyVerifierOptions {
  /** A found key is served from memory this long, then refreshed in the background (stale-while-revalidate). */
  ttlMs: number;
  /** An unknown key is remembered this long, so a flood of bad keys does not become a flood of queries. */
  negativeTtlMs: number;
  maxEntries: number;
}

const DEFAULTS: KeyVerifierOptions = { ttlMs: 60_000, negativeTtlMs: 5_000, maxEntries: 100_000 };

/**
 * Verifies `sk-` keys from an in-memory cache keyed by the key's SHA-256, so the hot path does
 * no database work. Concurrent misses for one key share one query. Changes arrive on the change
 * bus: `token` (id = key hash or token id; no id = every key), `user` (id = user id) and `all`.
 * A load that overlaps an invalidation is repeated, so a revoke is never undone by a slow read.
 */
export class KeyVerifier {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<TokenRecord | null>>();
  private epoch = 0;
  private readonly options: KeyVerifierOptions;

  constructor(private readonly orm: MikroORM, changeBus: ChangeBus, private readonly logger: Logger, options: Partial<KeyVerifierOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    changeBus.subscribe((event) => this.onChange(event));
  }

  async verify(plaintextKey: string): Promise<KeyVerification> {
    const hash = sha256Hex(plaintextKey);
    const entry = this.entries.get(hash);
    let record: TokenRecord | null;
    if (!entry) {
      record = await this.load(hash);
    } else {
      const age = Date.now() - entry.loadedAt;
      if (entry.record === null) {
        record = age < this.options.negativeTtlMs ? null : await this.load(hash);
      } else {
        record = entry.record;
        if (age > this.options.ttlMs && !this.loading.has(hash)) {
          this.load(hash).catch((err) => this.logger.warn('key refresh failed', { error: err as Error }));
        }
      }
    }
    return judge(record, Date.now());
  }

  private load(hash: string): Promise<TokenRecord | null> {
    const pending = this.loading.get(hash);
    if (pending) return pending;
    const run = async (): Promise<TokenRecord | null> => {
      try {
        for (;;) {
          const epoch = this.epoch;
          const rows = await this.orm.em.getConnection().execute<TokenRow[]>(TOKEN_SQL, [hash]);
          if (epoch !== this.epoch) continue; // invalidated while reading: read again
          const record = rows[0] ? toRecord(rows[0]) : null;
          this.remember(hash, record);
          return record;
        }
      } finally {
        this.loading.delete(hash);
      }
    };
    const promise = run();
    this.loading.set(hash, promise);
    return promise;
  }

  private remember(hash: string, record: TokenRecord | null): void {
    if (!this.entries.has(hash) && this.entries.size >= this.options.maxEntries) {
      // Oldest first: Map iterates in insertion order.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, { record, loadedAt: Date.now() });
  }

  private onChange(event: ChangeEvent): void {
    if (event.topic !== 'token' && event.topic !== 'user' && event.topic !== 'all') return;
    this.epoch++;
    if (event.topic === 'all' || event.id === undefined) {
      this.entries.clear();
      return;
    }
    if (event.topic === 'token' && /^[0-9a-f]{64}$/.test(event.id)) {
      this.entries.delete(event.id);
    }
    const id = Number(event.id);
    for (const [hash, entry] of this.entries) {
      // A new key may be one we remembered as unknown: forget every negative entry on token changes.
      if (entry.record === null) {
        if (event.topic === 'token') this.entries.delete(hash);
      } else if (event.topic === 'token' ? entry.record.key.tokenId === id : entry.record.key.userId === id) {
        this.entries.delete(hash);
      }
    }
  }
}

function toRecord(row: TokenRow): TokenRecord {
  return {
    status: row.status,
    userStatus: row.user_status,
    key: {
      tokenId: Number(row.id),
      userId: Number(row.user_id),
      groupName: row.group_name,
      quotaCap: row.quota_cap === null ? null : BigInt(row.quota_cap),
      allowedModels: row.allowed_models && row.allowed_models.length > 0 ? new Set(row.allowed_models) : null,
      allowedIps: row.allowed_ips && row.allowed_ips.length > 0 ? new IpAllowList(row.allowed_ips) : null,
      expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
      rateLimitRpm: row.rate_limit_rpm === null ? null : Number(row.rate_limit_rpm),
      maxConcurrent: row.max_concurrent === null ? null : Number(row.max_concurrent),
    },
  };
}

function judge(record: TokenRecord | null, now: number): KeyVerification {
  if (!record) return { status: 'NOT_FOUND' };
  if (record.status === 'REVOKED') return { status: 'REVOKED' };
  if (record.status === 'DISABLED') return { status: 'DISABLED' };
  if (record.key.expiresAt && record.key.expiresAt.getTime() <= now) return { status: 'EXPIRED' };
  if (record.userStatus !== 'ACTIVE') return { status: 'USER_DISABLED' };
  return { status: 'VALID', key: record.key };
}
