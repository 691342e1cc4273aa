import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../../../src/db/orm-options';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

let database: TestDatabase;
let orm: MikroORM;
beforeAll(async () => {
  database = await createTestDatabase();
  orm = await MikroORM.init(ormOptions({ clientUrl: database.url, poolMax: 2 }));
});
afterAll(async () => {
  await orm.close(true);
  await database.drop();
});

describe('migrations', () => {
  it('produce exactly the schema the entities describe (no change left to generate)', async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('are all applied by start-up', async () => {
    expect(await orm.migrator.getPendingMigrations()).toEqual([]);
  });
});
