import { createToken, createUser } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  key = (await createToken(app, await createUser(app, { freeQuota: 1_000_000n }))).key;
});
afterAll(() => app.close());

describe('12.5 deeply nested JSON is refused when the body is read', () => {
  it.each([
    ['/chat/completions', { authorization: '' }],
    ['/messages', { 'anthropic-version': '2023-06-01' }],
    ['/responses', { authorization: '' }],
  ])('%s answers 400, not 500, for a body nested 10 000 levels', async (path, extra) => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const body = `{"model":"gpt-4o-mini","max_tokens":5,"messages":[{"role":"user","content":"hi"}],"input":"hi","metadata":${deep}}`;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...extra, authorization: `Bearer ${key}`, 'x-api-key': key };
    const res = await fetch(`${app.v1Url}${path}`, { method: 'POST', headers, body });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/nested more than 64 levels/);
  });

  it('still accepts ordinary nesting (64 levels)', async () => {
    const nested = '['.repeat(60) + ']'.repeat(60);
    const res = await fetch(`${app.v1Url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: `{"model":"no-such-model","messages":[{"role":"user","content":"hi"}],"metadata":${nested}}`,
    });
    expect(res.status).toBe(404);
  });
});
