import { Redis } from 'ioredis';
import { createLogger } from '../../../src/lib/logger';
import { parsePrometheusText, sampleValue } from '../../support/prometheus-text';
import { RedisProcess } from '../../support/redis-process';
import { TEST_ADMIN, startTestApp, type TestApp } from '../../support/test-app';

// The sign-in and sign-up throttles with their Redis paused (CLIENT PAUSE: connected, never
// answering, so every decision waits out the 250 ms command timeout): each process goes on
// counting alone instead of letting every guess through, says so in the log, and counts it.

let redis: RedisProcess;
let pauser: Redis;
let app: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  redis = await RedisProcess.start();
  app = await startTestApp(
    {
      REDIS_URL: redis.url,
      TRUSTED_PROXIES: '127.0.0.1,::1',
      SIGNIN_ATTEMPTS_PER_ACCOUNT: '3',
      SIGNIN_ATTEMPTS_PER_IP: '1000',
      SIGNUPS_PER_IP_PER_HOUR: '2',
    },
    { logger: createLogger('warn', (line) => logLines.push(line)) },
  );
  pauser = new Redis(redis.url);
  // Long enough for the whole file; the server is killed at the end, nobody unpauses it.
  await pauser.call('CLIENT', 'PAUSE', '120000', 'ALL');
});
afterAll(async () => {
  await app?.close();
  pauser?.disconnect();
  await redis?.destroy();
});

async function call(query: string, variables: Record<string, unknown>, address: string): Promise<string> {
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, { __typename: string }> };
  if (!body.data) throw new Error(JSON.stringify(body));
  return Object.values(body.data)[0]!.__typename;
}
const LOGIN = 'mutation($email: String!, $password: String!) { login(email: $email, password: $password) { __typename } }';
const REGISTER = 'mutation($email: String!, $password: String!) { register(email: $email, password: $password) { __typename } }';

it('sign-in: guesses past the limit are refused, even the right password, while Redis does not answer', async () => {
  const address = '203.0.113.77';
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await call(LOGIN, { email: TEST_ADMIN.email, password: `wrong-guess-${i}` }, address));
  expect(results).toEqual(['InvalidCredentialsError', 'InvalidCredentialsError', 'InvalidCredentialsError', 'TooManyAttemptsError']);
  expect(await call(LOGIN, TEST_ADMIN, address)).toBe('TooManyAttemptsError');
  // The owner elsewhere is not locked out.
  expect(await call(LOGIN, TEST_ADMIN, '198.51.100.77')).toBe('LoginSuccess');
});

it('sign-up: the address limit holds while Redis does not answer', async () => {
  const address = '203.0.113.78';
  const results = [];
  for (let i = 0; i < 3; i++) results.push(await call(REGISTER, { email: `outage-${i}@example.com`, password: 'long-enough-password' }, address));
  expect(results.slice(0, 2).every((r) => r !== 'TooManyAttemptsError')).toBe(true);
  expect(results[2]).toBe('TooManyAttemptsError');
});

it('is logged once and counted in the metrics', async () => {
  const warnings = logLines.filter((l) => l.includes('rate limiter store unreachable'));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('enforces the sign-in, sign-up and resend throttles alone');
  const samples = parsePrometheusText(await (await fetch(`${app.url}/metrics`)).text());
  // Sign-in claims two rules per attempt (address, address+account), sign-up two (address, global).
  expect(sampleValue(samples, 'gw_rate_limit_store_fallbacks', { mode: 'local' })).toBeGreaterThanOrEqual(10);
  expect(sampleValue(samples, 'gw_rate_limit_store_fallbacks', { mode: 'open' })).toBe(0);
});
