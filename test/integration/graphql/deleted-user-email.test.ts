import { User } from '../../../src/db/entities';
import { runAdminCommand } from '../../../src/cli/admin';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import {
  CreateUserByAdminDocument, DeleteUserDocument, LedgerDocument, LoginDocument, MeDocument, RegisterDocument, UsageRowsWithNamesDocument, UserDocument,
} from '../../generated/graphql';
import { client, createChannel, createToken, disableAllChannels, usageLogs } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData, signUp, TEST_PASSWORD } from '../../support/graphql-client';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../support/test-app';

// A deleted user's e-mail is free again: only live accounts hold an address (a partial unique
// index), while the deleted account keeps its row, its address and its books for the admin.

const GRANT = '500000';
let app: TestApp;
let admin: string;
let upstream: FakeUpstream;

beforeAll(async () => {
  app = await startTestApp({ SIGNUP_GRANT: GRANT });
  upstream = await FakeUpstream.start();
  admin = await adminSession(app);
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

const login = (email: string, password: string) => gqlData(app, LoginDocument, { email, password }).then((r) => r.login);
const register = (email: string, password: string) => gqlData(app, RegisterDocument, { email, password }).then((r) => r.register);
const deleteUser = async (id: number) => expectTypename((await gqlData(app, DeleteUserDocument, { id: String(id) }, admin)).deleteUser, 'User');
const ledgerOf = async (userId: number) => (await gqlData(app, LedgerDocument, { userId: String(userId), first: 50 }, admin)).ledger.edges.map((e) => e.node);
const usageOf = async (userId: number) =>
  (await gqlData(app, UsageRowsWithNamesDocument, { filter: { userId: String(userId) } }, admin)).usage.edges.map((e) => [e.node.requestId, e.node.user?.email]);

it('after a delete the person signs up again with the same e-mail: a new account with a fresh grant; the old one keeps its books and its password reaches nothing', async () => {
  const old = await signUp(app, 'Returning@Deleted.test', TEST_PASSWORD);
  const { key } = await createToken(app, old.userId);
  await client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
  await app.server.services.usageLog.flush();
  const [served] = await usageLogs(app, { userId: old.userId });
  const oldLedger = await ledgerOf(old.userId);
  expect(oldLedger.map((r) => r.kind)).toContain('SIGNUP_GRANT');

  // Taken while the account lives.
  expect((await register('returning@deleted.test', 'another-password-2')).__typename).toBe('EmailTakenError');
  await deleteUser(old.userId);
  // The deleted account answers like an unknown address: nothing tells a stranger it existed.
  expect((await login('returning@deleted.test', TEST_PASSWORD)).__typename).toBe('InvalidCredentialsError');

  const again = expectTypename(await register('RETURNING@deleted.test', 'another-password-2'), 'RegisterSuccess');
  expect(Number(again.user.id)).not.toBe(old.userId);
  expect(again.user.email).toBe('returning@deleted.test');
  const fresh = await ledgerOf(Number(again.user.id));
  expect(fresh.map((r) => [r.kind, r.amount])).toEqual([['SIGNUP_GRANT', GRANT]]);
  expect(await usageOf(Number(again.user.id))).toEqual([]);

  // The old password does not reach the deleted account (nor the new one); the new one signs in to the new account.
  expect((await login('returning@deleted.test', TEST_PASSWORD)).__typename).toBe('InvalidCredentialsError');
  const signedIn = expectTypename(await login('returning@deleted.test', 'another-password-2'), 'LoginSuccess');
  expect(signedIn.user.id).toBe(again.user.id);
  expect((await gqlData(app, MeDocument, {}, signedIn.sessionToken)).me?.id).toBe(again.user.id);

  // The admin still finds the deleted account by id, with its e-mail, ledger and usage unchanged.
  const gone = expectTypename((await gqlData(app, UserDocument, { id: String(old.userId) }, admin)).user, 'User');
  expect(gone.email).toBe('returning@deleted.test');
  expect(await ledgerOf(old.userId)).toEqual(oldLedger);
  expect(await usageOf(old.userId)).toEqual([[served!.requestId, 'returning@deleted.test']]);
});

it("an admin creates a user with a deleted user's e-mail", async () => {
  const old = await signUp(app, 'rehired@deleted.test');
  await deleteUser(old.userId);
  const made = expectTypename((await gqlData(app, CreateUserByAdminDocument, { email: 'rehired@deleted.test', password: 'rehired-password-3' }, admin)).createUser, 'AdminCreatedUser');
  expect(Number(made.user.id)).not.toBe(old.userId);
  expect(made.user.freeQuota).toBe(GRANT);
  expect(expectTypename(await login('rehired@deleted.test', 'rehired-password-3'), 'LoginSuccess').user.id).toBe(made.user.id);
  // Live again, so taken again.
  expect((await gqlData(app, CreateUserByAdminDocument, { email: 'rehired@deleted.test' }, admin)).createUser.__typename).toBe('AlreadyExistsError');
});

it('two live accounts never share an e-mail: of concurrent sign-ups exactly one succeeds, before and after a delete', async () => {
  const race = async (email: string) => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => register(email, `race-password-${i}`)));
    expect(answers.filter((a) => a.__typename === 'RegisterSuccess')).toHaveLength(1);
    expect(answers.filter((a) => a.__typename === 'EmailTakenError')).toHaveLength(7);
    return Number(expectTypename(answers.find((a) => a.__typename === 'RegisterSuccess')!, 'RegisterSuccess').user.id);
  };
  const first = await race('race@deleted.test');
  await deleteUser(first);
  const second = await race('race@deleted.test');
  expect(second).not.toBe(first);
  const rows = await app.em().find(User, { email: 'race@deleted.test' }, { orderBy: { id: 'asc' } });
  expect(rows.map((u) => [u.id, u.deletedAt === null])).toEqual([[first, false], [second, true]]);

  // The database itself refuses a second live row (not only the service's check).
  const insert = `insert into users (email, password_hash, created_at, updated_at) values ('race@deleted.test', 'x', now(), now())`;
  await expect(app.em().getConnection().execute(insert)).rejects.toMatchObject({ code: '23505' });
});

