import { ConfigError, loadConfig } from '../../src/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('starts with no configuration at all: embedded database, demo upstream on, safe defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database.kind).toBe('embedded');
    expect(config.demoUpstream).toBe(true);
    expect(config.settingsSeed).toEqual({
      registrationOpen: true, passwordSignUpEnabled: true, emailVerificationRequired: false, signupGrant: 500000n, checkInAmount: 100000n,
      defaultTimezone: 'UTC', defaultRpm: 0, defaultMaxConcurrentPerKey: 32, maxConcurrentPerUser: 64, maxRpmPerUser: 0, displayCurrency: 'USD', quotaPerUnit: 500000n,
      adminTwoFactorRequired: false, invitationRewardsEnabled: true, inviteVerifiedReward: 0n, inviteCommissionPercent: 0, affinityTtlSeconds: 300,
    });
    expect(config.bodyLimitBytes).toBe(4 * 1024 * 1024);
  });

  it('switches to PostgreSQL with DATABASE_URL, where the demo upstream is off unless asked for', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/gw' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/gw', poolMax: 10 });
    expect(config.demoUpstream).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/gw', DEMO_UPSTREAM: 'true' }).demoUpstream).toBe(true);
  });

  it('parses sizes, quota amounts and lists', () => {
    const config = loadConfig({ BODY_LIMIT: '512kb', CHECKIN_AMOUNT: '9007199254740993', CORS_ORIGINS: 'https://a.example, https://b.example' });
    expect(config.bodyLimitBytes).toBe(512 * 1024);
    expect(config.settingsSeed.checkInAmount).toBe(9007199254740993n);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'eighty', /^PORT: /],
    ['PORT', '70000', /^PORT: /],
    ['DATABASE_URL', 'mysql://x', /^DATABASE_URL: must start with postgres/],
    ['ADMIN_EMAIL', 'not-an-email', /^ADMIN_EMAIL: /],
    ['ADMIN_PASSWORD', 'short', /^ADMIN_PASSWORD: must be at least 8/],
    ['SECRET_KEY', 'too-short', /^SECRET_KEY: must be at least 32/],
    ['SIGNUP_GRANT', '-5', /^SIGNUP_GRANT: must be a whole number/],
    ['CHECKIN_AMOUNT', '1.5', /^CHECKIN_AMOUNT: must be a whole number/],
    ['DEFAULT_TIMEZONE', 'Mars/Olympus', /^DEFAULT_TIMEZONE: must be an IANA time zone/],
    ['BODY_LIMIT', 'lots', /^BODY_LIMIT: must be a size/],
    ['LOG_LEVEL', 'chatty', /^LOG_LEVEL: /],
    ['DEMO_UPSTREAM', 'maybe', /^DEMO_UPSTREAM: /],
  ])('names %s when it is bad (%s)', (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('reports every bad variable at once, one line each', () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'y' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['LOG_LEVEL', 'PORT']);
  });
});

describe('loadConfig: payments', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
  const epay = { EPAY_URL: 'https://pay.example.com/', EPAY_PID: '1001', EPAY_KEY: 'k' };

  it('enables nothing by default, with the documented timings', () => {
    const { payments } = loadConfig({});
    expect(payments).toMatchObject({
      stripe: null, epay: null, orderTtlMs: 60 * 60_000, reconcile: { intervalMs: 300_000, minAgeMs: 120_000 },
    });
  });

  it('enables Stripe and epay when their settings are complete and PUBLIC_URL is set', () => {
    const { payments } = loadConfig({ ...stripe, ...epay, PUBLIC_URL: 'https://gw.example.com/', STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(payments.publicUrl).toBe('https://gw.example.com');
    expect(payments.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiBase: 'http://127.0.0.1:12111' });
    expect(payments.epay).toEqual({ url: 'https://pay.example.com', pid: '1001', key: 'k' });
  });

  it('refuses half a provider and a provider without PUBLIC_URL', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_1' })[0]).toMatch(/^STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET/);
    expect(problemsOf({ EPAY_URL: 'https://pay.example.com', EPAY_PID: '1' })[0]).toMatch(/^EPAY_URL, EPAY_PID, EPAY_KEY/);
    expect(problemsOf(stripe)[0]).toMatch(/^PUBLIC_URL/);
    expect(problemsOf({ ...epay, PUBLIC_URL: 'ftp://x' })[0]).toMatch(/^PUBLIC_URL/);
  });

  it('tracing: off unless an OTLP endpoint is set; the traces URL, protocol and service name from the OTEL_ variables', () => {
    expect(loadConfig({}).tracing).toEqual({ url: null, protocol: 'http/protobuf', serviceName: 'model-gateway' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing.url).toBe('http://collector:4318/v1/traces');
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://t:4318/traces' }).tracing.url).toBe('http://t:4318/traces');
    expect(loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'gw-eu' }).tracing).toMatchObject({ protocol: 'http/json', serviceName: 'gw-eu' });
    expect(problemsOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })[0]).toMatch(/^OTEL_EXPORTER_OTLP_PROTOCOL: .*grpc is not supported/);
    expect(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })[0]).toMatch(/^OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});

describe('passkey relying party', () => {
  it('defaults to PUBLIC_URL: its origin, and its host name as the RP ID', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://gw.example.com/console/' }).webauthn).toEqual({
      rpId: 'gw.example.com', rpName: 'Model gateway', origins: ['https://gw.example.com'],
    });
  });

  it('takes several origins for one RP ID, normalised as browsers sign them', () => {
    const config = loadConfig({ WEBAUTHN_ORIGINS: 'https://example.com/, https://console.example.com:8443', WEBAUTHN_RP_ID: 'Example.com' });
    expect(config.webauthn).toEqual({ rpId: 'example.com', rpName: 'Model gateway', origins: ['https://example.com', 'https://console.example.com:8443'] });
  });

  it('refuses an origin that is not http(s)', () => {
    expect(() => loadConfig({ WEBAUTHN_ORIGINS: 'ftp://example.com' })).toThrow(/WEBAUTHN_ORIGINS/);
  });
});
