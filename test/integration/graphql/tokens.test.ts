import { Group, GroupMember, Token } from '../../../src/db/entities';
import type { ChangeEvent } from '../../../src/lib/change-bus';
import { sha256Hex } from '../../../src/lib/key-material';
import {
  CreateTokenDocument, RevokeTokenDocument, type CreateTokenMutationVariables, TokenDocument, TokensDocument, UpdateTokenDocument,
} from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let alice: { session: string; userId: number };
let bob: { session: string; userId: number };
let events: ChangeEvent[];

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice@tokens.test');
  bob = await signUp(app, 'bob@tokens.test');
  app.server.services.changeBus.subscribe((e) => events.push(e));
});
beforeEach(() => {
  events = [];
});
afterAll(() => app.close());

async function create(session: string, variables: CreateTokenMutationVariables) {
  return (await gqlData(app, CreateTokenDocument, variables, session)).createToken;
}

describe('createToken', () => {
  it('returns the plaintext key once and stores only its hash and prefix', async () => {
    const created = expectTypename(await create(alice.session, { input: { name: '  laptop ' } }), 'CreateTokenSuccess');
    expect(created.key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    expect(created.token).toMatchObject({ name: 'laptop', status: 'ACTIVE', group: { name: 'auto' }, user: { id: String(alice.userId) } });
    expect(created.key.startsWith(created.token.displayPrefix)).toBe(true);

    const stored = await app.em().findOneOrFail(Token, Number(created.token.id));
    expect(stored.keyHash).toBe(sha256Hex(created.key));
    const raw = JSON.stringify(await app.em().getConnection().execute('select * from tokens where id = ?', [stored.id]));
    expect(raw).not.toContain(created.key);

    // Never again: no field of any later response carries the key or its hash.
    const listed = JSON.stringify(await gqlData(app, TokensDocument, {}, alice.session));
    const one = JSON.stringify(await gqlData(app, TokenDocument, { id: created.token.id }, alice.session));
    for (const text of [listed, one]) {
      expect(text).not.toContain(created.key);
      expect(text).not.toContain(stored.keyHash);
    }
    expect(events).toContainEqual({ topic: 'token', id: stored.keyHash });
  });

  it('takes limits and validates them', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const ok = expectTypename(
      await create(alice.session, {
        input: {
          name: 'limited', group: 'default', expiresAt, quotaCap: '1000',
          allowedModels: ['gpt-4o-mini', 'gpt-4o-mini'], allowedIps: ['10.0.0.0/8', '2001:db8::/32', '127.0.0.1'],
        },
      }),
      'CreateTokenSuccess',
    );
    expect(ok.token).toMatchObject({
      group: { name: 'default' }, expiresAt, quotaCap: '1000', usedQuota: '0', remainingQuota: '1000',
      allowedModels: ['gpt-4o-mini'], allowedIps: ['10.0.0.0/8', '2001:db8::/32', '127.0.0.1'],
    });
    const bad: Array<[CreateTokenMutationVariables['input'], string]> = [
      [{ name: '' }, 'name'],
      [{ name: 'x', allowedIps: ['10.0.0.0/33'] }, 'allowedIps'],
      [{ name: 'x', allowedIps: ['not-an-ip'] }, 'allowedIps'],
      [{ name: 'x', allowedModels: ['no-such-model'] }, 'allowedModels'],
      [{ name: 'x', quotaCap: '-1' }, 'quotaCap'],
      [{ name: 'x', expiresAt: new Date(Date.now() - 1000).toISOString() }, 'expiresAt'],
    ];
    for (const [input, field] of bad) {
      const result = await create(alice.session, { input });
      expect(result).toMatchObject({ __typename: 'InputValidationError', field });
    }
    expect(await app.em().count(Token, { name: 'x' })).toBe(0);
  });

  it('refuses a closed group unless the user is a member, and an unknown group the same way', async () => {
    const em = app.em();
    const vip = em.create(Group, { name: 'vip-only', open: false });
    await em.flush();
    const refused = await create(alice.session, { input: { name: 'k', group: 'vip-only' } });
    expect(refused).toMatchObject({ __typename: 'GroupNotAllowedError', code: 'GROUP_NOT_ALLOWED', group: 'vip-only' });
    const unknown = await create(alice.session, { input: { name: 'k', group: 'no-such-group' } });
    expect(unknown).toMatchObject({ __typename: 'GroupNotAllowedError', group: 'no-such-group' });

    em.create(GroupMember, { group: vip, user: alice.userId });
    await em.flush();
    const allowed = await create(alice.session, { input: { name: 'k', group: 'vip-only' } });
    expect(expectTypename(allowed, 'CreateTokenSuccess').token.group.name).toBe('vip-only');
  });
});

