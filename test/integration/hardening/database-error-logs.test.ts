import { CreateTokenDocument } from '../../generated/graphql';
import { createLogger } from '../../../src/lib/logger';
import { gql, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  app = await startTestApp({}, { logger: createLogger('debug', (line) => lines.push(line)) });
});
afterAll(() => app.close());

describe('12.15 database errors are logged without SQL or parameters', () => {
  it('logs the SQLSTATE and the server message, not the statement with the key hash', async () => {
    const alice = await signUp(app, 'alice@db-logs.test');
    // Break the table under the running app so the next insert fails inside MikroORM.
    await app.em().getConnection().execute('alter table tokens rename column display_prefix to display_prefix_gone');
    try {
      lines.length = 0;
      const res = await gql(app, CreateTokenDocument, { input: { name: 'logged-name-marker' } }, alice.session);
      expect(res.errors?.[0]?.message).toBe('Unexpected error.');
    } finally {
      await app.em().getConnection().execute('alter table tokens rename column display_prefix_gone to display_prefix');
    }
    const logged = lines.join('\n');
    expect(logged).toContain('42703');
    expect(logged).toMatch(/column \\?"display_prefix\\?" of relation \\?"tokens\\?" does not exist/);
    expect(logged).not.toMatch(/insert into/i);
    expect(logged).not.toContain('logged-name-marker');
    expect(logged).not.toMatch(/[0-9a-f]{64}/);
  });
});
