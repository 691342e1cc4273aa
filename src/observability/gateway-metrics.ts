import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { attemptOutcome } from '../domain/usage/attempt-outcome';
import type { UsageLogRow } from '../domain/usage/usage-log.types';

/** What the scrape reads from live objects (called at scrape time, never per request). */
export interface MetricSources {
  activeStreams(): number;
  usageLogQueue(): { pending: number; dropped: number };
  quotaLeasesHeld(): number;
  dbPool(): { inUse: number; waiting: number };
  /** Breaker state per channel id: 0 closed, 1 half-open, 2 open. */
  breakerStates(): Iterable<[channelId: number, state: 0 | 1 | 2]>;
  /** Upstream sockets in use and requests waiting for one (UPSTREAM_POOL_WAIT_MS), over every origin. */
  upstreamConnections(): { inUse: number; waiting: number };
  /** Requests holding a concurrency slot (MAX_CONCURRENT_PER_KEY / _PER_USER) in this process. */
  concurrencySlotsHeld(): number;
}

/**
 * Model names come from callers (a typo is a new name), so only this many distinct ones get a
 * label of their own; the rest count as `other`. Keeps the series count bounded whatever is sent.
 */
const MAX_MODEL_LABELS = 200;
const LATENCY_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * The Prometheus registry of one gateway process. Per-request counting goes through `observe`,
 * which looks up label children in small maps keyed by one concatenated string (prom-client's own
 * `inc(labels)` sorts and hashes the label object on every call); gauges are read at scrape time.
 * No user, token or request ids as labels: channels and models are admin-bounded, models capped.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'surface' | 'model' | 'status' | 'error_code'>;
  private readonly latency: Histogram<'surface' | 'stream'>;
  private readonly ttft: Histogram<'surface'>;
  private readonly attempts: Counter<'channel' | 'outcome'>;
  private readonly tokens: Counter<'model' | 'kind'>;
  private readonly cost: Counter<'model' | 'bucket'>;
  private readonly rateLimited: Counter<'surface'>;
  private readonly billingLatency: Histogram;
  private readonly children = new Map<string, { inc(n?: number): void }>();
  private readonly histogramChildren = new Map<string, { observe(v: number): void }>();
  private readonly models = new Set<string>();

  constructor(sources: MetricSources, options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'gw_requests_total', help: 'Data-plane requests by surface, model, HTTP status and error code.',
      labelNames: ['surface', 'model', 'status', 'error_code'], registers,
    });
    this.latency = new Histogram({
      name: 'gw_request_duration_seconds', help: 'Data-plane request duration, authentication to last byte.',
      labelNames: ['surface', 'stream'], buckets: LATENCY_BUCKETS, registers,
    });
    this.ttft = new Histogram({
      name: 'gw_time_to_first_token_seconds', help: 'Time to the first token of a streamed answer.',
      labelNames: ['surface'], buckets: LATENCY_BUCKETS, registers,
    });
    this.attempts = new Counter({
      name: 'gw_upstream_attempts_total', help: 'Upstream attempts by channel id and outcome.', labelNames: ['channel', 'outcome'], registers,
    });
    this.tokens = new Counter({ name: 'gw_tokens_total', help: 'Tokens by model and kind (prompt, completion, cached).', labelNames: ['model', 'kind'], registers });
    this.cost = new Counter({ name: 'gw_cost_quota_units_total', help: 'Computed cost in quota units by model and paying bucket.', labelNames: ['model', 'bucket'], registers });
    this.rateLimited = new Counter({ name: 'gw_rate_limit_refusals_total', help: 'Requests refused by a rate limit (429).', labelNames: ['surface'], registers });
    this.billingLatency = new Histogram({
      name: 'gw_billing_statement_seconds', help: 'Billing round trips (reserve, settle, release statements; batched under load) to PostgreSQL.',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1], registers,
    });
    new Gauge({ name: 'gw_active_streams', help: 'Streamed responses in progress.', registers, collect() { this.set(sources.activeStreams()); } });
    new Gauge({ name: 'gw_usage_log_queue_depth', help: 'Usage-log rows waiting to be written.', registers, collect() { this.set(sources.usageLogQueue().pending); } });
    new Gauge({
      name: 'gw_usage_log_dropped_rows', help: 'Usage-log rows dropped since start (queue full or refused by the database).', registers,
      collect() { this.set(sources.usageLogQueue().dropped); },
    });
    new Gauge({ name: 'gw_quota_leases_held', help: 'Quota leases this process holds.', registers, collect() { this.set(sources.quotaLeasesHeld()); } });
    new Gauge({
      name: 'gw_db_pool_connections', help: 'Billing/usage database pool: connections in use and requests waiting for one.', labelNames: ['state'], registers,
      collect() {
        const pool = sources.dbPool();
        this.set({ state: 'in_use' }, pool.inUse);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'gw_upstream_connections', help: 'Upstream sockets in use, and requests waiting for one in the gateway\'s own queue.', labelNames: ['state'], registers,
      collect() {
        const pool = sources.upstreamConnections();
        this.set({ state: 'in_use' }, pool.inUse);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'gw_concurrency_slots_held', help: 'Requests in progress that hold a per-key/per-user concurrency slot in this process.', registers,
      collect() { this.set(sources.concurrencySlotsHeld()); },
    });
    new Gauge({
      name: 'gw_breaker_state', help: 'Channel circuit breaker: 0 closed, 1 half-open, 2 open.', labelNames: ['channel'], registers,
      collect() {
        this.reset();
        for (const [channelId, state] of sources.breakerStates()) this.set({ channel: String(channelId) }, state);
      },
    });
  }

  /** One finished data-plane request (its usage-log row). */
  observe(row: UsageLogRow, surface: string): void {
    const model = this.modelLabel(row);
    const status = row.httpStatus;
    this.counter(this.requests, `r|${surface}|${model}|${status}|${row.errorCode ?? ''}`, [surface, model, String(status), row.errorCode ?? '']).inc();
    this.histogram(this.latency, `l|${surface}|${row.stream}`, [surface, String(row.stream)]).observe(row.latencyMs / 1000);
    if (row.stream && row.ttftMs !== null) this.histogram(this.ttft, `t|${surface}`, [surface]).observe(row.ttftMs / 1000);
    for (const attempt of row.attempts) {
      const outcome = attemptOutcome(attempt);
      this.counter(this.attempts, `a|${attempt.channelId}|${outcome}`, [String(attempt.channelId), outcome]).inc();
    }
    if (row.promptTokens > 0) this.counter(this.tokens, `k|${model}|prompt`, [model, 'prompt']).inc(row.promptTokens);
    if (row.completionTokens > 0) this.counter(this.tokens, `k|${model}|completion`, [model, 'completion']).inc(row.completionTokens);
    if (row.cachedTokens > 0) this.counter(this.tokens, `k|${model}|cached`, [model, 'cached']).inc(row.cachedTokens);
    if (row.cost > 0n) {
      const bucket = row.bucket ?? 'none';
      this.counter(this.cost, `c|${model}|${bucket}`, [model, bucket]).inc(Number(row.cost));
    }
    if (status === 429) this.counter(this.rateLimited, `q|${surface}`, [surface]).inc();
  }

  /** One billing round trip's time. */
  billingStatement(seconds: number): void {
    this.billingLatency.observe(seconds);
  }

  private modelLabel(row: UsageLogRow): string {
    const model = row.modelId;
    if (model === null) return 'none';
    if (this.models.has(model)) return model;
    // A name the request was refused for (unknown, malformed, not allowed) earns no label of its own.
    const refusedForItsName = row.httpStatus === 400 || row.httpStatus === 403 || row.httpStatus === 404 || row.httpStatus === 413;
    if (refusedForItsName || this.models.size >= MAX_MODEL_LABELS) return 'other';
    this.models.add(model);
    return model;
  }

  private counter<T extends string>(metric: Counter<T>, key: string, values: string[]): { inc(n?: number): void } {
    let child = this.children.get(key);
    if (!child) {
      child = metric.labels(...values);
      this.children.set(key, child);
    }
    return child;
  }

  private histogram<T extends string>(metric: Histogram<T>, key: string, values: string[]): { observe(v: number): void } {
    let child = this.histogramChildren.get(key);
    if (!child) {
      child = metric.labels(...values);
      this.histogramChildren.set(key, child);
    }
    return child;
  }
}
