import type { SqlRunner } from '../../db/sql-runner';
import type { Logger } from '../../lib/logger';
import type { UsageLogRow, UsageLogSink } from './usage-log.types';

export interface UsageLogWriterOptions {
  /** Longest a row waits in memory before its batch is written. */
  flushIntervalMs?: number;
  batchSize?: number;
  /** Past this many queued rows the oldest are dropped (the database is down or far behind). */
  maxQueue?: number;
  /** Pause after a failed batch before the next try, doubled per failure up to 10 s. */
  retryDelayMs?: number;
}

// One statement per batch whatever its size: the rows travel as one jsonb parameter, so the
// statement text never changes and there is no 65535-parameter limit to split around. A row whose
// settle had no answer (charge_unknown) takes the ledger's charge as its cost if it is there (the
// usage row's cost is its charge, always); only those rows look the ledger up, one lookup each
// (`limit 1`: a request has one charge; joined as a set instead, the planner hashed the whole
// ledger, every partition, for every batch, as long as its cost estimates found that cheaper
// than a lookup per row: on a ledger of up to some hundred thousand rows). A row already there
// stays, unless it was rebuilt from the charge after a crash (usage-reconstruction.ts):
// the request's own row, arriving late, replaces that one. The database does both, for every
// writer: `usage_logs` is partitioned by month, so request ids are kept unique by a trigger
// (gw_usage_request_claim, Migration20261128010000_monthly_partitions) rather than ON CONFLICT.
const INSERT_SQL = `
insert into usage_logs (request_id, user_id, token_id, group_name, model_id, attempts, channel_id, stream,
  prompt_tokens, completion_tokens, cached_tokens, audio_ms, cost, uncovered_cost, bucket, subscription_id, outcome,
  http_status, error_code, latency_ms, ttft_ms, created_at, surface, images, characters, upstream_cost, server_tool_uses)
select request_id, user_id, token_id, group_name, model_id, coalesce(attempts, '[]'::jsonb), channel_id, stream,
  prompt_tokens, completion_tokens, cached_tokens, audio_ms, coalesce(charged, cost), coalesce(uncovered_cost, 0) + cost - coalesce(charged, cost),
  bucket, subscription_id, outcome, http_status, error_code, latency_ms, ttft_ms, created_at, coalesce(surface, 'chat.completions'),
  coalesce(images, 0), coalesce(characters, 0), coalesce(upstream_cost, 0), coalesce(server_tool_uses, 0)
from jsonb_to_recordset(?::jsonb) as x(request_id varchar, user_id int, token_id int, group_name varchar, model_id varchar,
  attempts jsonb, channel_id int, stream boolean, prompt_tokens int, completion_tokens int, cached_tokens int,
  audio_ms int, cost bigint, uncovered_cost bigint, bucket text, subscription_id int, outcome text, http_status int, error_code varchar,
  latency_ms int, ttft_ms int, created_at timestamptz, surface varchar, charge_unknown boolean, images int, characters int, upstream_cost bigint, server_tool_uses int)
left join lateral (select -l.amount as charged from ledger_entries l
                    where x.charge_unknown and l.request_id = x.request_id and l.kind = 'USAGE_CHARGE' limit 1) c on true`;

type UsageRecord = Record<string, unknown> & { request_id: string | null };

const INT_MAX = 2_147_483_647;

function int(n: number): number {
  return Number.isFinite(n) ? Math.min(INT_MAX, Math.max(0, Math.round(n))) : 0;
}

function intOrNull(n: number | null): number | null {
  return n === null ? null : int(n);
}

/** Fits a caller-influenced string into its column; jsonb cannot carry NUL characters. */
function text(value: string | null, max: number): string | null {
  if (value === null) return null;
  const clean = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  return clean.length > max ? clean.slice(0, max) : clean;
}

/** The row as the INSERT's jsonb record; done at write() so a row that cannot be encoded never enters the queue. */
function toRecord(row: UsageLogRow): UsageRecord {
  return {
    request_id: text(row.requestId, 64),
    user_id: row.userId,
    token_id: row.tokenId,
    group_name: text(row.groupName, 64),
    model_id: text(row.modelId, 128),
    attempts: row.attempts.map((a) => ({ channelId: a.channelId, status: a.status, error: text(a.error, 500), latencyMs: int(a.latencyMs) })),
    channel_id: row.channelId,
    stream: row.stream,
    prompt_tokens: int(row.promptTokens),
    completion_tokens: int(row.completionTokens),
    cached_tokens: int(row.cachedTokens),
    audio_ms: int(row.audioMs),
    cost: row.cost.toString(),
    uncovered_cost: (row.uncoveredCost ?? 0n).toString(),
    upstream_cost: (row.upstreamCost ?? 0n).toString(),
    charge_unknown: row.chargeUnknown === true,
    bucket: row.bucket,
    subscription_id: row.subscriptionId,
    outcome: row.outcome,
    http_status: int(row.httpStatus),
    error_code: text(row.errorCode, 64),
    latency_ms: int(row.latencyMs),
    ttft_ms: intOrNull(row.ttftMs),
    created_at: row.createdAt.toISOString(),
    surface: text(row.surface, 32),
    images: int(row.images ?? 0),
    characters: int(row.characters ?? 0),
    server_tool_uses: int(row.serverToolUses ?? 0),
  };
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity): the rows are at fault, not the connection. */
function isDataError(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  return code.startsWith('22') || code.startsWith('23');
}

