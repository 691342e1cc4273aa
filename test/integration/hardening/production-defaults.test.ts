import { Client } from 'pg';
import { eventually } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';
import { adminDatabaseUrl } from '../../support/test-env';

// What anyone could read without signing in: /readyz returned the database driver's error text
// (host, user, database names), and /metrics, GraphiQL and introspection were on by default in
// production too. Production (NODE_ENV=production, as the Dockerfile sets) now turns those three
// off unless the operator turns them on, and /readyz names the failed check and nothing else.

const gql = (app: TestApp, query: string) =>
  fetch(app.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
const TOKEN = 'metrics-token-for-production-1';

describe('NODE_ENV=production with nothing else set', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => app.close());

  it('serves no GraphiQL page and answers no introspection, while ordinary queries work', async () => {
    const page = await fetch(app.graphqlUrl, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/graphiql/i);
    const intro = (await (await gql(app, '{ __schema { types { name } } }')).json()) as { errors?: Array<{ message: string }> };
    expect(intro.errors?.[0]?.message).toMatch(/introspection/i);
    const plain = (await (await gql(app, '{ __typename vendors { name } }')).json()) as { data?: unknown };
    expect(plain.data).toMatchObject({ __typename: 'Query' });
  });

  it('refuses /metrics without a token, saying how to set one', async () => {
    const res = await fetch(`${app.url}/metrics`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toMatch(/METRICS_TOKEN/);
  });

  it('/readyz names the failed check and not the database error', async () => {
    const admin = new Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    const db = app.database.name;
    try {
      await admin.query(`alter database "${db}" with allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db]);
      const down = await fetch(`${app.url}/readyz`);
      expect(down.status).toBe(503);
      const text = await down.text();
      expect(JSON.parse(text)).toEqual({
        status: 'not_ready',
        checks: { database: { ok: false }, migrations: { ok: expect.any(Boolean) }, draining: { ok: true } },
        failed: expect.arrayContaining(['database']),
      });
      expect(text).not.toContain(db);
      expect(text).not.toMatch(/postgres|connect|terminat|allow/i);
    } finally {
      await admin.query(`alter database "${db}" with allow_connections true`);
      await admin.end();
    }
    await eventually(async () => (await fetch(`${app.url}/readyz`)).status === 200, 10_000);
  });
});

describe('NODE_ENV=production with the operator\'s switches', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN, GRAPHIQL: 'true' });
  });
  afterAll(() => app.close());

  it('serves /metrics with METRICS_TOKEN only, and GraphiQL with introspection when GRAPHIQL=true', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    const scraped = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('gw_active_streams');
    const page = await fetch(app.graphqlUrl, { headers: { accept: 'text/html' } });
    expect(await page.text()).toMatch(/graphiql/i);
    const intro = (await (await gql(app, '{ __schema { queryType { name } } }')).json()) as { data?: unknown };
    expect(intro.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});

describe('NODE_ENV=production with METRICS_PUBLIC=true', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: 'production', METRICS_PUBLIC: 'true' });
  });
  afterAll(() => app.close());

  it('serves /metrics to anyone', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(200);
  });
});
