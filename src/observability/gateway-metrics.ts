import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { attemptOutcome } from '../domain/usage/attempt-outcome';
import type { UsageLogRow } from '../domain/usage/usage-log.types';
import { Tally, Timings } from './request-tallies';

/** What the scrape reads from live objects (called at scrape time, never per request). */
export interface MetricSources {
  activeStreams(): number;
  usageLogQueue(): { pending: number; dropped: number };
  quotaLeasesHeld(): number;
  /** Charges billing could not cover in full since start, and the quota units left unpaid. */
  uncoveredCharges(): { count: number; units: bigint };
  /** Charge journal entries the database refused for good and that were moved aside, since start. */
  refusedJournalEntries(): number;
  dbPool(): { inUse: number; waiting: number };
  /** Breaker state per channel id: 0 closed, 1 half-open, 2 open. */
  breakerStates(): Iterable<[channelId: number, state: 0 | 1 | 2]>;
  /** Upstream sockets in use and requests waiting for one (UPSTREAM_POOL_WAIT_MS), over every origin. */
  upstreamConnections(): { inUse: number; waiting: number };
  /** Requests holding a concurrency slot (the concurrency settings) in this process. */
  concurrencySlotsHeld(): number;
  /** Rate-limit decisions made without the shared store (Redis unreachable or slow) since start. */
  rateLimitStoreFallbacks(): { open: number; local: number };
}

/**
 * Model names come from callers (a typo is a new name), so only this many distinct ones get a
 * label of their own; the rest count as `other`. Keeps the series count bounded whatever is sent.
 */
const MAX_MODEL_LABELS = 200;
const LATENCY_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * The Prometheus registry of one gateway process. Per-request counting goes through `observe`
 * into tallies keyed by one concatenated string (request-tallies.ts: a Map lookup and an addition
 * each, rendered only at scrape time); gauges are read at scrape time too. No user, token or
 * request ids as labels: channels and models are admin-bounded, models capped.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly requests: Tally;
  private readonly latency: Timings;
  private readonly ttft: Timings;
  private readonly attempts: Tally;
  private readonly tokens: Tally;
  private readonly cost: Tally;
  private readonly rateLimited: Tally;
  private readonly billingLatency: Timings;
  private readonly models = new Set<string>();

  constructor(sources: MetricSources, options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    const registry = this.registry;
    this.requests = new Tally('gw_requests_total', 'Data-plane requests by surface, model, HTTP status and error code.', registry);
    this.latency = new Timings('gw_request_duration_seconds', 'Data-plane request duration, authentication to last byte.', LATENCY_BUCKETS, registry);
    this.ttft = new Timings('gw_time_to_first_token_seconds', 'Time to the first token of a streamed answer.', LATENCY_BUCKETS, registry);
    this.attempts = new Tally('gw_upstream_attempts_total', 'Upstream attempts by channel id and outcome.', registry);
    this.tokens = new Tally('gw_tokens_total', 'Tokens by model and kind (prompt, completion, cached).', registry);
    this.cost = new Tally('gw_cost_quota_units_total', 'Computed cost in quota units by model and paying bucket.', registry);
    this.rateLimited = new Tally('gw_rate_limit_refusals_total', 'Requests refused by a rate limit (429).', registry);
    this.billingLatency = new Timings(
      'gw_billing_statement_seconds', 'Billing round trips (reserve, settle, release statements; batched under load) to PostgreSQL.',
      [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1], registry,
    );
    new Gauge({ name: 'gw_active_streams', help: 'Streamed responses in progress.', registers, collect() { this.set(sources.activeStreams()); } });
    new Gauge({ name: 'gw_usage_log_queue_depth', help: 'Usage-log rows waiting to be written.', registers, collect() { this.set(sources.usageLogQueue().pending); } });
    new Gauge({
      name: 'gw_usage_log_dropped_rows', help: 'Usage-log rows dropped since start (queue full or refused by the database).', registers,
      collect() { this.set(sources.usageLogQueue().dropped); },
    });
    new Counter({
      name: 'gw_uncovered_charges_total', help: 'Requests whose cost the balance (beyond other holds) or the key\'s quota cap could not pay in full.', registers,
      collect() { this.reset(); this.inc(sources.uncoveredCharges().count); },
    });
    new Counter({
      name: 'gw_uncovered_cost_quota_units_total', help: 'Quota units of cost that could not be charged (recorded on the usage rows as uncovered_cost).', registers,
      collect() { this.reset(); this.inc(Number(sources.uncoveredCharges().units)); },
    });
    new Counter({
      name: 'gw_charge_journal_refused_total', help: 'Journaled charges the database refused for good, moved aside to DATA_DIR/refused-charges-<instance>.jsonl.', registers,
      collect() { this.reset(); this.inc(sources.refusedJournalEntries()); },
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
      name: 'gw_rate_limit_store_fallbacks',
      help: 'Rate-limit decisions made without Redis (unreachable or slower than 250 ms) since start: mode "open" let an API key request through, "local" applied a sign-in/sign-up/resend throttle in this process alone.',
      labelNames: ['mode'], registers,
      collect() {
        const fallbacks = sources.rateLimitStoreFallbacks();
        this.set({ mode: 'open' }, fallbacks.open);
        this.set({ mode: 'local' }, fallbacks.local);
      },
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
    const status = String(row.httpStatus);
    const errorCode = row.errorCode ?? '';
    this.requests.add(`${surface}|${model}|${status}|${errorCode}`, () => ({ surface, model, status, error_code: errorCode }));
    const stream = String(row.stream);
    this.latency.observe(`${surface}|${stream}`, () => ({ surface, stream }), row.latencyMs / 1000);
    if (row.stream && row.ttftMs !== null) this.ttft.observe(surface, () => ({ surface }), row.ttftMs / 1000);
    for (const attempt of row.attempts) {
      const channel = String(attempt.channelId);
      const outcome = attemptOutcome(attempt);
      this.attempts.add(`${channel}|${outcome}`, () => ({ channel, outcome }));
    }
    if (row.promptTokens > 0) this.tokens.add(`${model}|prompt`, () => ({ model, kind: 'prompt' }), row.promptTokens);
    if (row.completionTokens > 0) this.tokens.add(`${model}|completion`, () => ({ model, kind: 'completion' }), row.completionTokens);
    if (row.cachedTokens > 0) this.tokens.add(`${model}|cached`, () => ({ model, kind: 'cached' }), row.cachedTokens);
    if (row.cost > 0n) {
      const bucket = row.bucket ?? 'none';
      this.cost.add(`${model}|${bucket}`, () => ({ model, bucket }), Number(row.cost));
    }
    if (row.httpStatus === 429) this.rateLimited.add(surface, () => ({ surface }));
  }

  /** One billing round trip's time. */
  billingStatement(seconds: number): void {
    this.billingLatency.observe('', () => ({}), seconds);
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
}
