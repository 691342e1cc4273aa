import type { AccountThrottles } from '../domain/accounts/abuse-throttle';
import type { CheckedProviderInput } from '../domain/accounts/sign-in-provider-settings';
import type { RuntimeSettingsValues } from '../domain/settings/settings-definitions';

// What the rest of the gateway reads: the settings loadConfig derives from the environment,
// grouped by the part of the code that uses them rather than by variable name.

export interface Config {
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string; poolMax: number } | { kind: 'embedded'; dataDir: string; poolMax: number };
  dataDir: string;
  admin: { email: string; password: string | undefined };
  secretKey: string | undefined;
  /** First values of the runtime settings (src/domain/settings); read them from services.settings. */
  settingsSeed: RuntimeSettingsValues;
  mail: { smtpUrl: string | undefined; from: string; verificationTtlMs: number; linkBaseUrl: string };
  bodyLimitBytes: number;
  /** Largest audio file on the multipart audio surfaces (OpenAI's own limit is 25 MB). */
  audioFileLimitBytes: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  demoUpstream: boolean;
  corsOrigins: string[] | '*';
  routing: {
    maxAttempts: number; breakerFailures: number; breakerCooldownMs: number;
    affinity: { memoryEntries: number; prefixBytes: number };
  };
  gateway: { sseKeepAliveMs: number; upstreamConnections: number; upstreamPoolWaitMs: number; trustedProxies: string[] };
  billing: {
    commit: 'fast' | 'durable';
    reservationMaxAgeMs: number;
    leases: { enabled: boolean; idleMs: number; maxAgeMs: number };
    /** OUTAGE_ALLOWANCE_UNITS */
    outageAllowanceUnits: bigint;
    /** Where the durable charge journal lives (DATA_DIR). */
    journalDir: string;
  };
  sessionTtlMs: number;
  /** Passkeys: the relying party (RP ID, shown name) and the origins a ceremony may come from. */
  webauthn: { rpId: string; rpName: string; origins: string[] };
  /** Sign-in providers from SIGNIN_PROVIDERS, created at start when no provider has their slug yet. */
  signInProvidersSeed: CheckedProviderInput[];
  /** PUBLIC_URL: where people reach the gateway; redirect URLs are built from it (else from the request's host). */
  publicUrl: string | undefined;
  payments: PaymentsConfig;
  rateLimit: {
    /** The concurrency limits themselves are runtime settings (seeded by MAX_CONCURRENT_PER_KEY / _PER_USER). */
    redisUrl: string | undefined; redisKeyPrefix: string;
  };
  accountThrottles: AccountThrottles;
  graphql: { graphiql: boolean; introspection: boolean; corsOrigins: string[] };
  http: { headersTimeoutMs: number; requestTimeoutMs: number; maxConnections: number };
  channelAllowPrivate: boolean;
  secretKeyPrevious: string[];
  ops: {
    logFormat: 'json' | 'pretty' | 'auto'; metricsEnabled: boolean; metricsToken: string | undefined; metricsPublic: boolean; shutdownGraceMs: number; drainNoticeMs: number; readyDbTimeoutMs: number;
    alertWebhookUrl: string | undefined; breakerAlertAfterMs: number; channelProbeIntervalMs: number;
    clusterJobLeaseMs: number; channelHealthReportMs: number;
  };
  /** Raw usage rows older than `usageDays` (0: never) are archived to `archiveDir` by whole months and removed. */
  retention: { usageDays: number; archiveDir: string };
  /** Monthly partitions (usage_logs, ledger_entries) created this many months ahead by a cluster job. */
  partitions: { monthsAhead: number };
  /** The statistics' summaries of the hourly rollups, refreshed by a cluster job every `intervalMs` (0: never). */
  usageSummaries: { intervalMs: number };
  /** OpenTelemetry traces; `url` null: off. */
  tracing: { url: string | null; protocol: 'http/protobuf' | 'http/json'; serviceName: string };
}

export interface PaymentsConfig {
  /** The custom HMAC webhook's secret. */
  webhookSecret: string | undefined;
  toleranceSeconds: number;
  publicUrl: string | undefined;
  orderTtlMs: number;
  reconcile: { intervalMs: number; minAgeMs: number };
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | null;
  epay: { url: string; pid: string; key: string } | null;
}

