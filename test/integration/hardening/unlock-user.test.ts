import { runAdminCommand } from '../../../src/cli/admin';
import { TEST_ADMIN, startTestApp, type TestApp } from '../../support/test-app';
import { closedPort, deleteKeys, redisAvailable, TEST_REDIS_URL, uniqueRedisPrefix } from '../../support/redis';

/**
 * 17.5 "unlock an account": failed sign-ins are throttled per address and per address and
 * account; `unlockUser` lifts the account's counters from every address at once, in the
 * in-process limiter and in the shared Redis one, and touches no other account's.
 */

interface Json {
  data?: Record<string, Record<string, unknown> & { __typename: string }>;
  errors?: Array<{ message: string }>;
}

async function call(app: TestApp, query: string, variables: Record<string, unknown>, options: { address?: string; session?: string } = {}): Promise<Json> {
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': options.address ?? '192.0.2.200',
      ...(options.session ? { authorization: `Bearer ${options.session}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as Json;
}

const LOGIN = 'mutation($email: String!, $password: String!) { login(email: $email, password: $password) { __typename ... on LoginSuccess { sessionToken } } }';
const REGISTER = 'mutation($email: String!, $password: String!) { register(email: $email, password: $password) { __typename ... on RegisterSuccess { user { id } } } }';
const UNLOCK = `mutation($id: ID!) { unlockUser(id: $id) { __typename
  ... on UnlockUserSuccess { countersCleared user { id email status } }
  ... on Error { code message } } }`;

const RESET = `mutation($id: ID!) { resetUserPassword(id: $id) { __typename ... on AdminCreatedUser { oneTimePassword } } }`;
const PASSWORD = 'the-right-password-1';

async function login(app: TestApp, email: string, password: string, address: string): Promise<string> {
  return (await call(app, LOGIN, { email, password }, { address })).data!.login!.__typename;
}

async function adminSession(app: TestApp): Promise<string> {
  const body = await call(app, LOGIN, { email: TEST_ADMIN.email, password: TEST_ADMIN.password }, { address: '198.51.100.250' });
  return body.data!.login!.sessionToken as string;
}

async function register(app: TestApp, email: string): Promise<string> {
  const body = await call(app, REGISTER, { email, password: PASSWORD });
  return (body.data!.register!.user as { id: string }).id;
}

/** Six wrong guesses from `address`: the 5-per-account limit is spent there. */
async function exhaust(app: TestApp, email: string, address: string): Promise<void> {
  for (let i = 0; i < 6; i++) await login(app, email, `wrong-guess-${i}`, address);
  expect(await login(app, email, PASSWORD, address)).toBe('TooManyAttemptsError');
}

const THROTTLES = { TRUSTED_PROXIES: '127.0.0.1,::1', SIGNIN_ATTEMPTS_PER_ACCOUNT: '5', SIGNIN_ATTEMPTS_PER_IP: '1000' };

function unlockStory(label: string, env: () => Promise<Record<string, string> | null>) {
  describe(label, () => {
    let app: TestApp | undefined;
    let prefix: string | undefined;

    beforeAll(async () => {
      const extra = await env();
      if (!extra) return;
      prefix = extra.REDIS_KEY_PREFIX;
      app = await startTestApp({ ...THROTTLES, ...extra });
    });
    afterAll(async () => {
      await app?.close();
      if (prefix) await deleteKeys(prefix);
    });

    it('lifts one account from every address, leaves other accounts throttled, and is admin-only', async () => {
      if (!app) return console.warn(`SKIPPED ${label}: no Redis at ${TEST_REDIS_URL}`);
      const owner = 'locked-owner@example.com';
      const other = 'other-account@example.com';
      const ownerId = await register(app, owner);
      await register(app, other);
      await exhaust(app, owner, '203.0.113.1');
      await exhaust(app, owner, '203.0.113.2');
      await exhaust(app, other, '203.0.113.1');

      // Neither anonymous callers nor users may unlock (not even themselves).
      const anonymous = await call(app, UNLOCK, { id: ownerId });
      expect(anonymous.errors?.[0]?.message).toMatch(/not authorized|sign in/i);
      const userSession = (await call(app, LOGIN, { email: other, password: PASSWORD }, { address: '198.51.100.9' })).data!.login!.sessionToken as string;
      const asUser = await call(app, UNLOCK, { id: ownerId }, { session: userSession });
      expect(asUser.errors?.[0]?.message).toMatch(/not authorized/i);
      expect(await login(app, owner, PASSWORD, '203.0.113.1')).toBe('TooManyAttemptsError');

      const admin = await adminSession(app);
      const unlocked = (await call(app, UNLOCK, { id: ownerId }, { session: admin })).data!.unlockUser!;
      expect(unlocked).toEqual({ __typename: 'UnlockUserSuccess', countersCleared: 2, user: { id: ownerId, email: owner, status: 'ACTIVE' } });

      expect(await login(app, owner, PASSWORD, '203.0.113.1')).toBe('LoginSuccess');
      expect(await login(app, owner, PASSWORD, '203.0.113.2')).toBe('LoginSuccess');
      // The other account's counter at the shared address is untouched.
      expect(await login(app, other, PASSWORD, '203.0.113.1')).toBe('TooManyAttemptsError');

      // A successful sign-in is an attempt too (nothing resets on success), so the two sign-ins
      // above hold one counter per address again; a second unlock lifts just those.
      const again = (await call(app, UNLOCK, { id: ownerId }, { session: admin })).data!.unlockUser!;
      expect(again.countersCleared).toBe(2);
      const missing = (await call(app, UNLOCK, { id: '99999999' }, { session: admin })).data!.unlockUser!;
      expect(missing).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    });

    it("an admin's password reset lifts the throttle too, so the new password works at once", async () => {
      if (!app) return;
      const email = 'reset-me@example.com';
      const id = await register(app, email);
      await exhaust(app, email, '203.0.113.7');
      const reset = (await call(app, RESET, { id }, { session: await adminSession(app) })).data!.resetUserPassword!;
      expect(await login(app, email, reset.oneTimePassword as string, '203.0.113.7')).toBe('LoginSuccess');
    });

    it('`npm run admin -- reset-password` lifts it where the throttle is shared (Redis), and says so where it cannot', async () => {
      if (!app) return;
      const email = 'cli-reset@example.com';
      await register(app, email);
      await exhaust(app, email, '203.0.113.8');
      const out: string[] = [];
      expect(await runAdminCommand(['reset-password', email], app.config, (line) => out.push(line))).toBe(0);
      const password = /new password for .*: (\S+)$/.exec(out[0]!)![1]!;
      if (prefix) {
        expect(out).toContain('sign-in throttle lifted (1 counter(s))');
        expect(await login(app, email, password, '203.0.113.8')).toBe('LoginSuccess');
      } else {
        expect(out.at(-1)).toMatch(/kept in the running gateway .*unlockUser/);
        expect(await login(app, email, password, '203.0.113.8')).toBe('TooManyAttemptsError');
      }
    });
  });
}

unlockStory('in-process limiter (no REDIS_URL)', async () => ({}));
unlockStory('shared Redis limiter', async () =>
  (await redisAvailable()) ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: uniqueRedisPrefix('unlock') } : null,
);

describe('Redis unreachable', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ...THROTTLES, REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => app.close());

  it('says nothing was unlocked instead of claiming success', async () => {
    const id = await register(app, 'cut-off@example.com');
    const admin = await adminSession(app);
    const answer = (await call(app, UNLOCK, { id }, { session: admin })).data!.unlockUser!;
    expect(answer).toMatchObject({ __typename: 'ThrottleStoreUnavailableError', code: 'THROTTLE_STORE_UNAVAILABLE' });
  });
});
