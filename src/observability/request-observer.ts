import type { UsageLogRow, UsageLogSink } from '../domain/usage/usage-log.types';
import type { Logger } from '../lib/logger';
import type { GatewayMetrics } from './gateway-metrics';

/**
 * Sees every finished data-plane request once, through the one seam every request already
 * passes: its usage-log row. Writes the access line (request id, surface, who, model, channels
 * tried, status, error, tokens, cost, timings) and counts the request's metrics.
 */
export class RequestObserver {
  private readonly access: Logger;

  constructor(logger: Logger, private readonly metrics: GatewayMetrics | undefined) {
    this.access = logger.child({ log: 'access' }, { hotPath: true });
  }

  finished(row: UsageLogRow): void {
    const surface = row.surface;
    this.metrics?.observe(row, surface);
    this.access.info('request', {
      requestId: row.requestId,
      surface,
      userId: row.userId,
      tokenId: row.tokenId,
      model: row.modelId,
      channels: row.attempts.map((a) => a.channelId),
      channelId: row.channelId,
      status: row.httpStatus,
      outcome: row.outcome,
      errorCode: row.errorCode,
      stream: row.stream,
      promptTokens: row.promptTokens,
      completionTokens: row.completionTokens,
      cost: row.cost.toString(),
      bucket: row.bucket,
      latencyMs: row.latencyMs,
      ttftMs: row.ttftMs,
    });
  }
}

/** The usage-log sink the data plane writes to, observed: the row is queued, then seen. */
export function observedUsageSink(sink: UsageLogSink, observer: RequestObserver): UsageLogSink {
  return {
    write(row) {
      sink.write(row);
      try {
        observer.finished(row);
      } catch {
        // Observing must never fail a request; a broken log destination is pino's to report.
      }
    },
    flush: () => sink.flush(),
  };
}
