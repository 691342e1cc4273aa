import { startTestApp, TEST_ADMIN, type TestApp } from '../../support/test-app';

let app: TestApp;
let session: string;

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

beforeAll(async () => {
  app = await startTestApp();
  const signedIn = await gql<{ login: { sessionToken: string } }>(
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginSuccess { sessionToken } } }',
    { e: TEST_ADMIN.email, p: TEST_ADMIN.password },
  );
  session = signedIn.login.sessionToken;
});
afterAll(async () => {
  await app?.close();
});

const SET = `mutation($tz: String) { setMyTimezone(timezone: $tz) {
  __typename ... on User { timezone } ... on InputValidationError { field message } } }`;

it('a user sets their own time zone, check-in days follow it, and null goes back to the default', async () => {
  expect(await gql(SET, { tz: 'Asia/Shanghai' })).toEqual({ setMyTimezone: { __typename: 'User', timezone: 'Asia/Shanghai' } });
  expect(await gql('{ checkInStatus { timezone } }')).toEqual({ checkInStatus: { timezone: 'Asia/Shanghai' } });
  expect(await gql(SET, { tz: 'Mars/Olympus_Mons' })).toMatchObject({ setMyTimezone: { __typename: 'InputValidationError', field: 'timezone' } });
  expect(await gql(SET, { tz: null })).toEqual({ setMyTimezone: { __typename: 'User', timezone: null } });
  expect(await gql('{ checkInStatus { timezone } }')).toEqual({ checkInStatus: { timezone: 'UTC' } });
});
