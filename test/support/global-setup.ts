import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormOptions } from '../../src/db/orm-options';
import { adminDatabaseUrl, databaseUrl, templateDatabaseName } from './test-env';

/** Builds one migrated template database; each test file then copies it (CREATE DATABASE ... TEMPLATE). */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  process.env.GW_TEST_RUN = runId; // inherited by the workers
  const template = templateDatabaseName(runId);
  const admin = new Client({ connectionString: adminDatabaseUrl() });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`cannot reach PostgreSQL at ${adminDatabaseUrl()} (set TEST_DATABASE_URL): ${(err as Error).message}`);
  }
  await admin.query(`CREATE DATABASE "${template}"`);
  await admin.end();
  const orm = await MikroORM.init({ ...ormOptions({ clientUrl: databaseUrl(template), poolMax: 2 }), preferTs: true });
  await orm.migrator.up();
  await orm.close(true);
}
