import type { Config } from '../../config';
import type { Billing } from '../../domain/billing/billing.types';
import type { ChargeAnomalies } from '../../domain/billing/charge-anomalies';
import type { UsageLogSink } from '../../domain/usage/usage-log.types';
import type { Logger } from '../../lib/logger';
import type { RequestObserver } from '../../observability/request-observer';
import type { Tracer } from '../../lib/tracing';
import type { ClientAddressOf } from '../client-address';
import type { DataPlaneServices } from '../data-plane-services';
import type { DisplayRate } from './price-report';

/** Everything the /v1 handlers use; all of it in memory except billing's two statements. */
export interface GatewayDeps extends Omit<DataPlaneServices, 'rateLimiter' | 'concurrencyLimiter' | 'channelProbe' | 'listChannelModels'> {
  config: Pick<Config, 'bodyLimitBytes' | 'audioFileLimitBytes' | 'corsOrigins' | 'routing' | 'gateway'>;
  logger: Logger;
  billing: Billing;
  /** Upstream reports beyond what a request allowed, logged and counted. */
  chargeAnomalies: ChargeAnomalies;
  usageLog: UsageLogSink;
  /** The caller's address for IP allow-lists (TRUSTED_PROXIES decides whether X-Forwarded-For counts). */
  clientAddress: ClientAddressOf;
  /** null when tracing is off: then no request has a span. */
  tracer: Tracer | null;
  /**
   * The access line and metrics of a finished request. The router calls it for every HTTP
   * request; realtime sessions, whose responses are billed apart from any HTTP request, call it
   * per response and once per session.
   */
  requestObserver: Pick<RequestObserver, 'finished' | 'sessionEnded'>;
  /** How quota units are shown to callers (the price headers and `usage.cost`); read per request, the settings can change. */
  displayRate: () => DisplayRate;
}
