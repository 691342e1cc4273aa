import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormOptions } from '../../../src/db/orm-options';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';
import { adminDatabaseUrl } from '../../support/test-env';

// knex printed "Connection Error: ..." with console.log for every pooled connection the database
// dropped (thousands of lines in an outage), past the logger and its redaction.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

async function terminateConnections(name: string): Promise<void> {
  const admin = new Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  } finally {
    await admin.end();
  }
}

it('sends the warning about a dropped pooled connection to the logger, not to the console', async () => {
  const warnings: string[] = [];
  const printed = jest.spyOn(console, 'log');
  const orm = await MikroORM.init(ormOptions({ clientUrl: db.url, poolMax: 2, warn: (m) => warnings.push(m) }));
  try {
    const query = () => orm.em.fork().getConnection().execute('select 1 as one');
    await query();
    await terminateConnections(db.name);
    // The first query may meet the dead connection; the pool then replaces it.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await query();
        break;
      } catch {
        /* the dropped connection, once */
      }
    }
    expect(await query()).toEqual([{ one: 1 }]);
    expect(warnings.some((w) => w.includes('Connection Error'))).toBe(true);
    expect(printed.mock.calls.flat().join('\n')).not.toContain('Connection Error');
  } finally {
    printed.mockRestore();
    await orm.close(true);
  }
});
