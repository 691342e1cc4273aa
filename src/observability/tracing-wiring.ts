import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import { tracingOff, type Tracing } from '../lib/tracing';

/**
 * Tracing as configured: off (no SDK module is even loaded) unless an OTLP endpoint is set.
 * Spans are exported in batches over OTLP/HTTP; a collector that is down costs dropped spans
 * and one warning a minute, never a request.
 */
export function createTracing(config: Config['tracing'], logger: Logger): Tracing {
  if (!config.url) return tracingOff;
  // Required here, not imported at the top, so that a gateway without tracing never loads the SDK.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startOtelTracing } = require('./otel-tracing') as typeof import('./otel-tracing');
  const tracing = startOtelTracing({ url: config.url, protocol: config.protocol, serviceName: config.serviceName }, logger);
  // The URL's host and path only: user info in it would be a credential.
  const { host, pathname } = new URL(config.url);
  logger.info('tracing on: spans are exported over OTLP', { url: `${host}${pathname}`, protocol: config.protocol, serviceName: config.serviceName });
  return tracing;
}
