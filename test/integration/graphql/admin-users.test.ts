import { Session } from '../../../src/db/entities';
import type { ChangeEvent } from '../../../src/lib/change-bus';
import {
  CreateTokenDocument, DisableUserDocument, EnableUserDocument, LoginDocument, MeDocument, SetUserRoleDocument,
  UserDocument, UsersDocument,
} from '../../generated/graphql';
import { TEST_PASSWORD, adminSession, expectTypename, gql, gqlData, signIn, signUp } from '../../support/graphql-client';
import { TEST_ADMIN, startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: string;
const events: ChangeEvent[] = [];

beforeAll(async () => {
  app = await startTestApp();
  admin = await adminSession(app);
  app.server.services.changeBus.subscribe((e) => events.push(e));
});
afterAll(() => app.close());

it('lists users newest first, filtered by email substring, role and status', async () => {
  for (const name of ['ann', 'ben', 'cid']) await signUp(app, `${name}@list.test`);
  const page = await gqlData(app, UsersDocument, { first: 2, filter: { emailContains: 'LIST.test' } }, admin);
  expect(page.users.edges.map((e) => e.node.email)).toEqual(['cid@list.test', 'ben@list.test']);
  const rest = await gqlData(app, UsersDocument, { first: 2, after: page.users.pageInfo.endCursor, filter: { emailContains: 'list.test' } }, admin);
  expect(rest.users.edges.map((e) => e.node.email)).toEqual(['ann@list.test']);
  const admins = await gqlData(app, UsersDocument, { filter: { role: 'ADMIN' } }, admin);
  expect(admins.users.edges.map((e) => e.node.email)).toEqual([TEST_ADMIN.email]);
  // `%` and `_` are matched literally, not as wildcards.
  expect((await gqlData(app, UsersDocument, { filter: { emailContains: '%' } }, admin)).users.edges).toEqual([]);
});

it('disabling signs the user out, refuses sign-in and their API keys; enabling restores sign-in', async () => {
  const victim = await signUp(app, 'victim@users.test');
  const created = expectTypename((await gqlData(app, CreateTokenDocument, { input: { name: 'k' } }, victim.session)).createToken, 'CreateTokenSuccess');
  const callApi = () => fetch(`${app.v1Url}/models`, { headers: { authorization: `Bearer ${created.key}` } });
  expect((await callApi()).status).toBe(200);

  events.length = 0;
  const disabled = await gqlData(app, DisableUserDocument, { id: String(victim.userId) }, admin);
  expect(disabled.disableUser).toEqual({ __typename: 'User', id: String(victim.userId), status: 'DISABLED' });
  expect(events).toEqual([{ topic: 'user', id: String(victim.userId) }]);
  expect(await app.em().count(Session, { user: victim.userId })).toBe(0);
  expect((await gql(app, MeDocument, {}, victim.session)).errors?.[0]?.extensions?.code).toBe('SESSION_EXPIRED');
  expect((await gqlData(app, LoginDocument, { email: 'victim@users.test', password: TEST_PASSWORD })).login.__typename).toBe('AccountDisabledError');
  expect((await callApi()).status).not.toBe(200);

  const enabled = await gqlData(app, EnableUserDocument, { id: String(victim.userId) }, admin);
  expect(enabled.enableUser).toMatchObject({ status: 'ACTIVE' });
  await expect(signIn(app, 'victim@users.test')).resolves.toMatch(/^gws_/);
  expect((await callApi()).status).toBe(200);
});

it('promotes and demotes, but an admin cannot demote or disable themselves', async () => {
  const helper = await signUp(app, 'helper@users.test');
  const promoted = await gqlData(app, SetUserRoleDocument, { id: String(helper.userId), role: 'ADMIN' }, admin);
  expect(promoted.setUserRole).toMatchObject({ role: 'ADMIN' });
  expect((await gql(app, UsersDocument, {}, helper.session)).data?.users.edges.length).toBeGreaterThan(0);
  await gqlData(app, SetUserRoleDocument, { id: String(helper.userId), role: 'USER' }, admin);
  expect((await gql(app, UsersDocument, {}, helper.session)).errors?.[0]?.message).toMatch(/Not authorized/);

  const me = await gqlData(app, MeDocument, {}, admin);
  const selfDemote = await gqlData(app, SetUserRoleDocument, { id: me.me.id, role: 'USER' }, admin);
  expect(selfDemote.setUserRole).toMatchObject({ __typename: 'InputValidationError' });
  const selfDisable = await gqlData(app, DisableUserDocument, { id: me.me.id }, admin);
  expect(selfDisable.disableUser).toMatchObject({ __typename: 'InputValidationError', field: 'id' });
});

it('user(id) finds anyone for admins and reports unknown ids as not found', async () => {
  const someone = await signUp(app, 'someone@users.test');
  const found = await gqlData(app, UserDocument, { id: String(someone.userId) }, admin);
  expect(found.user).toMatchObject({ __typename: 'User', email: 'someone@users.test' });
  for (const id of ['999999', 'abc', '-1']) {
    expect((await gqlData(app, UserDocument, { id }, admin)).user.__typename).toBe('NotFoundError');
  }
  expect((await gql(app, UserDocument, { id: String(someone.userId) }, someone.session)).errors?.[0]?.message).toMatch(/Not authorized/);
});
