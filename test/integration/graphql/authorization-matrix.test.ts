import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import {
  GraphQLEnumType, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLScalarType, isLeafType, parse,
  type GraphQLField, type GraphQLInputType,
} from 'graphql';
import { buildSchema } from '../../../src/graphql/schema';
import { adminSession, gql, signIn, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Who may call every root field. The test fails when a field is added to the schema without a
 * line here, so nothing reaches production without a decision about who may use it.
 */
type Access = 'public' | 'user' | 'admin';
const QUERY_ACCESS: Record<string, Access> = {
  allGroups: 'admin', catalogue: 'public', channel: 'admin', channels: 'admin', checkInStatus: 'user', group: 'user',
  groups: 'user', ledger: 'user', me: 'user', model: 'public', modelPriceHistory: 'admin', models: 'public', order: 'user', orders: 'user',
  packages: 'public', paymentMethods: 'public', redemptionCodes: 'admin', subscriptions: 'user', token: 'user', tokens: 'user', usage: 'user',
  usageStats: 'user', user: 'admin', users: 'admin', vendors: 'public',
  // issue 13: runtime settings (admin-only fields are checked in test/integration/settings)
  settings: 'public',
  // two-factor, passkeys and the account's security events
  myTwoFactor: 'user', mySecurityEvents: 'user', myPasskeys: 'user',
  // sign-in providers: the buttons' list is public; a user's own methods and events; the configuration is the admin's
  signInProviders: 'public', mySignInMethods: 'user', adminSignInProviders: 'admin',
  // invitations and announcements
  myInvitation: 'user', topInviters: 'admin', announcements: 'public', allAnnouncements: 'admin',
  // spend budgets: a user's own, or (admins) anyone's
  userBudget: 'user',
};
const MUTATION_ACCESS: Record<string, Access> = {
  // issue 17: channel keys
  addChannelKeys: 'admin', disableChannelKey: 'admin', enableChannelKey: 'admin', removeChannelKey: 'admin',
  importChannels: 'admin', updateChannelsByTag: 'admin', adjustSubscriptionQuota: 'admin', createUser: 'admin',
  deleteChannel: 'admin', deleteToken: 'user', deleteUser: 'admin', disableRedemptionCode: 'admin', hideModel: 'admin',
  resetUserPassword: 'admin', unlockUser: 'admin', addDiscoveredModels: 'admin', discoverChannelModels: 'admin',
  // issue 17: price history and bulk price changes
  setModelPrice: 'admin', applyVendorDiscount: 'admin', withdrawScheduledPrice: 'admin',
  // channel cost bases, routing policies and spend budgets
  setChannelCostMultiplier: 'admin', setChannelModelCost: 'admin', withdrawChannelModelCost: 'admin', setGroupRoutingPolicy: 'admin',
  setTokenBudget: 'user', setUserBudget: 'admin',
  // issue 13: a user's own time zone
  setMyTimezone: 'user',
  // sign-in providers (the hand-off is anonymous: it is how a provider sign-in becomes a session)
  completeProviderSignIn: 'public', beginSignInProviderLink: 'user', unlinkSignInProvider: 'user',
  createSignInProvider: 'admin', updateSignInProvider: 'admin', deleteSignInProvider: 'admin',
  // issue 13: runtime settings; issue 12: e-mail verification
  updateSettings: 'admin', verifyEmail: 'public', resendVerificationEmail: 'user',
  // two-factor and passkeys
  beginTotpSetup: 'user', confirmTotpSetup: 'user', disableTotp: 'user', regenerateBackupCodes: 'user', completeSignIn: 'public',
  beginPasskeyRegistration: 'user', finishPasskeyRegistration: 'user', removePasskey: 'user', beginPasskeySignIn: 'public', finishPasskeySignIn: 'public',
  addGroupMember: 'admin', adjustUserQuota: 'admin', archivePackage: 'admin', cancelOrder: 'admin',
  changePassword: 'user', checkIn: 'user', createChannel: 'admin', createGroup: 'admin', createModel: 'admin',
  createPackage: 'admin', createToken: 'user', createPlaygroundKey: 'user', setModelFallbacks: 'admin', createVendor: 'admin', deprecateModel: 'admin', disableChannel: 'admin',
  disableUser: 'admin', enableChannel: 'admin', enableUser: 'admin', generateRedemptionCodes: 'admin', login: 'public',
  logout: 'user', markOrderPaid: 'admin', purchasePackage: 'user', reconcileOrder: 'admin', redeemCode: 'user', refundOrder: 'admin',
  register: 'public', removeGroupMember: 'admin', revokeToken: 'user', setUserRole: 'admin', testChannel: 'admin',
  updateChannel: 'admin', updateGroup: 'admin', updateModel: 'admin', updatePackage: 'admin', updateToken: 'user',
  updateVendor: 'admin',
  // announcements
  createAnnouncement: 'admin', updateAnnouncement: 'admin', deleteAnnouncement: 'admin',
};

type Actor = 'anonymous' | 'userA' | 'userB' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'userA', 'userB', 'admin'];
const ALLOWED: Record<Access, Actor[]> = {
  public: ['anonymous', 'userA', 'userB', 'admin'],
  user: ['userA', 'userB', 'admin'],
  admin: ['admin'],
};

