import { APIError } from 'openai';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import {
  AdjustSubscriptionQuotaDocument, ChannelsDocument, CreateUserByAdminDocument, DeleteChannelDocument, DeleteTokenDocument, DeleteUserDocument,
  DisableRedemptionCodeDocument, GenerateRedemptionCodesDocument, HideModelDocument, LedgerDocument, LoginDocument, MeDocument,
  ModelsDocument, RedeemCodeDocument, ResetUserPasswordDocument, RevokeTokenDocument, TokensDocument, UsageRowsWithNamesDocument,
  UserDocument, UsersDocument,
} from '../../generated/graphql';
import { client, createChannel, createSubscription, createToken, disableAllChannels, usageLogs } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gql, gqlData, signUp, TEST_PASSWORD } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: string;
let upstream: FakeUpstream;

beforeAll(async () => {
  app = await startTestApp({ SIGNUP_GRANT: '500000' });
  upstream = await FakeUpstream.start();
  admin = await adminSession(app);
  await disableAllChannels(app);
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

const login = async (email: string, password: string) => (await gqlData(app, LoginDocument, { email, password })).login.__typename;
const ask = (key: string, model = 'gpt-4o-mini') => client(app, key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
const ledgerOf = async (userId: number) => (await gqlData(app, LedgerDocument, { userId: String(userId), first: 50 }, admin)).ledger.edges.map((e) => e.node);

describe('admin user management', () => {
  it('creates a user with a one-time password (sign-up grant included), or with the password given', async () => {
    const made = expectTypename((await gqlData(app, CreateUserByAdminDocument, { email: 'Made@Lifecycle.test' }, admin)).createUser, 'AdminCreatedUser');
    expect(made.user).toMatchObject({ email: 'made@lifecycle.test', role: 'USER', freeQuota: '500000' });
    expect(made.oneTimePassword!.length).toBeGreaterThanOrEqual(20);
    expect(await login('made@lifecycle.test', made.oneTimePassword!)).toBe('LoginSuccess');
    const chosen = expectTypename((await gqlData(app, CreateUserByAdminDocument, { email: 'ops@lifecycle.test', password: 'a-chosen-password', role: 'ADMIN' }, admin)).createUser, 'AdminCreatedUser');
    expect(chosen.oneTimePassword).toBeNull();
    expect(chosen.user.role).toBe('ADMIN');
    expect(await login('ops@lifecycle.test', 'a-chosen-password')).toBe('LoginSuccess');
    expect((await gqlData(app, CreateUserByAdminDocument, { email: 'made@lifecycle.test' }, admin)).createUser).toMatchObject({ __typename: 'AlreadyExistsError' });
    expect((await gqlData(app, CreateUserByAdminDocument, { email: 'x@lifecycle.test', password: 'short' }, admin)).createUser).toMatchObject({ __typename: 'InputValidationError' });
  });

  it('resets a password (shown once, old sessions end)', async () => {
    const user = await signUp(app, 'reset@lifecycle.test');
    const reset = expectTypename((await gqlData(app, ResetUserPasswordDocument, { id: String(user.userId) }, admin)).resetUserPassword, 'AdminCreatedUser');
    expect(await login('reset@lifecycle.test', TEST_PASSWORD)).not.toBe('LoginSuccess');
    expect(await login('reset@lifecycle.test', reset.oneTimePassword!)).toBe('LoginSuccess');
    expect((await gql(app, MeDocument, {}, user.session)).errors?.[0]?.message).toMatch(/not authorized|session/i);

  });

  it('adjusts subscription quota with a ledger row on that subscription carrying the memo', async () => {
    const user = await signUp(app, 'sub@lifecycle.test');
    const subscriptionId = await createSubscription(app, user.userId, { quota: 1_000_000n });
    const raised = expectTypename(
      (await gqlData(app, AdjustSubscriptionQuotaDocument, { subscriptionId: String(subscriptionId), amount: '250000', memo: 'goodwill for the outage' }, admin)).adjustSubscriptionQuota,
      'AdjustSubscriptionQuotaSuccess',
    );
    expect(raised.ledgerEntry).toEqual({ amount: '250000', bucket: 'SUBSCRIPTION', kind: 'ADMIN_ADJUSTMENT', memo: 'goodwill for the outage', balanceAfter: '1250000' });
    expect(raised.subscription).toMatchObject({ quotaTotal: '1250000', quotaUsed: '0' });
    const lowered = expectTypename(
      (await gqlData(app, AdjustSubscriptionQuotaDocument, { subscriptionId: String(subscriptionId), amount: '-1000000', memo: 'correction' }, admin)).adjustSubscriptionQuota,
      'AdjustSubscriptionQuotaSuccess',
    );
    expect(lowered.ledgerEntry.balanceAfter).toBe('250000');
    const tooMuch = (await gqlData(app, AdjustSubscriptionQuotaDocument, { subscriptionId: String(subscriptionId), amount: '-250001', memo: 'x' }, admin)).adjustSubscriptionQuota;
    expect(tooMuch).toMatchObject({ __typename: 'InsufficientBalanceError', balance: '250000' });
    const rows = (await ledgerOf(user.userId)).filter((r) => r.subscription?.id === String(subscriptionId) && r.kind === 'ADMIN_ADJUSTMENT');
    expect(rows.map((r) => [r.amount, r.memo])).toEqual([['-1000000', 'correction'], ['250000', 'goodwill for the outage']]);
    expect((await gqlData(app, AdjustSubscriptionQuotaDocument, { subscriptionId: '999999', amount: '1', memo: 'x' }, admin)).adjustSubscriptionQuota.__typename).toBe('NotFoundError');
    expect((await gqlData(app, AdjustSubscriptionQuotaDocument, { subscriptionId: String(subscriptionId), amount: '0', memo: 'x' }, admin)).adjustSubscriptionQuota.__typename).toBe('InputValidationError');
  });
});

describe('deletes keep the ledger and usage', () => {
  it('a deleted user cannot sign in, every key fails at once, and the admin still reads their ledger and usage', async () => {
    await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
    const user = await signUp(app, 'leaver@lifecycle.test');
    const { key } = await createToken(app, user.userId);
    await ask(key);
    const ledgerBefore = await ledgerOf(user.userId);
    const usageBefore = await usageLogs(app, { userId: user.userId });
    expect(usageBefore).toHaveLength(1);

    const deleted = expectTypename((await gqlData(app, DeleteUserDocument, { id: String(user.userId) }, admin)).deleteUser, 'User');
    expect(deleted.status).toBe('DISABLED');
    expect(deleted.deletedAt).not.toBeNull();
    await expect(ask(key)).rejects.toMatchObject({ status: 401 });
    expect(await login('leaver@lifecycle.test', TEST_PASSWORD)).not.toBe('LoginSuccess');
    expect((await gql(app, MeDocument, {}, user.session)).errors).toBeDefined();
    const listed = await gqlData(app, UsersDocument, { first: 100, filter: { emailContains: 'leaver@' } }, admin);
    expect(listed.users.edges).toEqual([]);
    // Still findable by e-mail where an admin asks for deleted accounts.
    const gone = await gqlData(app, UsersDocument, { first: 100, filter: { emailContains: 'leaver@', deleted: true } }, admin);
    expect(gone.users.edges.map((e) => [e.node.id, e.node.email])).toEqual([[String(user.userId), 'leaver@lifecycle.test']]);
    expect(expectTypename((await gqlData(app, UserDocument, { id: String(user.userId) }, admin)).user, 'User').email).toBe('leaver@lifecycle.test');
    expect(await ledgerOf(user.userId)).toEqual(ledgerBefore);
    const usage = await gqlData(app, UsageRowsWithNamesDocument, { filter: { userId: String(user.userId) } }, admin);
    expect(usage.usage.edges.map((e) => [e.node.requestId, e.node.user?.email])).toEqual([[usageBefore[0]!.requestId, 'leaver@lifecycle.test']]);
    // Final: a deleted account is not re-enabled or deleted twice, and an admin cannot delete themselves.
    expect((await gqlData(app, DeleteUserDocument, { id: String(user.userId) }, admin)).deleteUser.__typename).toBe('NotFoundError');
  });

  it('a deleted channel leaves routing and the list; usage keeps its id and name', async () => {
    await disableAllChannels(app);
    const channelId = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['deepseek-chat'] });
    const user = await signUp(app, 'channel-user@lifecycle.test');
    const { key } = await createToken(app, user.userId);
    await ask(key, 'deepseek-chat');
    await app.server.services.usageLog.flush();
    const before = await gqlData(app, UsageRowsWithNamesDocument, { filter: { userId: String(user.userId) } }, admin);
    const served = before.usage.edges[0]!.node;
    const name = served.channelName;
    expect(name).toMatch(/^channel/);

    expect((await gqlData(app, DeleteChannelDocument, { id: String(channelId) }, admin)).deleteChannel).toMatchObject({ __typename: 'Channel', status: 'DISABLED_MANUAL' });
    const err = await ask(key, 'deepseek-chat').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).status).toBe(503);
    const channels = await gqlData(app, ChannelsDocument, { first: 100, filter: { model: 'deepseek-chat' } }, admin);
    expect(channels.channels.edges.map((e) => e.node.id)).not.toContain(String(channelId));
    const after = await gqlData(app, UsageRowsWithNamesDocument, { filter: { userId: String(user.userId) } }, admin);
    expect(after.usage.edges.find((e) => e.node.requestId === served.requestId)!.node).toMatchObject({ channelId: String(channelId), channelName: name });
    expect((await gqlData(app, DeleteChannelDocument, { id: String(channelId) }, admin)).deleteChannel.__typename).toBe('NotFoundError');
  });

  it('a user deletes revoked tokens only; usage keeps the token id', async () => {
    await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
    const user = await signUp(app, 'tokens@lifecycle.test');
    const { key, tokenId } = await createToken(app, user.userId);
    await ask(key);
    const live = await gqlData(app, DeleteTokenDocument, { id: String(tokenId) }, user.session);
    expect(live.deleteToken.__typename).toBe('InputValidationError');
    await gqlData(app, RevokeTokenDocument, { id: String(tokenId) }, user.session);
    const other = await signUp(app, 'tokens-other@lifecycle.test');
    expect((await gqlData(app, DeleteTokenDocument, { id: String(tokenId) }, other.session)).deleteToken.__typename).toBe('NotFoundError');
    expect((await gqlData(app, DeleteTokenDocument, { id: String(tokenId) }, user.session)).deleteToken.__typename).toBe('Token');
    expect((await gqlData(app, TokensDocument, {}, user.session)).tokens.edges).toEqual([]);
    expect((await usageLogs(app, { userId: user.userId })).map((r) => r.tokenId)).toEqual([tokenId]);
  });

  it('hides models and disables redemption codes', async () => {
    expect((await gqlData(app, HideModelDocument, { modelId: 'glm-4.5' }, admin)).hideModel).toMatchObject({ status: 'HIDDEN' });
    expect((await gqlData(app, ModelsDocument, {})).models.map((m) => m.modelId)).not.toContain('glm-4.5');
    const generated = await gqlData(app, GenerateRedemptionCodesDocument, { input: { count: 1, kind: 'QUOTA', quotaAmount: '1000' } }, admin);
    const batch = expectTypename(generated.generateRedemptionCodes, 'GenerateRedemptionCodesSuccess');
    const code = batch.codes[0]!;
    expect((await gqlData(app, DisableRedemptionCodeDocument, { id: code.redemptionCode.id }, admin)).disableRedemptionCode).toMatchObject({ status: 'DISABLED' });
    const user = await signUp(app, 'redeemer@lifecycle.test');
    expect((await gqlData(app, RedeemCodeDocument, { code: code.code }, user.session)).redeemCode.__typename).not.toBe('RedeemCodeSuccess');
  });
});
