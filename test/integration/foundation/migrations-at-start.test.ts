import { allMigrationsApplied } from '../../../src/db/pending-migrations';
import { startTestApp, type TestApp } from '../../support/test-app';

// A start with nothing to migrate answers "all applied" from the migrations folder and table
// without loading the migrator; anything short of that goes to the migrator, which decides.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

it('finds every shipped migration applied on a migrated database, and /readyz agrees', async () => {
  expect(await allMigrationsApplied(app.server.services.orm)).toBe(true);
  expect(await (await fetch(`${app.url}/readyz`)).json()).toMatchObject({ checks: { migrations: { ok: true } } });
});

it('sends a database missing one migration to the migrator, which counts it pending', async () => {
  // A second app on the same database, so the first one's cached "applied" answer plays no part.
  const second = await startTestApp({}, { database: app.database });
  const connection = app.em().getConnection();
  const [newest] = await connection.execute<Array<{ id: number; name: string; executed_at: Date }>>(
    'select id, name, executed_at from mikro_orm_migrations order by id desc limit 1',
  );
  await connection.execute('delete from mikro_orm_migrations where id = ?', [newest!.id]);
  try {
    expect(await allMigrationsApplied(second.server.services.orm)).toBe(false);
    const ready = await fetch(`${second.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ checks: { migrations: { ok: false } }, failed: ['migrations'] });
    // The migrator, loaded on demand, names the one missing.
    const pending = await second.server.services.orm.migrator.getPendingMigrations();
    expect(pending.map((migration) => migration.name)).toEqual([newest!.name]);
  } finally {
    await connection.execute('insert into mikro_orm_migrations (id, name, executed_at) values (?, ?, ?)', [newest!.id, newest!.name, newest!.executed_at]);
    await second.close();
  }
});

it('answers "not all applied" for a database that has no migrations table yet', async () => {
  const connection = app.em().getConnection();
  await connection.execute('alter table mikro_orm_migrations rename to mikro_orm_migrations_aside');
  try {
    expect(await allMigrationsApplied(app.server.services.orm)).toBe(false);
  } finally {
    await connection.execute('alter table mikro_orm_migrations_aside rename to mikro_orm_migrations');
  }
});
