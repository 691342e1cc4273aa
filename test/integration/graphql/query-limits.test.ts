import { getIntrospectionQuery } from 'graphql';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function post(query: string): Promise<{ status: number; body: { data?: unknown; errors?: Array<{ message: string }> } }> {
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as { errors?: Array<{ message: string }> } };
}

it('refuses documents with too many aliases before executing them', async () => {
  const aliases = Array.from({ length: 31 }, (_, i) => `m${i}: models { modelId }`).join(' ');
  const { body } = await post(`{ ${aliases} }`);
  expect(body.data).toBeUndefined();
  expect(body.errors?.map((e) => e.message)).toEqual(['Query uses more than 30 aliases.']);
});

it('refuses documents with too many tokens while parsing', async () => {
  const { body } = await post(`{ ${'vendors { id } '.repeat(1500)} }`);
  expect(body.errors?.[0]?.message).toMatch(/Document contains more (than|that) 5000 tokens/);
});

it('still answers the full introspection query and serves GraphiQL to browsers', async () => {
  const { body } = await post(getIntrospectionQuery());
  expect(body.errors).toBeUndefined();
  const page = await fetch(app.graphqlUrl, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/graphiql/i);
});