const schema = buildSchema();
const FUTURE = new Date(Date.now() + 7 * 86_400_000).toISOString();

/** A literal for a required argument: ids that match nothing, so admin mutations touch no real row. */
function placeholder(type: GraphQLInputType): string {
  if (type instanceof GraphQLNonNull) return placeholder(type.ofType);
  if (type instanceof GraphQLList) return `[${placeholder(type.ofType)}]`;
  if (type instanceof GraphQLEnumType) return type.getValues()[0]!.name;
  if (type instanceof GraphQLInputObjectType) {
    const fields = Object.values(type.getFields()).filter((f) => f.type instanceof GraphQLNonNull);
    return `{ ${fields.map((f) => `${f.name}: ${placeholder(f.type)}`).join(', ')} }`;
  }
  const scalar = (type as GraphQLScalarType).name;
  switch (scalar) {
    case 'ID':
      return '"999999"';
    case 'Int':
    case 'Float':
      return '1';
    case 'Boolean':
      return 'false';
    case 'BigInt':
      return '"1"';
    case 'DateTime':
      return JSON.stringify(FUTURE);
    default:
      return '"matrix-x"';
  }
}

function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, extraArgs = ''): string {
  const required = field.args.filter((a) => a.type instanceof GraphQLNonNull && a.defaultValue === undefined);
  const args = [...required.map((a) => `${a.name}: ${placeholder(a.type)}`), extraArgs].filter(Boolean).join(', ');
  let named = field.type;
  while (named instanceof GraphQLNonNull || named instanceof GraphQLList) named = named.ofType;
  const selection = isLeafType(named) ? '' : ' { __typename }';
  return `${kind} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

let app: TestApp;
const sessions = {} as Record<Actor, string | undefined>;
const ids = {} as Record<'userA' | 'userB', number>;
const emails = { userA: 'a@matrix.test', userB: 'b@matrix.test' };

beforeAll(async () => {
  app = await startTestApp();
  const a = await signUp(app, emails.userA);
  const b = await signUp(app, emails.userB);
  Object.assign(sessions, { anonymous: undefined, userA: a.session, userB: b.session, admin: await adminSession(app) });
  Object.assign(ids, { userA: a.userId, userB: b.userId });
});
afterAll(() => app.close());

async function call(actor: Actor, document: string, fieldName: string) {
  // logout ends the session it is called with: give it one of its own.
  const session = fieldName === 'logout' && actor !== 'anonymous'
    ? await (actor === 'admin' ? adminSession(app) : signIn(app, emails[actor]))
    : sessions[actor];
  return gql(app, parse(document) as TypedDocumentNode<Record<string, unknown>, Record<string, never>>, undefined, session);
}

async function expectAccess(document: string, fieldName: string, allowed: readonly Actor[]) {
  const outcomes: Record<string, string> = {};
  const expected: Record<string, string> = {};
  for (const actor of ACTORS) {
    const res = await call(actor, document, fieldName);
    const authError = res.errors?.some((e) => /^Not authorized/.test(e.message));
    outcomes[actor] = authError ? 'denied' : res.errors?.length ? `error: ${res.errors.map((e) => e.message).join('; ')}` : 'data';
    expected[actor] = allowed.includes(actor) ? 'data' : 'denied';
  }
  expect({ document, ...outcomes }).toEqual({ document, ...expected });
}

describe('every root field declares who may use it', () => {
  it('the access table lists exactly the fields of the schema', () => {
    expect(Object.keys(schema.getQueryType()!.getFields()).sort()).toEqual(Object.keys(QUERY_ACCESS).sort());
    expect(Object.keys(schema.getMutationType()!.getFields()).sort()).toEqual(Object.keys(MUTATION_ACCESS).sort());
  });

  it.each(Object.entries(QUERY_ACCESS))('query %s: %s', async (name, access) => {
    await expectAccess(operationFor('query', schema.getQueryType()!.getFields()[name]!), name, ALLOWED[access]);
  });

  it.each(Object.entries(MUTATION_ACCESS))('mutation %s: %s', async (name, access) => {
    await expectAccess(operationFor('mutation', schema.getMutationType()!.getFields()[name]!), name, ALLOWED[access]);
  });
});

describe("one user's data is reachable by that user and admins only", () => {
  const ownerOnly: Actor[] = ['userA', 'admin'];
  const variants: Array<[string, string, (a: string) => string]> = [
    ['query', 'tokens', (a) => `userId: "${a}"`],
    ['query', 'ledger', (a) => `userId: "${a}"`],
    ['query', 'subscriptions', (a) => `userId: "${a}"`],
    ['query', 'orders', (a) => `filter: { userId: "${a}" }`],
    ['query', 'usage', (a) => `filter: { userId: "${a}" }`],
    ['query', 'usageStats', (a) => `userId: "${a}"`],
  ];
  it.each(variants)('%s %s with userId of user A', async (kind, name, args) => {
    const type = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
    await expectAccess(operationFor('query', type.getFields()[name]!, args(String(ids.userA))), name, ownerOnly);
  });

  it('archived packages are listed to admins only', async () => {
    await expectAccess('query { packages(includeArchived: true) { __typename } }', 'packages', ['admin']);
  });
});

describe("another user's resource by id is not found, never forbidden", () => {
  type Json = Record<string, unknown>;
  const run = async (session: string | undefined, document: string) =>
    gql(app, parse(document) as TypedDocumentNode<Json, Record<string, never>>, undefined, session);

  it('tokens, orders, usage, ledger and subscriptions of user A stay invisible to user B', async () => {
    const token = await run(sessions.userA, 'mutation { createToken(input: { name: "a-key" }) { ... on CreateTokenSuccess { token { id } } } }');
    const tokenId = ((token.data!.createToken as Json).token as Json).id as string;
    const packages = await run(undefined, 'query { packages { id } }');
    const packageId = (packages.data!.packages as Json[])[0]!.id as string;
    const order = await run(sessions.userA, `mutation { purchasePackage(packageId: "${packageId}") { ... on Order { id } } }`);
    const orderId = (order.data!.purchasePackage as Json).id as string;
    await app.em().getConnection().execute(
      `insert into usage_logs (request_id, user_id, outcome, http_status, created_at) values ('req_matrix_a', ?, 'SUCCESS', 200, now())`,
      [ids.userA],
    );

    for (const document of [
      `query { token(id: "${tokenId}") { __typename } }`,
      `query { order(id: "${orderId}") { __typename } }`,
      `mutation { updateToken(id: "${tokenId}", input: { name: "stolen" }) { __typename } }`,
      `mutation { revokeToken(id: "${tokenId}") { __typename } }`,
    ]) {
      const [field] = Object.values((await run(sessions.userB, document)).data ?? {}) as Json[];
      expect({ document, typename: field?.__typename }).toEqual({ document, typename: 'NotFoundError' });
      const [own] = Object.values((await run(sessions.admin, document.replace('"stolen"', '"a-key"'))).data ?? {}) as Json[];
      expect({ document, typename: own?.__typename }).not.toEqual({ document, typename: 'NotFoundError' });
    }

    const lists = `query {
      tokens(first: 100) { edges { node { id } } }
      orders(first: 100) { edges { node { id } } }
      usage(first: 100) { edges { node { userId } } }
      ledger(first: 100) { edges { node { user { id } } } }
      subscriptions { id }
    }`;
    type Edges<T> = { edges: Array<{ node: T }> };
    type Lists = {
      tokens: Edges<{ id: string }>; orders: Edges<{ id: string }>; usage: Edges<{ userId: string | null }>;
      ledger: Edges<{ user: { id: string } }>; subscriptions: Array<{ id: string }>;
    };
    const seen = async (session: string | undefined) => {
      const data = (await run(session, lists)).data as unknown as Lists;
      return {
        tokens: data.tokens.edges.map((e) => e.node.id),
        orders: data.orders.edges.map((e) => e.node.id),
        usageOwners: [...new Set(data.usage.edges.map((e) => e.node.userId))],
        ledgerOwners: [...new Set(data.ledger.edges.map((e) => e.node.user.id))],
      };
    };
    const asB = await seen(sessions.userB);
    expect(asB.tokens).not.toContain(tokenId);
    expect(asB.orders).not.toContain(orderId);
    expect(asB.usageOwners).toEqual([]);
    expect(asB.ledgerOwners).toEqual([String(ids.userB)]);
    const asA = await seen(sessions.userA);
    expect(asA.tokens).toContain(tokenId);
    expect(asA.orders).toContain(orderId);
    expect(asA.usageOwners).toEqual([String(ids.userA)]);
    expect(asA.ledgerOwners).toEqual([String(ids.userA)]);
  });
});
