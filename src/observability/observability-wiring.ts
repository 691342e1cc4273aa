import type { Database } from '../db/database';
import type { SqlScriptRunner } from '../db/sql-runner';
import { QuotaBilling } from '../domain/billing/billing.service';
import type { Billing } from '../domain/billing/billing.types';
import type { RefusedJournalEntries } from '../domain/billing/refused-journal-entries';
import type { DataPlaneServices } from '../gateway/data-plane-services';
import { UsageLogWriter } from '../domain/usage/usage-log-writer';
import type { UsageLogSink } from '../domain/usage/usage-log.types';
import type { Logger } from '../lib/logger';
import { GatewayMetrics, type MetricSources } from './gateway-metrics';
import { InFlightRequests } from './in-flight';
import { RequestObserver } from './request-observer';

const BREAKER_GAUGE = { CLOSED: 0, HALF_OPEN: 1, OPEN: 2 } as const;

export interface Observability {
  /** Undefined with METRICS_ENABLED=false: nothing is counted and /metrics is a 404. */
  metrics: GatewayMetrics | undefined;
  inFlight: InFlightRequests;
  /** `db` whose billing scripts are timed into the metrics. */
  timed(db: Database): Database;
  /** Reads the live services at scrape time; returns what sees every finished data-plane request (access line + metrics). */
  attach(deps: {
    db: Pick<Database, 'poolStats'>; usageLog: UsageLogSink; billing: Billing; refusedJournalEntries: Pick<RefusedJournalEntries, 'count'>;
    dataPlane: Pick<DataPlaneServices, 'breakers' | 'upstream' | 'concurrencyLimiter' | 'rateLimiter'>;
  }): RequestObserver;
}

/** The observability half of the composition root, made first so billing can be timed from its start. */
export function createObservability(logger: Logger, options: { metrics: boolean }): Observability {
  const inFlight = new InFlightRequests();
  const sources: MetricSources = {
    activeStreams: () => inFlight.streams().length,
    usageLogQueue: () => ({ pending: 0, dropped: 0 }),
    quotaLeasesHeld: () => 0,
    uncoveredCharges: () => ({ count: 0, units: 0n }),
    refusedJournalEntries: () => 0,
    dbPool: () => ({ inUse: 0, waiting: 0 }),
    breakerStates: () => [],
    upstreamConnections: () => ({ inUse: 0, waiting: 0 }),
    concurrencySlotsHeld: () => 0,
    rateLimitStoreFallbacks: () => ({ open: 0, local: 0 }),
  };
  const metrics = options.metrics ? new GatewayMetrics(sources) : undefined;
  return {
    metrics,
    inFlight,
    timed(db) {
      if (!metrics) return db;
      const script: SqlScriptRunner = async (text) => {
        const started = performance.now();
        try {
          return await db.script(text);
        } finally {
          metrics.billingStatement((performance.now() - started) / 1000);
        }
      };
      return { ...db, script };
    },
    attach({ db, usageLog, billing, refusedJournalEntries, dataPlane: { breakers, upstream, concurrencyLimiter, rateLimiter } }) {
      const writer = usageLog instanceof UsageLogWriter ? usageLog : undefined;
      const leases = billing instanceof QuotaBilling ? billing.leases : undefined;
      sources.usageLogQueue = () => ({ pending: writer?.pending ?? 0, dropped: writer?.droppedRows ?? 0 });
      sources.quotaLeasesHeld = () => leases?.held ?? 0;
      const anomalies = billing instanceof QuotaBilling ? billing.anomalies : undefined;
      sources.uncoveredCharges = () => ({ count: anomalies?.uncoveredCharges ?? 0, units: anomalies?.uncoveredUnits ?? 0n });
      sources.refusedJournalEntries = () => refusedJournalEntries.count;
      sources.dbPool = () => db.poolStats();
      sources.upstreamConnections = () => upstream.connections();
      sources.concurrencySlotsHeld = () => concurrencyLimiter.held();
      sources.rateLimitStoreFallbacks = () => rateLimiter.storeFallbacks();
      sources.breakerStates = function* () {
        for (const [channelId, state] of breakers.states()) yield [channelId, BREAKER_GAUGE[state]];
      };
      return new RequestObserver(logger, metrics);
    },
  };
}
