import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { AccountThrottles } from './domain/accounts/abuse-throttle';
import { MAX_FREE_QUOTA, type RuntimeSettingsValues } from './domain/settings/settings-definitions';
import { parseProvidersEnv, type CheckedProviderInput } from './domain/accounts/sign-in-provider-settings';
import { IpAllowList } from './domain/tokens/ip-allow-list';
import { trimTrailingSlashes } from './lib/linear-text';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();
const quota = z
  .string()
  .regex(/^\d+$/, 'must be a whole number of quota units')
  .transform((v) => BigInt(v));

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
const byteSize = z
  .string()
  .regex(/^\d+\s*(b|kb|mb|gb)?$/i, 'must be a size such as 1048576, 512kb or 2mb')
  .transform((v) => {
    const m = /^(\d+)\s*([a-z]*)$/i.exec(v.trim())!;
    return Number(m[1]) * SIZE_UNITS[(m[2] || 'b').toLowerCase()]!;
  });

const timezone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as UTC or Asia/Shanghai');

const addressList = z
  .string()
  .transform((v) => v.split(',').map((e) => e.trim()).filter((e) => e.length > 0))
  .refine((entries) => new IpAllowList(entries).invalid.length === 0, 'must be addresses or CIDRs separated by commas');

/** OTLP over HTTP only: the gRPC exporter would pull in a gRPC stack for nothing a collector on 4318 does not take. */
const otlpProtocol = z.enum(['http/protobuf', 'http/json'], { message: 'must be http/protobuf or http/json (grpc is not supported)' });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_MAX: positiveInt.default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Key for channel secrets at rest. Embedded mode generates one under DATA_DIR when unset. */
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // SIGNUP_GRANT .. QUOTA_PER_UNIT seed the runtime settings: only their first value, when the
  // settings row does not exist yet; after that the database (updateSettings) wins.
  REGISTRATION_OPEN: bool.default(true),
  PASSWORD_SIGNUP: bool.default(true),
  EMAIL_VERIFICATION: bool.default(false),
  ADMIN_TWO_FACTOR_REQUIRED: bool.default(false),
  SIGNUP_GRANT: quota.refine((v) => v <= MAX_FREE_QUOTA, `must be at most ${MAX_FREE_QUOTA}`).default(500000n),
  CHECKIN_AMOUNT: quota.refine((v) => v <= MAX_FREE_QUOTA, `must be at most ${MAX_FREE_QUOTA}`).default(100000n),
  DEFAULT_TIMEZONE: timezone.default('UTC'),
  DISPLAY_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD or CNY').default('USD'),
  /** Quota units shown as one unit of DISPLAY_CURRENCY. QUOTA_PER_USD is its older name. */
  QUOTA_PER_UNIT: positiveInt.optional(),
  /** SMTP server for e-mail (smtp://user:pass@host:587, smtps://...:465); unset: mails are only logged. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Model Gateway <no-reply@localhost>'),
  EMAIL_VERIFICATION_TTL_HOURS: positiveInt.default(24),
  BODY_LIMIT: byteSize.default(4 * 1024 * 1024),
  AUDIO_FILE_LIMIT: byteSize.default(25 * 1024 * 1024),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  DEMO_UPSTREAM: bool.optional(),
  CORS_ORIGINS: z.string().default('*'),
  /** How many channels one request may try before giving up. */
  MAX_ATTEMPTS: positiveInt.default(3),
  BREAKER_FAILURES: positiveInt.default(5),
  BREAKER_COOLDOWN_MS: positiveInt.default(30000),
  /**
   * Seeds the affinityTtlSeconds runtime setting (only its first value, like the other seeds):
   * how long a prompt-cache session stays on its channel and key after its last request (vendors
   * keep a prompt cache about 5 minutes after its last use); 0 turns affinity off.
   */
  AFFINITY_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Sessions remembered per process when there is no Redis (least recently used dropped first). */
  AFFINITY_MEMORY_ENTRIES: positiveInt.default(100_000),
  /** At most this many bytes of the leading prompt are hashed when a request names no session. */
  AFFINITY_PREFIX_BYTES: positiveInt.default(8_192),
  /** SSE comment sent after this much silence on a stream; 0 turns keep-alives off. */
  SSE_KEEPALIVE_MS: z.coerce.number().int().min(0).default(15000),
  /** Upstream sockets kept per origin (one undici Pool each). */
  UPSTREAM_CONNECTIONS: positiveInt.default(256),
  /** How long a request may wait for one of those sockets; then 503 `gateway_busy`, never the channel's fault. */
  UPSTREAM_POOL_WAIT_MS: positiveInt.default(10_000),
  /**
   * How reserve/settle commit. `fast`: each billing statement's own transaction runs with
   * synchronous_commit = off, so the gateway does not wait for the WAL flush (~5 ms on a plain
   * disk, and the hot user/token rows stay locked until it ends). Balance and ledger row still
   * commit together; a crash of the PostgreSQL server (not of the gateway) can lose the last
   * ~0.6 s (3 x wal_writer_delay) of charges and holds; holds whose settle was lost are released
   * by the RESERVATION_MAX_AGE_MS sweep. `durable`: every billing commit waits for the flush.
   */
  BILLING_COMMIT: z.enum(['fast', 'durable']).default('fast'),
  /**
   * A quota hold of this process older than this, and not belonging to a request it is still
   * serving, is finished by the periodic sweep (settled from the usage log, else released):
   * what a settle lost to a database crash or error leaves behind. Keep it above the longest
   * request (MAX_ATTEMPTS x the longest channel total timeout).
   */
  RESERVATION_MAX_AGE_MS: positiveInt.default(30 * 60_000),
  /**
   * `true`: a key with steady traffic (a few requests a second) and plenty of quota is served out
   * of a block of its quota this process holds in the database (a lease), so its requests are
   * admitted with no database round trip and charged by one statement each. While held, a lease
   * shows as reserved quota and other processes cannot spend it; it is given back after
   * QUOTA_LEASE_IDLE_MS unused, after QUOTA_LEASE_MAX_AGE_MS, at shutdown, and at once when an
   * admin changes the user's quota, subscriptions or any token. `false`: every request reserves
   * in the database.
   */
  QUOTA_LEASES: bool.default(true),
  QUOTA_LEASE_IDLE_MS: positiveInt.default(2_000),
  QUOTA_LEASE_MAX_AGE_MS: positiveInt.default(30_000),
  /**
   * While the database cannot be reached, requests are still admitted out of quota leases this
   * process holds, up to this many quota units per process not yet confirmed by a charge in the
   * database; past it callers get 503. Their charges wait in the durable charge journal under
   * DATA_DIR. 0: nothing is admitted without the database.
   */
  OUTAGE_ALLOWANCE_UNITS: z.coerce.number().int().min(0).default(200_000),
  /**
   * Proxies in front of the gateway (addresses or CIDRs, comma-separated) whose X-Forwarded-For
   * is believed when it works out the caller's address for IP allow-lists. Empty: the socket's
   * peer, and X-Forwarded-For is ignored.
   */
  TRUSTED_PROXIES: addressList.default([]),
  SESSION_TTL_HOURS: positiveInt.default(24 * 7),
  /** Sign-in providers to create at start when missing (docs/sign-in-providers.md); a JSON array. */
  SIGNIN_PROVIDERS: z.string().optional(),
  QUOTA_PER_USD: positiveInt.default(500000),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: positiveInt.default(300),
  /**
   * Origins (scheme://host[:port], comma-separated) the console is served from, which passkey
   * ceremonies must come from; default: PUBLIC_URL's origin. WEBAUTHN_RP_ID defaults to the first
   * origin's host name (passkeys are bound to it: changing it strands every registered passkey).
   */
  WEBAUTHN_ORIGINS: z.string().optional(),
  WEBAUTHN_RP_ID: z.string().regex(/^[a-z0-9.-]{1,253}$/i, 'must be a host name such as gateway.example.com').optional(),
  WEBAUTHN_RP_NAME: z.string().min(1).max(64).default('Model gateway'),
  /** Where users reach this gateway; checkout return URLs and the epay notify URL are built from it. */
  PUBLIC_URL: z.string().url().regex(/^https?:\/\//, 'must be an http(s) URL').transform(trimTrailingSlashes).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API host (stripe-mock, a test fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: z.string().url().regex(/^https?:\/\//, 'must be an http(s) URL').optional(),
  /** The epay (易支付) gateway, e.g. https://pay.example.com; enabled with EPAY_PID and EPAY_KEY. */
  EPAY_URL: z.string().url().regex(/^https?:\/\//, 'must be an http(s) URL').transform(trimTrailingSlashes).optional(),
  EPAY_PID: z.string().regex(/^\w{1,64}$/, 'must be the merchant id epay gave you').optional(),
  EPAY_KEY: z.string().min(1).optional(),
  /** Unpaid orders are cancelled (EXPIRED) this long after they were created. */
  ORDER_TTL_MINUTES: positiveInt.default(60),
  PAYMENT_RECONCILE_INTERVAL_S: positiveInt.default(300),
  /** Reconciliation asks providers only about orders at least this old (their notification had its chance). */
  PAYMENT_RECONCILE_MIN_AGE_S: z.coerce.number().int().min(0).default(120),
  /** Shared store for limits that must hold across gateway processes; unset: in-process limits. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('gw:'),
  /** Seeds the defaultRpm setting: requests per minute per API key when the token sets none; 0 = unlimited. */
  RATE_LIMIT_RPM: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Seeds the defaultMaxConcurrentPerKey setting: requests in progress at once per API key when the token sets none; 0 = unlimited. */
  MAX_CONCURRENT_PER_KEY: z.coerce.number().int().min(0).max(100_000).default(32),
  /** Seeds the maxConcurrentPerUser setting: requests in progress at once over all of a user's keys; 0 = unlimited. */
  MAX_CONCURRENT_PER_USER: z.coerce.number().int().min(0).max(100_000).default(64),
  /** Seeds the maxRpmPerUser setting: requests per minute over all of a user's keys; 0 = unlimited. */
  RATE_LIMIT_RPM_PER_USER: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** A client must send its request headers within this long. */
  HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
  /** A client must send its whole request (headers and body) within this long; the response may take longer. */
  REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  /** Open client connections at most; more are closed at once. */
  MAX_CONNECTIONS: positiveInt.default(10_000),
  /** Accept channel base URLs on loopback, private and link-local networks (self-hosted models). */
  CHANNEL_ALLOW_PRIVATE: bool.default(false),
  /** Earlier SECRET_KEY values (comma-separated), still read so channel secrets survive a rotation. */
  SECRET_KEY_PREVIOUS: z.string().optional(),
  /** `production` turns off what only a developer needs: GraphiQL, introspection and an open /metrics (each can be turned back on). */
  NODE_ENV: z.string().optional(),
  /** Serve GraphiQL at /graphql to browsers. Default: on, off when NODE_ENV=production. */
  GRAPHIQL: bool.optional(),
  /** Answer `__schema` / `__type`; defaults to GRAPHIQL (GraphiQL needs it). */
  GRAPHQL_INTROSPECTION: bool.optional(),
  /** Origins (comma-separated) allowed to call /graphql from a browser page; empty: same origin only. */
  GRAPHQL_CORS_ORIGINS: z.string().default(''),
  /** Sign-in attempts per address per 15 minutes, whatever the account (0 = off). */
  SIGNIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(0).default(50),
  /** Sign-in attempts per address and email per 15 minutes (0 = off). */
  SIGNIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(0).default(10),
  /** Sign-ups per address per hour (0 = off). */
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(0).default(5),
  /** Sign-ups per hour from everywhere together (0 = off). */
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(0).default(300),
  /** `json` lines; `pretty` for people; `auto`: pretty when stderr is a terminal. */
  LOG_FORMAT: z.enum(['json', 'pretty', 'auto']).default('auto'),
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
});

