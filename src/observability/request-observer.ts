import type { UsageLogRow } from '../domain/usage/usage-log.types';
import type { Logger } from '../lib/logger';
import type { GatewayMetrics } from './gateway-metrics';

/** One realtime session as its access line tells it (each of its responses has a line and a usage row of its own). */
export interface RealtimeSessionSummary {
  /** The upgrade's request id (the x-request-id the caller got). */
  requestId: string;
  userId: number;
  tokenId: number;
  model: string | null;
  channelId: number;
  /** Who ended it: the caller, the upstream, the drain, or an exhausted balance. */
  endedBy: 'client' | 'upstream' | 'drain' | 'exhausted';
  responses: number;
  /** What its responses were charged in all, in quota units. */
  cost: bigint;
  durationMs: number;
}

/**
 * Sees every finished data-plane request once (a realtime session's responses each count as one): the gateway router calls `finished` at the end of
 * every /v1 and /v1beta request, served or refused, refusals before authentication included
 * (a 401, 404, 405 or 413 too). Writes the access line (request id, surface, who, model, channels
 * tried, status, error, tokens, cost, timings; never the key) and counts the request's metrics.
 * `surface` is the route's label: a surface name, `models`, `count_tokens`, or `none` for a
 * request no route took.
 */
export class RequestObserver {
  private readonly access: Logger;

  constructor(logger: Logger, private readonly metrics: GatewayMetrics | undefined) {
    this.access = logger.child({ log: 'access' }, { hotPath: true });
  }

  finished(row: UsageLogRow, surface: string): void {
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

  /** A realtime session closed: its one access line (its responses were observed one by one, as `finished` requests). */
  sessionEnded(session: RealtimeSessionSummary): void {
    this.access.info('realtime session', { ...session, surface: 'realtime', cost: session.cost.toString() });
  }
}
