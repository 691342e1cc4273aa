import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { adminDatabaseUrl, databaseUrl, templateDatabaseName, testRunId } from './test-env';

let counter = 0;

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function newDatabaseName(): string {
  // The random part keeps names unique across the test files one worker process runs one after
  // another: each file loads this module afresh, so the counter starts at 1 in every file, and a
  // late drop by an earlier file (WITH (FORCE)) would otherwise end the connections of a later one.
  return `gw_t_${testRunId()}_${process.env.JEST_WORKER_ID ?? '0'}_${process.pid}_${++counter}_${randomBytes(4).toString('hex')}`;
}

function handle(name: string): TestDatabase {
  return {
    name,
    url: databaseUrl(name),
    drop: () => withAdmin(async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))),
  };
}

/** A database with nothing in it, not even the migrations table: what a first boot meets. */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  const name = newDatabaseName();
  await withAdmin(async (admin) => void (await admin.query(`CREATE DATABASE "${name}"`)));
  return handle(name);
}

/** A fresh, migrated, empty database of its own (copied from the run's template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const runId = testRunId();
  const name = newDatabaseName();
  await withAdmin(async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabaseName(runId)}"`);
        return;
      } catch (err) {
        // Two copies of one template starting at the same instant can collide; retry briefly.
        if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  return handle(name);
}
