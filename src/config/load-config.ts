import { join, resolve } from 'node:path';
import { parseProvidersEnv, type CheckedProviderInput } from '../domain/accounts/sign-in-provider-settings';
import { trimTrailingSlashes } from '../lib/linear-text';
import type { Config } from './config-shape';
import { EnvSchema, type ParsedEnv } from './env-schema';

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
function paymentProblems(e: ParsedEnv): string[] {
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
