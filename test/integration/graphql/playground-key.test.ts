import { Token } from '../../../src/db/entities';
import { PLAYGROUND_KEY_MINUTES, PLAYGROUND_KEY_NAME, PLAYGROUND_KEYS_LIVE } from '../../../src/domain/tokens/playground-key';
import { CreatePlaygroundKeyDocument, CreateTokenDocument, LogoutDocument, UpdateTokenDocument } from '../../generated/graphql';
import { expectTypename, gqlData, signIn, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// The server's side of the playground key's lifecycle: a short expiry the gateway enforces, a
// bound on how many live at once, and sign-out ending them (the page's own revoke cannot: it
// needs the session that signing out has just ended).
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function makeKey(session: string) {
  return expectTypename((await gqlData(app, CreatePlaygroundKeyDocument, {}, session)).createPlaygroundKey, 'CreateTokenSuccess');
}

async function modelsStatus(key: string): Promise<number> {
  return (await fetch(`${app.v1Url}/models`, { headers: { authorization: `Bearer ${key}` } })).status;
}

const statusOf = async (id: string) => (await app.em().findOneOrFail(Token, Number(id))).status;

it('expires within the playground lifetime and works on /v1 until then', async () => {
  const { session } = await signUp(app, 'expiry@playground.test');
  const before = Date.now();
  const made = await makeKey(session);
  expect(made.token.name).toBe(PLAYGROUND_KEY_NAME);
  const lifetime = new Date(made.token.expiresAt!).getTime() - before;
  expect(lifetime).toBeGreaterThan(0);
  expect(lifetime).toBeLessThanOrEqual(PLAYGROUND_KEY_MINUTES * 60_000 + 5_000);
  expect(await modelsStatus(made.key)).toBe(200);
});

it(`keeps at most ${PLAYGROUND_KEYS_LIVE} live per user: making another revokes the oldest, and only that user's`, async () => {
  const { session } = await signUp(app, 'many@playground.test');
  const other = await signUp(app, 'other@playground.test');
  const theirs = await makeKey(other.session);
  const made = [];
  for (let i = 0; i < PLAYGROUND_KEYS_LIVE + 1; i++) made.push(await makeKey(session));
  expect(await statusOf(made[0]!.token.id)).toBe('REVOKED');
  expect(await modelsStatus(made[0]!.key)).toBe(401);
  for (const key of made.slice(1)) expect(await statusOf(key.token.id)).toBe('ACTIVE');
  expect(await statusOf(theirs.token.id)).toBe('ACTIVE');
});

it('signing out revokes the playground keys and leaves other keys alone', async () => {
  const { session, email } = await signUp(app, 'leaving@playground.test');
  const own = expectTypename((await gqlData(app, CreateTokenDocument, { input: { name: 'laptop' } }, session)).createToken, 'CreateTokenSuccess');
  const played = await makeKey(session);
  const elsewhere = await signIn(app, email);
  await gqlData(app, LogoutDocument, {}, session);
  expect(await statusOf(played.token.id)).toBe('REVOKED');
  expect(await modelsStatus(played.key)).toBe(401);
  expect(await statusOf(own.token.id)).toBe('ACTIVE');
  // The user's other session still makes keys.
  expect(await statusOf((await makeKey(elsewhere)).token.id)).toBe('ACTIVE');
});

it('refuses the playground keys\' name for other keys, so sign-out can never take one of them', async () => {
  const { session } = await signUp(app, 'naming@playground.test');
  const refused = (await gqlData(app, CreateTokenDocument, { input: { name: ` ${PLAYGROUND_KEY_NAME} ` } }, session)).createToken;
  expect(refused).toMatchObject({ __typename: 'InputValidationError', field: 'name' });
  const own = expectTypename((await gqlData(app, CreateTokenDocument, { input: { name: 'laptop' } }, session)).createToken, 'CreateTokenSuccess');
  const renamed = (await gqlData(app, UpdateTokenDocument, { id: own.token.id, input: { name: PLAYGROUND_KEY_NAME } }, session)).updateToken;
  expect(renamed).toMatchObject({ __typename: 'InputValidationError', field: 'name' });
});
