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
    expect(loadConfig({}).settingsSeed).toMatchObject({ defaultMaxConcurrentPerKey: 32, maxConcurrentPerUser: 64 });
    expect(loadConfig({}).settingsSeed.defaultRpm).toBe(0);
    expect(loadConfig({}).gateway).toMatchObject({ upstreamConnections: 256, upstreamPoolWaitMs: 10_000 });
  });

  it('reads RATE_LIMIT_RPM, REDIS_URL and REDIS_KEY_PREFIX', () => {
    expect(loadConfig({ RATE_LIMIT_RPM: '60', REDIS_URL: 'rediss://:pw@cache:6380/2', REDIS_KEY_PREFIX: 'prod:' }).rateLimit).toEqual({
      redisUrl: 'rediss://:pw@cache:6380/2', redisKeyPrefix: 'prod:',
    });
    expect(loadConfig({ RATE_LIMIT_RPM: '60' }).settingsSeed.defaultRpm).toBe(60);
  });

  it('seeds the concurrency settings from MAX_CONCURRENT_PER_KEY and MAX_CONCURRENT_PER_USER (0: no limit); reads UPSTREAM_POOL_WAIT_MS', () => {
    const config = loadConfig({ MAX_CONCURRENT_PER_KEY: '0', MAX_CONCURRENT_PER_USER: '8', UPSTREAM_POOL_WAIT_MS: '2500' });
    expect(config.settingsSeed).toMatchObject({ defaultMaxConcurrentPerKey: 0, maxConcurrentPerUser: 8 });
    expect(config.gateway.upstreamPoolWaitMs).toBe(2500);
    expect(problems({ MAX_CONCURRENT_PER_USER: '-1', UPSTREAM_POOL_WAIT_MS: '0' }).map((p) => p.split(':')[0]).sort()).toEqual(['MAX_CONCURRENT_PER_USER', 'UPSTREAM_POOL_WAIT_MS']);
  });

  it.each([['-1'], ['1.5'], ['lots'], ['1000001']])('rejects RATE_LIMIT_RPM=%s by name', (value) => {
    expect(problems({ RATE_LIMIT_RPM: value }).map((p) => p.split(':')[0])).toEqual(['RATE_LIMIT_RPM']);
  });

  it('rejects a REDIS_URL that is not redis:// or rediss://', () => {
    const [problem] = problems({ REDIS_URL: 'http://cache:6379' });
    expect(problem).toMatch(/^REDIS_URL: must start with redis:\/\/ or rediss:\/\//);
  });
});