export type Env = z.input<typeof EnvSchema>;

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

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; every bad value is reported as `NAME: reason`, one per line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Treat empty strings as unset so `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(cleaned[String(issue.path[0])] ?? null)})`),
    );
  }
  const e = parsed.data;
  const problems = paymentProblems(e);
  let signInProvidersSeed: CheckedProviderInput[] = [];
  try {
    signInProvidersSeed = parseProvidersEnv(e.SIGNIN_PROVIDERS);
  } catch (err) {
    problems.push((err as Error).message);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = resolve(e.DATA_DIR);
  const embedded = e.DATABASE_URL === undefined;
  // What a developer needs (GraphiQL, introspection, an open /metrics) is off in production unless turned on.
  const production = e.NODE_ENV === 'production';
  // Never the request's Host header: a forged one would send users' links elsewhere.
  const linkBaseUrl = e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    database: embedded
      ? { kind: 'embedded', dataDir, poolMax: e.DATABASE_POOL_MAX }
      : { kind: 'postgres', url: e.DATABASE_URL!, poolMax: e.DATABASE_POOL_MAX },
    dataDir,
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    secretKey: e.SECRET_KEY,
    settingsSeed: {
      registrationOpen: e.REGISTRATION_OPEN,
      passwordSignUpEnabled: e.PASSWORD_SIGNUP,
      emailVerificationRequired: e.EMAIL_VERIFICATION,
      signupGrant: e.SIGNUP_GRANT,
      checkInAmount: e.CHECKIN_AMOUNT,
      defaultTimezone: e.DEFAULT_TIMEZONE,
      defaultRpm: e.RATE_LIMIT_RPM,
      defaultMaxConcurrentPerKey: e.MAX_CONCURRENT_PER_KEY,
      maxConcurrentPerUser: e.MAX_CONCURRENT_PER_USER,
      maxRpmPerUser: e.RATE_LIMIT_RPM_PER_USER,
      displayCurrency: e.DISPLAY_CURRENCY,
      quotaPerUnit: BigInt(e.QUOTA_PER_UNIT ?? e.QUOTA_PER_USD),
      adminTwoFactorRequired: e.ADMIN_TWO_FACTOR_REQUIRED,
      // Invitation rewards start at nothing: an operator turns them on from the console.
      invitationRewardsEnabled: true,
      inviteVerifiedReward: 0n,
      inviteCommissionPercent: 0,
      affinityTtlSeconds: e.AFFINITY_TTL_SECONDS,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      verificationTtlMs: e.EMAIL_VERIFICATION_TTL_HOURS * 3600_000,
      linkBaseUrl,
    },
    bodyLimitBytes: e.BODY_LIMIT,
    audioFileLimitBytes: e.AUDIO_FILE_LIMIT,
    logLevel: e.LOG_LEVEL,
    demoUpstream: e.DEMO_UPSTREAM ?? embedded,
    corsOrigins: e.CORS_ORIGINS === '*' ? '*' : e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    routing: {
      maxAttempts: e.MAX_ATTEMPTS, breakerFailures: e.BREAKER_FAILURES, breakerCooldownMs: e.BREAKER_COOLDOWN_MS,
      affinity: { memoryEntries: e.AFFINITY_MEMORY_ENTRIES, prefixBytes: e.AFFINITY_PREFIX_BYTES },
    },
    gateway: {
      sseKeepAliveMs: e.SSE_KEEPALIVE_MS,
      upstreamConnections: e.UPSTREAM_CONNECTIONS,
      upstreamPoolWaitMs: e.UPSTREAM_POOL_WAIT_MS,
      trustedProxies: e.TRUSTED_PROXIES,
    },
    billing: {
      commit: e.BILLING_COMMIT,
      reservationMaxAgeMs: e.RESERVATION_MAX_AGE_MS,
      leases: { enabled: e.QUOTA_LEASES, idleMs: e.QUOTA_LEASE_IDLE_MS, maxAgeMs: e.QUOTA_LEASE_MAX_AGE_MS },
      outageAllowanceUnits: BigInt(e.OUTAGE_ALLOWANCE_UNITS),
      journalDir: dataDir,
    },
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    webauthn: webauthnConfig(e.WEBAUTHN_ORIGINS, e.WEBAUTHN_RP_ID, e.WEBAUTHN_RP_NAME, linkBaseUrl),
    signInProvidersSeed,
    publicUrl: e.PUBLIC_URL,
    payments: {
      webhookSecret: e.PAYMENT_WEBHOOK_SECRET,
      toleranceSeconds: e.PAYMENT_WEBHOOK_TOLERANCE_SECONDS,
      publicUrl: e.PUBLIC_URL,
      orderTtlMs: e.ORDER_TTL_MINUTES * 60_000,
      reconcile: { intervalMs: e.PAYMENT_RECONCILE_INTERVAL_S * 1000, minAgeMs: e.PAYMENT_RECONCILE_MIN_AGE_S * 1000 },
      stripe: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : null,
      epay: e.EPAY_URL && e.EPAY_PID && e.EPAY_KEY ? { url: e.EPAY_URL, pid: e.EPAY_PID, key: e.EPAY_KEY } : null,
    },
    rateLimit: { redisUrl: e.REDIS_URL, redisKeyPrefix: e.REDIS_KEY_PREFIX },
    channelAllowPrivate: e.CHANNEL_ALLOW_PRIVATE,
    secretKeyPrevious: (e.SECRET_KEY_PREVIOUS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    http: {
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
    },
    graphql: {
      graphiql: e.GRAPHIQL ?? !production,
      introspection: e.GRAPHQL_INTROSPECTION ?? e.GRAPHIQL ?? !production,
      corsOrigins: e.GRAPHQL_CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    },
    accountThrottles: {
      signInPerIp: { limit: e.SIGNIN_ATTEMPTS_PER_IP, windowMs: 15 * 60_000 },
      signInPerIpAccount: { limit: e.SIGNIN_ATTEMPTS_PER_ACCOUNT, windowMs: 15 * 60_000 },
      signUpPerIp: { limit: e.SIGNUPS_PER_IP_PER_HOUR, windowMs: 3600_000 },
      signUpGlobal: { limit: e.SIGNUPS_PER_HOUR, windowMs: 3600_000 },
    },
    ops: {
      logFormat: e.LOG_FORMAT, metricsEnabled: e.METRICS_ENABLED, metricsToken: e.METRICS_TOKEN, metricsPublic: e.METRICS_PUBLIC ?? !production, shutdownGraceMs: e.SHUTDOWN_GRACE_MS, drainNoticeMs: e.DRAIN_NOTICE_MS, readyDbTimeoutMs: e.READY_DB_TIMEOUT_MS,
      alertWebhookUrl: e.ALERT_WEBHOOK_URL, breakerAlertAfterMs: e.BREAKER_ALERT_AFTER_MS, channelProbeIntervalMs: e.CHANNEL_PROBE_INTERVAL_MS,
      clusterJobLeaseMs: e.CLUSTER_JOB_LEASE_MS, channelHealthReportMs: e.CHANNEL_HEALTH_REPORT_MS,
    },
    retention: { usageDays: e.USAGE_RETENTION_DAYS, archiveDir: resolve(e.USAGE_ARCHIVE_DIR ?? join(dataDir, 'usage-archive')) },
    partitions: { monthsAhead: e.PARTITION_MONTHS_AHEAD },
    usageSummaries: { intervalMs: e.USAGE_SUMMARY_INTERVAL_MS },
    tracing: {
      url: e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT ? `${trimTrailingSlashes(e.OTEL_EXPORTER_OTLP_ENDPOINT)}/v1/traces` : null),
      protocol: e.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? e.OTEL_EXPORTER_OTLP_PROTOCOL,
      serviceName: e.OTEL_SERVICE_NAME,
    },
  };
}

