import { Session, UsageLog } from '../../../src/db/entities';
import { sha256Hex } from '../../../src/lib/key-material';
import {
  AllGroupsDocument, ConsoleSettingsDocument, CreateChannelDocument, UsageByOutcomeDocument, GroupsWithMembersDocument, LoginWithBalancesDocument, MyFreeQuotaDocument,
  RegisterSignedInDocument, UpdateChannelDocument,
} from '../../generated/graphql';
import { TEST_PASSWORD, adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// Gaps the console ran into: each used to fail the whole payload or answer with a masked error.
let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp({ SIGNUP_GRANT: '1234' });
  admin = await adminSession(app);
});
afterAll(() => app.close());

it('register signs the new user in and returns what they may read, balances included', async () => {
  const res = await gql(app, RegisterSignedInDocument, { email: 'new@example.com', password: TEST_PASSWORD });
  expect(res.errors).toBeUndefined();
  const success = expectTypename(res.data!.register, 'RegisterSuccess');
  expect(success.user).toMatchObject({ email: 'new@example.com', freeQuota: '1234', totalQuota: '1234' });
  const me = await gqlData(app, MyFreeQuotaDocument, {}, success.sessionToken);
  expect(me.me).toEqual({ id: success.user.id, freeQuota: '1234' });
});

it('login returns the signed-in user with balances instead of data: null', async () => {
  await signUp(app, 'login@example.com');
  const res = await gql(app, LoginWithBalancesDocument, { email: 'login@example.com', password: TEST_PASSWORD });
  expect(res.errors).toBeUndefined();
  expect(expectTypename(res.data!.login, 'LoginSuccess').user).toMatchObject({ freeQuota: '1234', activeSubscriptions: [] });
});

it("a field the viewer may not read is null on its own, not the whole list", async () => {
  const { session } = await signUp(app, 'lister@example.com');
  const res = await gql(app, GroupsWithMembersDocument, {}, session);
  expect(res.errors).toBeUndefined();
  expect(res.data!.groups.map((g) => g.name)).toContain('default');
  expect(res.data!.groups.every((g) => g.members === null)).toBe(true);
  const asAdmin = await gqlData(app, GroupsWithMembersDocument, {}, admin);
  expect(asAdmin.groups.every((g) => Array.isArray(g.members))).toBe(true);
});

describe('refused fields say what to do', () => {
  it('an expired session is a typed SESSION_EXPIRED "sign in again" error', async () => {
    const { session } = await signUp(app, 'expiring@example.com');
    await app.em().nativeUpdate(Session, { tokenHash: sha256Hex(session) }, { expiresAt: new Date(Date.now() - 1000) });
    const res = await gql(app, MyFreeQuotaDocument, {}, session);
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({ message: expect.stringMatching(/sign in again/i), extensions: { code: 'SESSION_EXPIRED' } });
  });

  it('no session is UNAUTHENTICATED, a user asking for admin data FORBIDDEN', async () => {
    const anonymous = await gql(app, MyFreeQuotaDocument, {});
    expect(anonymous.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Not authorized/), extensions: { code: 'UNAUTHENTICATED' } });
    const { session } = await signUp(app, 'plain@example.com');
    const forbidden = await gql(app, AllGroupsDocument, {}, session);
    expect(forbidden.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
  });
});

describe('createChannel with only the required fields', () => {
  it('works without modelMapping and serves the default group when none is given', async () => {
    const res = await gql(app, CreateChannelDocument, {
      input: { name: 'bare', protocol: 'OPENAI', baseUrl: 'https://api.example.com/v1', models: ['gpt-4o-mini'] },
    }, admin);
    expect(res.errors).toBeUndefined();
    const channel = expectTypename(res.data!.createChannel, 'Channel');
    expect(channel).toMatchObject({ name: 'bare', modelMapping: [], groups: ['default'], models: ['gpt-4o-mini'], status: 'ENABLED' });

    const emptied = await gqlData(app, UpdateChannelDocument, { id: channel.id, input: { groups: [] } }, admin);
    expect(emptied.updateChannel).toMatchObject({ __typename: 'InputValidationError', field: 'groups' });
  });

  it('an explicitly empty group list also means the default group', async () => {
    const res = await gqlData(app, CreateChannelDocument, {
      input: { name: 'empty-groups', protocol: 'OPENAI', baseUrl: 'https://api.example.com/v1', groups: [] },
    }, admin);
    expect(expectTypename(res.createChannel, 'Channel')).toMatchObject({ groups: ['default'], models: [], modelMapping: [] });
  });
});

it('anyone reads the display settings a console needs to show quota as money', async () => {
  const { consoleSettings } = await gqlData(app, ConsoleSettingsDocument, {});
  expect(consoleSettings).toEqual({ quotaPerUsd: '500000', checkInAmount: '100000', signupGrant: '1234' });
});

it('the usage log filters by outcome', async () => {
  const { session, userId } = await signUp(app, 'outcomes@example.com');
  const row = (outcome: 'SUCCESS' | 'UPSTREAM_ERROR', requestId: string) => ({
    requestId, userId, outcome, httpStatus: outcome === 'SUCCESS' ? 200 : 502, cost: 0n, createdAt: new Date(),
  });
  await app.em().insertMany(UsageLog, [row('SUCCESS', 'req-ok'), row('UPSTREAM_ERROR', 'req-bad')]);
  const failed = await gqlData(app, UsageByOutcomeDocument, { outcome: 'UPSTREAM_ERROR' }, session);
  expect(failed.usage.edges.map((e) => e.node.outcome)).toEqual(['UPSTREAM_ERROR']);
  const all = await gqlData(app, UsageByOutcomeDocument, {}, session);
  expect(all.usage.edges).toHaveLength(2);
});
