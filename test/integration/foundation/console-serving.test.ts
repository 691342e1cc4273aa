import { execFileSync } from 'node:child_process';
import { startTestApp, type TestApp } from '../../support/test-app';

// The console is served by the gateway at `/` with client-side routes falling back to its
// index.html, while the API planes keep their own answers; GraphiQL is bundled (no CDN).
let app: TestApp;
beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/build-console.mjs', '--if-stale'], { stdio: 'ignore' });
  app = await startTestApp();
});
afterAll(() => app.close());

const html = { accept: 'text/html,application/xhtml+xml' };

it('serves the console at / and at any client-side route, never cached, with no inline script', async () => {
  for (const path of ['/', '/keys', '/admin/channels']) {
    const res = await fetch(`${app.url}${path}`, { headers: html });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = await res.text();
    expect(body).toContain('<div id="root"></div>');
    expect(body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(body).not.toMatch(/https?:\/\//);
  }
});

it('serves hashed assets for a year, and a missing asset is a 404, not index.html', async () => {
  const index = await (await fetch(`${app.url}/`, { headers: html })).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(index)![1]!;
  const asset = await fetch(`${app.url}${script}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('content-type')).toMatch(/javascript/);
  expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
  expect((await fetch(`${app.url}/assets/missing.js`)).status).toBe(404);
});

it('leaves the API planes alone', async () => {
  expect(await (await fetch(`${app.url}/healthz`)).json()).toEqual({ status: 'ok' });
  const models = await fetch(`${app.url}/v1/models`, { headers: html });
  expect(models.status).toBe(401);
  expect(await models.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
  const unknownV1 = await fetch(`${app.url}/v1/nothing-here`, { headers: html });
  expect(await unknownV1.text()).not.toContain('<div id="root">');
  const graphql = await fetch(`${app.url}/graphql`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ settings { quotaPerUnit } }' }),
  });
  expect(await graphql.json()).toEqual({ data: { settings: { quotaPerUnit: '500000' } } });
});

it('serves GraphiQL from the gateway itself, with a real title and nothing from a CDN', async () => {
  const res = await fetch(`${app.url}/graphql`, { headers: html });
  expect(res.status).toBe(200);
  const body = await res.text();
  expect(body).toContain('<title>Model gateway · GraphQL</title>');
  expect(body).not.toMatch(/unpkg\.com|jsdelivr|cdn\./i);
  expect(body).not.toContain('__TITLE__');
});