/**
 * Usage rows leave the response path through an in-memory queue and reach PostgreSQL in batches
 * (one INSERT each; a request already logged keeps its row). The queue is bounded so a database
 * outage costs log rows, never the gateway's memory; write() never blocks and never throws.
 */
export class UsageLogWriter implements UsageLogSink {
  private readonly flushIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxQueue: number;
  private readonly retryDelayMs: number;
  private queue: UsageRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private timerDue = Number.POSITIVE_INFINITY;
  private draining: Promise<void> | undefined;
  private failures = 0;
  private dropped = 0;
  private refused = 0;
  private lastDropWarning = 0;
  private closed = false;

  constructor(private readonly sql: SqlRunner, private readonly logger: Logger, options: UsageLogWriterOptions = {}) {
    this.flushIntervalMs = options.flushIntervalMs ?? 100;
    this.batchSize = options.batchSize ?? 500;
    this.maxQueue = options.maxQueue ?? 50_000;
    this.retryDelayMs = options.retryDelayMs ?? 500;
  }

  /** Rows waiting to be written (for tests and metrics). */
  get pending(): number {
    return this.queue.length;
  }

  /** Rows dropped since start: queue overflow or refused by the database (metrics). */
  get droppedRows(): number {
    return this.dropped + this.refused;
  }

  write(row: UsageLogRow): void {
    try {
      this.queue.push(toRecord(row));
      if (this.queue.length > this.maxQueue) this.dropOldest(this.queue.length - this.maxQueue);
      if (this.closed) return;
      this.schedule(this.queue.length >= this.batchSize ? 0 : this.flushIntervalMs);
    } catch (err) {
      this.logger.error('usage log row could not be queued; dropped', { requestId: row.requestId, error: err as Error });
    }
  }

  /** Writes everything queued so far; resolves (never rejects) once tried. */
  async flush(): Promise<void> {
    this.cancelTimer();
    while (this.draining) await this.draining;
    await this.drain();
  }

  /** Shutdown: no more timers; the final flush writes what is left. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    this.cancelTimer();
    if (this.queue.length > 0) this.logger.error('usage log rows lost at shutdown', { rows: this.queue.length });
  }

  private dropOldest(count: number): void {
    this.queue.splice(0, count);
    this.dropped += count;
    const now = Date.now();
    if (now - this.lastDropWarning >= 10_000) {
      this.lastDropWarning = now;
      this.logger.warn('usage log queue full; dropped the oldest rows', { dropped: this.dropped, maxQueue: this.maxQueue });
    }
  }

  private schedule(delayMs: number): void {
    if (this.draining) return; // the running drain re-schedules when it ends
    const due = Date.now() + delayMs;
    if (this.timer && this.timerDue <= due) return;
    this.cancelTimer();
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerDue = Number.POSITIVE_INFINITY;
      void this.drain();
    }, delayMs);
    this.timer.unref();
  }

  private cancelTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDue = Number.POSITIVE_INFINITY;
  }

  private drain(): Promise<void> {
    const run = this.writeBatches().finally(() => {
      this.draining = undefined;
      if (this.queue.length > 0 && !this.closed) {
        this.schedule(this.failures > 0 ? Math.min(10_000, this.retryDelayMs * 2 ** (this.failures - 1)) : 0);
      }
    });
    this.draining = run;
    return run;
  }

  private async writeBatches(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.batchSize);
      try {
        await this.insert(batch);
        this.failures = 0;
      } catch (err) {
        if (isDataError(err)) {
          await this.insertOneByOne(batch);
          continue;
        }
        // The database is unreachable or failing: keep the rows (still bounded) and back off.
        this.failures++;
        this.queue = batch.concat(this.queue);
        if (this.queue.length > this.maxQueue) this.dropOldest(this.queue.length - this.maxQueue);
        this.logger.warn('usage log batch failed; will retry', { rows: batch.length, error: err as Error });
        return;
      }
    }
  }

  /** A batch with a row the database refuses: write the others, drop only the bad ones. */
  private async insertOneByOne(batch: UsageRecord[]): Promise<void> {
    for (const row of batch) {
      try {
        await this.insert([row]);
      } catch (err) {
        this.refused++;
        this.logger.error('usage log row refused by the database; dropped', { requestId: row.request_id, error: err as Error });
      }
    }
  }

  private async insert(rows: UsageRecord[]): Promise<void> {
    await this.sql(INSERT_SQL, [JSON.stringify(rows)]);
  }
}
