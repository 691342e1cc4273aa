import { usageWhere } from '../domain/usage/usage-stats.service';
import type { ExportFilters } from './export-query';

type Cell = string | number | bigint | boolean | Date | null;

/** Where the previous batch ended: created_at as PostgreSQL's text, and the id. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** Columns every batch query selects besides its own: the keyset position and an ISO-8601 UTC time. */
const POSITION_COLUMNS = `id, created_at::text as keyset_at, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_iso`;

/**
 * One CSV export: its header, the SQL that reads a batch after a keyset position, and how a row
 * becomes cells. Rows are read in (created_at, id) order in batches, so a month of rows never
 * sits in memory and no transaction (or snapshot) is held open for the length of a download.
 */
export interface ExportDefinition {
  header: readonly string[];
  /** Filters this export understands (others in the query are a 400). */
  filters: ReadonlySet<keyof ExportFilters>;
  /** SQL for one batch: `(created_at, id) > (?, ?)` after the filters, `limit ?` at the end. */
  batch(filters: ExportFilters, after: KeysetPosition | null, limit: number, admin: boolean): { sql: string; params: unknown[] };
  cells(row: Record<string, unknown>, admin: boolean): Cell[];
}

/**
 * The filters as the usage statistics apply them (the ledger has the same `created_at` and
 * `user_id` columns, and only those filters), then the keyset position. The position travels as
 * PostgreSQL's own text of the timestamp: a JS Date would drop the microseconds and repeat or
 * skip rows.
 */
function where(table: 'usage' | 'ledger', f: ExportFilters, after: KeysetPosition | null): { sql: string; params: unknown[] } {
  const filters = table === 'usage'
    ? usageWhere({ from: f.from, to: f.to, userId: f.userId, tokenId: f.tokenId, modelId: f.model, channelId: f.channelId })
    : usageWhere({ from: f.from, to: f.to, userId: f.userId });
  // The usage log's outcome filter is the export's own (the statistics have no outcome filter).
  if (table === 'usage' && f.outcome !== null) {
    filters.sql += ' and outcome = ?';
    filters.params.push(f.outcome);
  }
  if (!after) return filters;
  return { sql: `${filters.sql} and (created_at, id) > (?::timestamptz, ?)`, params: [...filters.params, after.at, after.id] };
}

const text = (v: unknown): Cell => (v === null || v === undefined ? null : String(v));

export const usageExport: ExportDefinition = {
  header: [
    'request_id', 'created_at', 'user_id', 'token_id', 'group', 'model', 'channel_id', 'surface', 'stream', 'status', 'http_status',
    'error_code', 'prompt_tokens', 'completion_tokens', 'cached_tokens', 'audio_ms', 'cost', 'bucket', 'latency_ms', 'ttft_ms',
    'upstream_cost', 'margin',
  ],
  filters: new Set(['from', 'to', 'userId', 'tokenId', 'model', 'channelId', 'outcome']),
  batch(f, after, limit) {
    const w = where('usage', f, after);
    return {
      sql: `select ${POSITION_COLUMNS}, request_id, user_id, token_id, group_name, model_id, channel_id, surface, stream, outcome, http_status,
                   error_code, prompt_tokens, completion_tokens, cached_tokens, audio_ms, cost, bucket, latency_ms, ttft_ms,
                   upstream_cost, cost - upstream_cost as margin
              from usage_logs where ${w.sql} order by created_at, id limit ?`,
      params: [...w.params, limit],
    };
  },
  cells: (r, admin) => [
    text(r.request_id), text(r.created_iso), text(r.user_id), text(r.token_id), text(r.group_name), text(r.model_id),
    // Which upstream served a request is the operator's business, as in GraphQL.
    admin ? text(r.channel_id) : null,
    text(r.surface), Boolean(r.stream), text(r.outcome), text(r.http_status), text(r.error_code), text(r.prompt_tokens),
    text(r.completion_tokens), text(r.cached_tokens), text(r.audio_ms), text(r.cost), text(r.bucket), text(r.latency_ms), text(r.ttft_ms),
    // What the operator paid upstream, and so its margin, is never a user's to see.
    admin ? text(r.upstream_cost) : null, admin ? text(r.margin) : null,
  ],
};

export const ledgerExport: ExportDefinition = {
  header: ['id', 'created_at', 'user_id', 'bucket', 'subscription_id', 'kind', 'amount', 'balance_after', 'request_id', 'reference', 'memo'],
  filters: new Set(['from', 'to', 'userId']),
  batch(f, after, limit) {
    const w = where('ledger', f, after);
    return {
      sql: `select ${POSITION_COLUMNS}, user_id, bucket, subscription_id, kind, amount, balance_after, request_id, reference, memo
              from ledger_entries where ${w.sql} order by created_at, id limit ?`,
      params: [...w.params, limit],
    };
  },
  cells: (r) => [
    text(r.id), text(r.created_iso), text(r.user_id), text(r.bucket), text(r.subscription_id), text(r.kind), text(r.amount),
    text(r.balance_after), text(r.request_id), text(r.reference), text(r.memo),
  ],
};
