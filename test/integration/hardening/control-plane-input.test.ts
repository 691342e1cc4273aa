import { parse } from 'graphql';
import { Token } from '../../../src/db/entities';
import { CreateTokenDocument, TokensDocument, UpdateTokenDocument } from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let alice: { session: string; userId: number };
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice@hardening-input.test');
  admin = await adminSession(app);
});
afterAll(() => app.close());

async function newToken(name: string): Promise<string> {
  const created = (await gqlData(app, CreateTokenDocument, { input: { name } }, alice.session)).createToken;
  return expectTypename(created, 'CreateTokenSuccess').token.id;
}

describe('12.12 an admin disabling a token wins over its owner', () => {
  it('refuses the owner re-enabling a token an admin disabled; an admin can', async () => {
    const id = await newToken('admin-disabled');
    expectTypename((await gqlData(app, UpdateTokenDocument, { id, input: { status: 'DISABLED' } }, admin)).updateToken, 'Token');

    const retry = (await gqlData(app, UpdateTokenDocument, { id, input: { status: 'ACTIVE' } }, alice.session)).updateToken;
    expect(expectTypename(retry, 'InputValidationError').field).toBe('status');
    expect((await app.em().findOneOrFail(Token, Number(id))).status).toBe('DISABLED');

    // Other edits by the owner still work and keep it disabled.
    const renamed = expectTypename((await gqlData(app, UpdateTokenDocument, { id, input: { name: 'renamed' } }, alice.session)).updateToken, 'Token');
    expect(renamed.status).toBe('DISABLED');

    expectTypename((await gqlData(app, UpdateTokenDocument, { id, input: { status: 'ACTIVE' } }, admin)).updateToken, 'Token');
    // Once an admin enabled it, the owner manages it again.
    expectTypename((await gqlData(app, UpdateTokenDocument, { id, input: { status: 'DISABLED' } }, alice.session)).updateToken, 'Token');
    expectTypename((await gqlData(app, UpdateTokenDocument, { id, input: { status: 'ACTIVE' } }, alice.session)).updateToken, 'Token');
  });
});

describe('12.13 caller mistakes are typed input errors, never "Unexpected error"', () => {
  it('a malformed pagination cursor names the argument', async () => {
    for (const after of ['not-a-cursor', Buffer.from('2026-01-01T00:00:00Z|1|2').toString('base64url'), Buffer.from('x|1').toString('base64url')]) {
      const res = await gql(app, TokensDocument, { first: 5, after }, alice.session);
      expect(res.errors?.[0]?.message).not.toMatch(/unexpected/i);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
    }
  });

  it('a quotaCap above 64 bits is refused as input', async () => {
    const res = await gql(app, CreateTokenDocument, { input: { name: 'huge', quotaCap: '9223372036854775808' } }, alice.session);
    expect(res.errors?.[0]?.message).toMatch(/64 bits/);
    expect(res.errors?.[0]?.message).not.toMatch(/unexpected/i);
    const fits = (await gqlData(app, CreateTokenDocument, { input: { name: 'max', quotaCap: '9223372036854775807' } }, alice.session)).createToken;
    expectTypename(fits, 'CreateTokenSuccess');
  });

  it('an expiresAt outside the storable range is refused as input', async () => {
    for (const expiresAt of ['+275760-09-13T00:00:00.000Z', '+010000-01-01T00:00:00.000Z']) {
      const res = await gql(app, CreateTokenDocument, { input: { name: 'far', expiresAt } }, alice.session);
      expect(res.errors?.[0]?.message).toMatch(/0001-9999/);
    }
    // As a literal too, not only as a variable.
    const literal = await gql(app, parse('mutation { createToken(input: { name: "lit", quotaCap: "99999999999999999999" }) { __typename } }'), {}, alice.session);
    expect(literal.errors?.[0]?.message).toMatch(/64 bits/);
  });
});
