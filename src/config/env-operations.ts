import { z } from 'zod';
import { bool, otlpProtocol, positiveInt } from './env-values';

/**
 * Running the gateway: logs, developer tools, metrics, shutdown and readiness, alerts, cluster
 * jobs, what happens to old usage rows, and tracing.
 */
export const operationsEnv = {
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** `json` lines; `pretty` for people; `auto`: pretty when stderr is a terminal. */
  LOG_FORMAT: z.enum(['json', 'pretty', 'auto']).default('auto'),
  /** Serve GraphiQL at /graphql to browsers. Default: on, off when NODE_ENV=production. */
  GRAPHIQL: bool.optional(),
  /** Answer `__schema` / `__type`; defaults to GRAPHIQL (GraphiQL needs it). */
  GRAPHQL_INTROSPECTION: bool.optional(),
  /** When set, GET /metrics wants `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Without METRICS_TOKEN, serve /metrics to anyone. Default: on, off when NODE_ENV=production. */
  METRICS_PUBLIC: bool.optional(),
  /** false: no Prometheus registry at all (GET /metrics is a 404, nothing counted per request); the bench's baseline. */
  METRICS_ENABLED: bool.default(true),
  /** After SIGTERM/SIGINT: how long running requests and streams may take to finish. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(30_000),
  /** After SIGTERM/SIGINT: how long /readyz fails while new requests are still served, before the listener closes. */
  DRAIN_NOTICE_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  /** /readyz fails when the database does not answer `select 1` within this. */
  READY_DB_TIMEOUT_MS: positiveInt.default(1_000),
  /** JSON POST per incident (channel disabled automatically, breaker open too long); unset: log only. */
  ALERT_WEBHOOK_URL: z.string().regex(/^https?:\/\//, 'must start with http:// or https://').optional(),
  /** A breaker still open after this long is an incident (alert webhook). */
  BREAKER_ALERT_AFTER_MS: positiveInt.default(300_000),
  /** How often channels the gateway took out itself (DISABLED_AUTO, open breaker) are probed; 0 = never. */
  CHANNEL_PROBE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** How long a periodic job whose instance died mid-run stays held before another instance takes it over. */
  CLUSTER_JOB_LEASE_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** How often each instance writes its channel health (breaker, counts, latency) for the others' views; breaker changes are written at once. */
  CHANNEL_HEALTH_REPORT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Days raw usage rows are kept; older whole months are archived to compressed CSV and removed. 0: forever. */
  USAGE_RETENTION_DAYS: z.coerce.number().int().refine((n) => n === 0 || (n >= 31 && n <= 36_500), 'must be 0 (keep forever) or 31 to 36500').default(0),
  /** Where archived months go (one `usage-YYYY-MM.csv.gz` each); default DATA_DIR/usage-archive. */
  USAGE_ARCHIVE_DIR: z.string().min(1).optional(),
  /** Monthly partitions of usage_logs and ledger_entries are kept ready this many months ahead. */
  PARTITION_MONTHS_AHEAD: z.coerce.number().int().min(1).max(24).default(3),
  /** How often a cluster job folds the hours written since into the statistics' summaries; 0: never (statistics stay exact, only slower). */
  USAGE_SUMMARY_INTERVAL_MS: z.coerce.number().int().refine((n) => n === 0 || (n >= 1_000 && n <= 86_400_000), 'must be 0 (off) or 1000 to 86400000').default(60_000),
  /** OpenTelemetry: set to export traces over OTLP/HTTP to `<endpoint>/v1/traces`; unset: tracing off and free. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().regex(/^https?:\/\//, 'must start with http:// or https://').optional(),
  /** The full traces URL, used as is (wins over OTEL_EXPORTER_OTLP_ENDPOINT). */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().regex(/^https?:\/\//, 'must start with http:// or https://').optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol.default('http/protobuf'),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(128).default('model-gateway'),
};