it('reset-password from the command line resets the live account, never the deleted one of the same e-mail', async () => {
  const old = await signUp(app, 'cli@deleted.test');
  await deleteUser(old.userId);
  const out: string[] = [];
  expect(await runAdminCommand(['reset-password', 'cli@deleted.test'], app.config, (l) => out.push(l))).toBe(1);

  const live = await signUp(app, 'cli@deleted.test', 'live-password-4');
  expect(await runAdminCommand(['reset-password', 'cli@deleted.test'], app.config, (l) => out.push(l))).toBe(0);
  const password = /new password for .*: (\S+)$/.exec(out.find((l) => l.startsWith('new password'))!)![1]!;
  expect(expectTypename(await login('cli@deleted.test', password), 'LoginSuccess').user.id).toBe(String(live.userId));
  const [deleted] = await app.em().find(User, { id: old.userId }, { populate: ['passwordHash'] });
  const [fresh] = await app.em().find(User, { id: live.userId }, { populate: ['passwordHash'] });
  expect(deleted!.passwordHash).not.toBe(fresh!.passwordHash);
});

// Last: it deletes the seeded admin whose session the tests above use.
it('a restart neither brings back a deleted ADMIN_EMAIL account nor makes whoever signs up with that address later an admin', async () => {
  const em = app.em();
  const seededAdmin = await em.findOneOrFail(User, { email: TEST_ADMIN.email });
  // Another admin retires the bootstrap account; a stranger then registers its address.
  const other = expectTypename((await gqlData(app, CreateUserByAdminDocument, { email: 'second-admin@deleted.test', password: 'second-admin-5', role: 'ADMIN' }, admin)).createUser, 'AdminCreatedUser');
  const otherSession = expectTypename(await login('second-admin@deleted.test', 'second-admin-5'), 'LoginSuccess').sessionToken;
  expectTypename((await gqlData(app, DeleteUserDocument, { id: String(seededAdmin.id) }, otherSession)).deleteUser, 'User');
  const stranger = await signUp(app, TEST_ADMIN.email, 'stranger-password-6');

  // A second instance starting on the same database runs the start-up seed (ADMIN_EMAIL and ADMIN_PASSWORD as before).
  const restarted = await startTestApp({ SIGNUP_GRANT: GRANT }, { database: app.database });
  expect(restarted.server.seed).toMatchObject({ adminCreated: false, generatedAdminPassword: undefined });
  await restarted.close();
  const holders = await app.em().find(User, { email: TEST_ADMIN.email }, { orderBy: { id: 'asc' } });
  expect(holders.map((u) => [u.id, u.role, u.deletedAt === null])).toEqual([[seededAdmin.id, 'ADMIN', false], [stranger.userId, 'USER', true]]);
  expect((await login(TEST_ADMIN.email, TEST_ADMIN.password)).__typename).toBe('InvalidCredentialsError');
  expect(other.user.role).toBe('ADMIN');

  // Made an admin deliberately, from the command line, it is the live account that is promoted.
  const out: string[] = [];
  expect(await runAdminCommand(['create-admin', TEST_ADMIN.email], app.config, (l) => out.push(l))).toBe(0);
  expect((await app.em().findOneOrFail(User, { id: stranger.userId })).role).toBe('ADMIN');
});