/**
 * The passkey relying party. Origins are compared exactly with what the browser signs
 * (clientDataJSON.origin), so they are normalised to scheme://host[:port] here.
 */
function webauthnConfig(origins: string | undefined, rpId: string | undefined, rpName: string, linkBaseUrl: string): Config['webauthn'] {
  const list = (origins ?? linkBaseUrl).split(',').map((o) => o.trim()).filter(Boolean);
  const parsed = list.map((o) => {
    try {
      const url = new URL(o);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
      return url;
    } catch {
      throw new ConfigError([`WEBAUTHN_ORIGINS: ${JSON.stringify(o)} is not an http(s) origin such as https://gateway.example.com`]);
    }
  });
  if (parsed.length === 0) throw new ConfigError(['WEBAUTHN_ORIGINS: name at least one origin']);
  return { rpId: (rpId ?? parsed[0]!.hostname).toLowerCase(), rpName, origins: parsed.map((u) => u.origin) };
}

/** A provider half-configured is a mistake worth refusing to start over, not a provider quietly off. */
function paymentProblems(e: z.output<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const stripe = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
  if (stripe === 1) problems.push('STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both to enable Stripe, or neither');
  const epay = [e.EPAY_URL, e.EPAY_PID, e.EPAY_KEY].filter(Boolean).length;
  if (epay > 0 && epay < 3) problems.push('EPAY_URL, EPAY_PID, EPAY_KEY: set all three to enable epay, or none');
  if ((stripe === 2 || epay === 3) && !e.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required when Stripe or epay is enabled (return and notify URLs are built from it)');
  }
  return problems;
}
