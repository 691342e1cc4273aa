import { Token } from '../../../src/db/entities';
import { CreateTokenDocument, UpdateSettingsDocument, UpdateTokenDocument } from '../../generated/graphql';
import { adminSession, expectTypename, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// The operator's limits are ceilings: a user may give a key a lower limit, never a higher or an
// unlimited one (refused when saved, and capped at request time for keys saved before), and a
// per-user requests-per-minute setting bounds all of a user's keys together.

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_RPM: '3', MAX_CONCURRENT_PER_KEY: '2' });
  admin = await adminSession(app);
});
afterAll(() => app?.close());

const create = async (session: string, input: Record<string, unknown>) =>
  (await gqlData(app, CreateTokenDocument, { input: { name: 'k', group: 'default', ...input } }, session)).createToken;
const models = (key: string) => fetch(`${app.v1Url}/models`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);

it('createToken and updateToken refuse a limit above the operator\'s or unlimited, with a typed error', async () => {
  const user = await signUp(app, 'ceiling@limits.test');
  for (const input of [{ rateLimitRpm: 0 }, { rateLimitRpm: 4 }, { maxConcurrent: 0 }, { maxConcurrent: 3 }]) {
    expect(await create(user.session, input)).toMatchObject({ __typename: 'InputValidationError', field: Object.keys(input)[0] });
  }
  const lower = expectTypename(await create(user.session, { rateLimitRpm: 2, maxConcurrent: 1 }), 'CreateTokenSuccess');
  expect(await app.em().findOneOrFail(Token, Number(lower.token.id))).toMatchObject({ rateLimitRpm: 2, maxConcurrent: 1 });
  const lifted = (await gqlData(app, UpdateTokenDocument, { id: lower.token.id, input: { rateLimitRpm: 0 } }, user.session)).updateToken;
  expect(lifted).toMatchObject({ __typename: 'InputValidationError', field: 'rateLimitRpm' });
});

it('a key saved with 0 (unlimited) before the rule is held to the operator\'s limit', async () => {
  const user = await signUp(app, 'legacy@limits.test');
  const { key, token } = expectTypename(await create(user.session, {}), 'CreateTokenSuccess');
  await app.em().getConnection().execute('update tokens set rate_limit_rpm = 0, max_concurrent = 0 where id = ?', [Number(token.id)]);
  await app.server.services.changeBus.publish({ topic: 'token' });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push(await models(key));
  expect(statuses).toEqual([200, 200, 200, 429]);
});

it('maxRpmPerUser bounds all of a user\'s keys together', async () => {
  const settings = (await gqlData(app, UpdateSettingsDocument, { input: { maxRpmPerUser: 2 } }, admin)).updateSettings;
  expect(settings).toMatchObject({ __typename: 'Settings', maxRpmPerUser: 2 });
  try {
    const user = await signUp(app, 'many-keys@limits.test');
    const first = expectTypename(await create(user.session, {}), 'CreateTokenSuccess').key;
    const second = expectTypename(await create(user.session, {}), 'CreateTokenSuccess').key;
    // Each key alone could make 3; together they get the user's 2.
    expect([await models(first), await models(second), await models(second)]).toEqual([200, 200, 429]);
    const other = await signUp(app, 'other@limits.test');
    expect(await models(expectTypename(await create(other.session, {}), 'CreateTokenSuccess').key)).toBe(200);
  } finally {
    await gqlData(app, UpdateSettingsDocument, { input: { maxRpmPerUser: 0 } }, admin);
  }
});
