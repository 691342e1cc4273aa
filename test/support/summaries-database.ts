import { MikroORM } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import { ormOptions } from '../../src/db/orm-options';
import { UsageSummaries } from '../../src/domain/usage/usage-summaries';
import { createLogger } from '../../src/lib/logger';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface SummariesDatabase {
  /** Plain connections, for writers and for reading the tables directly. */
  pool: Pool;
  orm: MikroORM;
  /** The usage-summaries job on that database (waits up to 20 s for old transactions). */
  summaries: UsageSummaries;
}

/**
 * A migrated database of this test file's own, with a pool of `poolMax` connections, an ORM and
 * the summaries job, set up before the file's tests and dropped after them.
 */
export function useSummariesDatabase(poolMax: number): SummariesDatabase {
  let database: TestDatabase | undefined;
  const handle = {} as SummariesDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle.pool = new Pool({ connectionString: database.url, max: poolMax });
    // pool.end() resolves once it has asked its connections to close, not once they have: the
    // forced drop in afterAll can still end one, whose error would otherwise surface as unhandled.
    handle.pool.on('error', () => undefined);
    handle.orm = await MikroORM.init({ ...ormOptions({ clientUrl: database.url, poolMax: 3 }), preferTs: true });
    handle.summaries = new UsageSummaries({ orm: handle.orm, logger: createLogger('silent'), waitTimeoutMs: 20_000 });
  });
  afterAll(async () => {
    await handle.orm?.close(true);
    await handle.pool?.end();
    await database?.drop();
  });
  return handle;
}

/** Runs the summaries job again and again while the writers run; returns how many runs it made. */
export async function runWhileWriting(summaries: UsageSummaries, writers: Array<() => Promise<void>>): Promise<number> {
  let writing = true;
  const written = Promise.all(writers.map((w) => w())).finally(() => (writing = false));
  let runs = 0;
  while (writing) {
    await summaries.run();
    runs++;
  }
  await written;
  return runs;
}
