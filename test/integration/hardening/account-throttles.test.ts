import { LedgerEntry, User } from '../../../src/db/entities';
import { TEST_ADMIN, startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;

/** One GraphQL call as if from `address` (the app trusts 127.0.0.1 as its proxy here). */
async function call(query: string, variables: Record<string, unknown>, address: string): Promise<Record<string, { __typename: string; retryAt?: string }>> {
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, { __typename: string }>; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data;
}

const LOGIN = 'mutation($email: String!, $password: String!) { login(email: $email, password: $password) { __typename ... on TooManyAttemptsError { retryAt } } }';
const REGISTER = 'mutation($email: String!, $password: String!) { register(email: $email, password: $password) { __typename ... on TooManyAttemptsError { retryAt } } }';
const login = async (email: string, password: string, address: string) => (await call(LOGIN, { email, password }, address)).login!.__typename;
const register = async (email: string, address: string) => (await call(REGISTER, { email, password: 'long-enough-password' }, address)).register!;

beforeAll(async () => {
  app = await startTestApp({
    TRUSTED_PROXIES: '127.0.0.1,::1',
    SIGNIN_ATTEMPTS_PER_ACCOUNT: '5',
    SIGNIN_ATTEMPTS_PER_IP: '12',
    SIGNUPS_PER_IP_PER_HOUR: '3',
    SIGNUPS_PER_HOUR: '6',
  });
});
afterAll(() => app.close());

describe('12.9 sign-in attempts are claimed before the password is checked', () => {
  it('a burst of guesses plus the right password gets no more verifications than the limit, and resets nothing', async () => {
    const attacker = '203.0.113.9';
    const guesses = Array.from({ length: 60 }, (_, i) => login(TEST_ADMIN.email, `wrong-guess-${i}`, attacker));
    const results = await Promise.all([...guesses, login(TEST_ADMIN.email, TEST_ADMIN.password, attacker)]);
    const verified = results.filter((r) => r !== 'TooManyAttemptsError');
    expect(verified.length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r === 'TooManyAttemptsError').length).toBeGreaterThanOrEqual(56);
    // Still refused afterwards from that address, even with the right password: nothing was reset.
    expect(await login(TEST_ADMIN.email, TEST_ADMIN.password, attacker)).toBe('TooManyAttemptsError');
  });

  it('does not lock the account for its owner elsewhere', async () => {
    expect(await login(TEST_ADMIN.email, TEST_ADMIN.password, '198.51.100.7')).toBe('LoginSuccess');
  });

  it('treats an unknown email exactly like a real one', async () => {
    const address = '203.0.113.20';
    const real = [];
    const unknown = [];
    for (let i = 0; i < 6; i++) real.push(await login(TEST_ADMIN.email, `nope-${i}-xxxx`, address));
    for (let i = 0; i < 6; i++) unknown.push(await login('nobody-here@example.com', `nope-${i}-xxxx`, address));
    expect(unknown).toEqual(real);
    expect(real.at(-1)).toBe('TooManyAttemptsError');
  });

  it('throttles one address across accounts', async () => {
    const address = '203.0.113.30';
    const results = [];
    for (let i = 0; i < 13; i++) results.push(await login(`spray-${i}@example.com`, 'whatever-password', address));
    expect(results.slice(0, 12)).toEqual(Array(12).fill('InvalidCredentialsError'));
    expect(results[12]).toBe('TooManyAttemptsError');
  });
});

describe('12.3 sign-ups are throttled per address and globally, before any grant', () => {
  it('refuses the 4th sign-up from one address and the 7th overall, granting nothing for them', async () => {
    const grantsBefore = await app.em().count(LedgerEntry, { kind: 'SIGNUP_GRANT' });
    const first = [];
    for (let i = 0; i < 4; i++) first.push((await register(`farm-${i}@example.com`, '192.0.2.1')).__typename);
    expect(first).toEqual(['RegisterSuccess', 'RegisterSuccess', 'RegisterSuccess', 'TooManyAttemptsError']);
    const refused = await register('farm-x@example.com', '192.0.2.1');
    expect(new Date(refused.retryAt!).getTime()).toBeGreaterThan(Date.now());

    const more = [];
    for (let i = 0; i < 4; i++) more.push((await register(`elsewhere-${i}@example.com`, `192.0.2.${10 + i}`)).__typename);
    expect(more).toEqual(['RegisterSuccess', 'RegisterSuccess', 'RegisterSuccess', 'TooManyAttemptsError']);

    const em = app.em();
    expect(await em.count(User, { email: { $like: 'farm-%' } })).toBe(3);
    expect(await em.count(User, { email: { $like: 'elsewhere-%' } })).toBe(3);
    expect(await em.count(LedgerEntry, { kind: 'SIGNUP_GRANT' })).toBe(grantsBefore + 6);
  });
});
