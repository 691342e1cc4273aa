import { ConfigError, loadConfig } from '../../../src/config';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('rate-limit configuration', () => {
  it('defaults to no limit and no Redis', () => {
    expect(loadConfig({}).rateLimit).toEqual({ redisUrl: undefined, redisKeyPrefix: 'gw:' });
    expect(loadConfig({}).settingsSeed.defaultRpm).toBe(0);
  });

  it('reads RATE_LIMIT_RPM, REDIS_URL and REDIS_KEY_PREFIX', () => {
    const config = loadConfig({ RATE_LIMIT_RPM: '60', REDIS_URL: 'rediss://:pw@cache:6380/2', REDIS_KEY_PREFIX: 'prod:' });
    expect(config.rateLimit).toEqual({ redisUrl: 'rediss://:pw@cache:6380/2', redisKeyPrefix: 'prod:' });
    expect(config.settingsSeed.defaultRpm).toBe(60);
  });

  it.each([['-1'], ['1.5'], ['lots'], ['1000001']])('rejects RATE_LIMIT_RPM=%s by name', (value) => {
    expect(problems({ RATE_LIMIT_RPM: value }).map((p) => p.split(':')[0])).toEqual(['RATE_LIMIT_RPM']);
  });

  it('rejects a REDIS_URL that is not redis:// or rediss://', () => {
    const [problem] = problems({ REDIS_URL: 'http://cache:6379' });
    expect(problem).toMatch(/^REDIS_URL: must start with redis:\/\/ or rediss:\/\//);
  });
});
