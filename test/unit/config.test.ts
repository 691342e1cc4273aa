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
    expect(config.quota.signupGrant).toBe(500000n);
    expect(config.defaultTimezone).toBe('UTC');
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
    expect(config.quota.checkInAmount).toBe(9007199254740993n);
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