describe('reading tokens', () => {
  it('lists only the viewer’s tokens, newest first, with keyset pages', async () => {
    const { session } = await signUp(app, 'pager@tokens.test');
    for (const name of ['t1', 't2', 't3']) await create(session, { input: { name } });
    const first = await gqlData(app, TokensDocument, { first: 2 }, session);
    expect(first.tokens.edges.map((e) => e.node.name)).toEqual(['t3', 't2']);
    expect(first.tokens.pageInfo.hasNextPage).toBe(true);
    const second = await gqlData(app, TokensDocument, { first: 2, after: first.tokens.pageInfo.endCursor }, session);
    expect(second.tokens.edges.map((e) => e.node.name)).toEqual(['t1']);
    expect(second.tokens.pageInfo.hasNextPage).toBe(false);
  });

  it('never shows another user’s token, even by id: not found, not forbidden', async () => {
    const created = expectTypename(await create(alice.session, { input: { name: 'private' } }), 'CreateTokenSuccess');
    const byId = await gqlData(app, TokenDocument, { id: created.token.id }, bob.session);
    expect(byId.token).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    const asList = await gql(app, TokensDocument, { userId: String(alice.userId) }, bob.session);
    expect(asList.errors?.[0]?.message).toMatch(/Not authorized/);
    expect(asList.data).toBeNull();
    const update = await gqlData(app, UpdateTokenDocument, { id: created.token.id, input: { name: 'mine now' } }, bob.session);
    expect(update.updateToken.__typename).toBe('NotFoundError');
    const revoke = await gqlData(app, RevokeTokenDocument, { id: created.token.id }, bob.session);
    expect(revoke.revokeToken.__typename).toBe('NotFoundError');
    expect((await app.em().findOneOrFail(Token, Number(created.token.id))).status).toBe('ACTIVE');
    expect(events.filter((e) => e.topic === 'token')).toEqual([{ topic: 'token', id: expect.any(String) }]);

    const admin = await adminSession(app);
    const asAdmin = await gqlData(app, TokensDocument, { userId: String(alice.userId), first: 100 }, admin);
    expect(asAdmin.tokens.edges.map((e) => e.node.id)).toContain(created.token.id);
  });

  it('is refused to anonymous callers', async () => {
    const res = await gql(app, TokensDocument, {});
    expect(res.errors?.[0]?.message).toMatch(/Not authorized/);
  });
});

describe('updateToken and revokeToken', () => {
  it('changes only what is given, clears with null, and notifies the data plane', async () => {
    const created = expectTypename(
      await create(alice.session, { input: { name: 'editable', quotaCap: '50', allowedIps: ['127.0.0.1'] } }),
      'CreateTokenSuccess',
    );
    const keyHash = sha256Hex(created.key);
    events = [];
    const renamed = await gqlData(app, UpdateTokenDocument, { id: created.token.id, input: { name: 'renamed', status: 'DISABLED' } }, alice.session);
    expect(expectTypename(renamed.updateToken, 'Token')).toMatchObject({ name: 'renamed', status: 'DISABLED', quotaCap: '50', allowedIps: ['127.0.0.1'] });
    const cleared = await gqlData(app, UpdateTokenDocument, { id: created.token.id, input: { quotaCap: null, allowedIps: null } }, alice.session);
    expect(expectTypename(cleared.updateToken, 'Token')).toMatchObject({ name: 'renamed', quotaCap: null, remainingQuota: null, allowedIps: null });
    const invalid = await gqlData(app, UpdateTokenDocument, { id: created.token.id, input: { allowedIps: ['300.1.1.1'] } }, alice.session);
    expect(invalid.updateToken).toMatchObject({ __typename: 'InputValidationError', field: 'allowedIps' });
    expect(events).toEqual([{ topic: 'token', id: keyHash }, { topic: 'token', id: keyHash }]);
  });

  it('revoke is final, idempotent, and drops the data plane’s cache entry', async () => {
    const created = expectTypename(await create(alice.session, { input: { name: 'doomed' } }), 'CreateTokenSuccess');
    const keyHash = sha256Hex(created.key);
    events = [];
    const revoked = expectTypename((await gqlData(app, RevokeTokenDocument, { id: created.token.id }, alice.session)).revokeToken, 'Token');
    expect(revoked.status).toBe('REVOKED');
    expect(revoked.revokedAt).not.toBeNull();
    expect(events).toEqual([{ topic: 'token', id: keyHash }]);

    const again = expectTypename((await gqlData(app, RevokeTokenDocument, { id: created.token.id }, alice.session)).revokeToken, 'Token');
    expect(again.revokedAt).toBe(revoked.revokedAt);
    const reactivate = await gqlData(app, UpdateTokenDocument, { id: created.token.id, input: { status: 'ACTIVE' } }, alice.session);
    expect(reactivate.updateToken.__typename).toBe('InputValidationError');
    expect((await app.em().findOneOrFail(Token, Number(created.token.id))).status).toBe('REVOKED');
  });

  it('a revoked key stops working on the data plane at once', async () => {
    const created = expectTypename(await create(alice.session, { input: { name: 'live' } }), 'CreateTokenSuccess');
    const listModels = () => fetch(`${app.v1Url}/models`, { headers: { authorization: `Bearer ${created.key}` } });
    expect((await listModels()).status).toBe(200); // now cached by the data plane
    await gqlData(app, RevokeTokenDocument, { id: created.token.id }, alice.session);
    expect((await listModels()).status).toBe(401);
  });

  it('an admin may revoke anyone’s token', async () => {
    const created = expectTypename(await create(bob.session, { input: { name: 'abused' } }), 'CreateTokenSuccess');
    const admin = await adminSession(app);
    const revoked = await gqlData(app, RevokeTokenDocument, { id: created.token.id }, admin);
    expect(expectTypename(revoked.revokeToken, 'Token').status).toBe('REVOKED');
  });
});
