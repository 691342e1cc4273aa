import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { User } from '../../../src/db/entities';
import { runAdminCommand } from '../../../src/cli/admin';
import { createUser } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { __typename } }', variables: { e: email, p: password } }),
  });
  const body = (await res.json()) as { data: { login: { __typename: string } } };
  return body.data.login.__typename;
}

describe('npm run admin', () => {
  it('reset-password prints a new password that signs in', async () => {
    const userId = await createUser(app);
    const em = app.em();
    const user = await em.findOneOrFail(User, { id: userId });

    const out: string[] = [];
    expect(await runAdminCommand(['reset-password', user.email.toUpperCase()], app.config, (l) => out.push(l))).toBe(0);
    const password = /new password for .*: (\S+)$/.exec(out[0]!)![1]!;
    expect(password).toHaveLength(20);
    expect(await login(user.email, password)).toBe('LoginSuccess');
    expect(await login(user.email, 'wrong-password-1')).not.toBe('LoginSuccess');
  });

  it('reset-password of an unknown email fails with exit code 1; bad usage prints the usage with 2', async () => {
    const out: string[] = [];
    expect(await runAdminCommand(['reset-password', 'nobody@test.local'], app.config, (l) => out.push(l))).toBe(1);
    expect(await runAdminCommand(['frobnicate'], app.config, (l) => out.push(l))).toBe(2);
    expect(out.join('\n')).toContain('usage: npm run admin');
  });

  it('create-admin, run as a real process, creates an admin that can sign in', async () => {
    const email = `ops-admin-${process.pid}@test.local`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(__dirname, '../../../src/cli/admin.ts'), 'create-admin', email], {
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: app.database.url, SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789' },
    });
    const password = /password \(shown once\): (\S+)/.exec(stdout)![1]!;
    expect(await login(email, password)).toBe('LoginSuccess');
    expect((await app.em().findOneOrFail(User, { email })).role).toBe('ADMIN');
  });
});
