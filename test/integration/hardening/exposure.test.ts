import { startTestApp, type TestApp } from '../../support/test-app';

async function post(app: TestApp, query: string, headers: Record<string, string> = {}) {
  return fetch(app.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
}

describe('12.14 /graphql with the defaults', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ GRAPHQL_CORS_ORIGINS: 'https://console.example' });
  });
  afterAll(() => app.close());

  it('sends CORS headers to configured origins only, never with credentials', async () => {
    const evil = await fetch(app.graphqlUrl, {
      method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    const evilPost = await post(app, '{ __typename }', { origin: 'https://evil.example' });
    expect(evilPost.headers.get('access-control-allow-origin')).toBeNull();

    const console = await post(app, '{ __typename }', { origin: 'https://console.example' });
    expect(console.headers.get('access-control-allow-origin')).toBe('https://console.example');
    expect(console.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('counts __typename towards the field limit', async () => {
    const body = (await (await post(app, `{ ${Array(1001).fill('__typename').join(' ')} }`)).json()) as { errors?: Array<{ message: string }> };
    expect(body.errors?.[0]?.message).toMatch(/selects 1001 fields/);
  });

  it('puts security headers on every response, with a CSP that allows nothing from another origin', async () => {
    const responses = [
      await fetch(`${app.url}/healthz`),
      await fetch(`${app.v1Url}/models`),
      await post(app, '{ __typename }'),
    ];
    for (const res of responses) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/https?:/);
    }
    const page = await fetch(app.graphqlUrl, { headers: { accept: 'text/html' } });
    expect(await page.text()).toMatch(/graphiql/i);
    const pageCsp = page.headers.get('content-security-policy') ?? '';
    expect(pageCsp).toContain("script-src 'self' 'unsafe-inline'");
    expect(pageCsp).not.toMatch(/https?:/);
  });
});

describe('12.14 production switches: GRAPHIQL=false', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ GRAPHIQL: 'false' });
  });
  afterAll(() => app.close());

  it('serves no GraphiQL page and refuses introspection, while ordinary queries work', async () => {
    const page = await fetch(app.graphqlUrl, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/graphiql/i);
    const intro = (await (await post(app, '{ __schema { types { name } } }')).json()) as { errors?: Array<{ message: string }> };
    expect(intro.errors?.[0]?.message).toMatch(/introspection/i);
    const plain = (await (await post(app, '{ __typename vendors { name } }')).json()) as { data?: unknown };
    expect(plain.data).toMatchObject({ __typename: 'Query' });
  });
});
