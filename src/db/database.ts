import { MikroORM } from '@mikro-orm/postgresql';
import type { ClientConfig } from 'pg';
import type { Logger } from '../lib/logger';
import { ormOptions, type ConnectionTarget } from './orm-options';
import type { DatabaseHealth } from './database-health';
import { allMigrationsApplied } from './pending-migrations';
import { openSqlPool, type SqlRunner, type SqlScriptRunner } from './sql-runner';
import { withStartupLock } from './startup-lock';

export interface Database {
  orm: MikroORM;
  /** Embedded mode is a single process and a single PostgreSQL session. */
  embedded: boolean;
  /** Raw SQL on a plain pg pool of its own (DATABASE_POOL_MAX connections): billing and usage log. */
  sql: SqlRunner;
  /** Several statements per round trip on that pool (the billing calls). */
  script: SqlScriptRunner;
  /** That pool's connections in use and callers waiting (metrics). */
  poolStats(): { inUse: number; waiting: number };
  /** Whether the database answers right now (from the data plane's statements, probed while down). */
  health: DatabaseHealth;
  close(): Promise<void>;
}

/**
 * Where the database is: the part of the configuration this layer reads. Declared here rather
 * than imported from src/config, which reads domain settings: the database layer imports nothing
 * above it.
 */
export interface DatabaseConfig {
  database: { kind: 'postgres'; url: string; poolMax: number } | { kind: 'embedded'; dataDir: string; poolMax: number };
}

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(config: DatabaseConfig, logger: Logger): Promise<Database> {
  return (await openPreparedDatabase(config, logger, async () => undefined)).db;
}

/**
 * Opens the configured database, applies pending migrations and then runs `prepare` (the seed),
 * both while holding the start-up lock on PostgreSQL: instances starting together on one
 * database do this one at a time (startup-lock.ts). Embedded mode is one process already.
 */
export async function openPreparedDatabase<T>(
  config: DatabaseConfig, logger: Logger, prepare: (orm: MikroORM) => Promise<T>,
): Promise<{ db: Database; prepared: T }> {
  const { poolMax } = config.database;
  if (config.database.kind === 'postgres') {
    return migrateAndOpen({ clientUrl: config.database.url, poolMax }, logger, false, prepare, async () => undefined);
  }
  // Loaded only in embedded mode: PGlite and its socket server are megabytes a process on a real
  // PostgreSQL would carry for nothing.
  const { startEmbeddedPostgres } = require('./embedded-postgres') as typeof import('./embedded-postgres');
  const pg = await startEmbeddedPostgres(config.database.dataDir, poolMax);
  try {
    return await migrateAndOpen(pg.target, logger, true, prepare, () => pg.close());
  } catch (err) {
    await pg.close();
    throw err;
  }
}

/** The ORM on `target`, migrated and prepared, with the raw pool beside it; `closeServer` runs last on close. */
async function migrateAndOpen<T>(
  target: ConnectionTarget, logger: Logger, embedded: boolean, prepare: (orm: MikroORM) => Promise<T>, closeServer: () => Promise<void>,
): Promise<{ db: Database; prepared: T }> {
  const orm = await MikroORM.init(ormOptions({ ...target, log: (message) => logger.info(message), warn: (message) => logger.warn('database connection', { detail: message }) }));
  let prepared: T;
  try {
    const migrateAndPrepare = async () => {
      if (!(await allMigrationsApplied(orm))) await orm.migrator.up();
      return prepare(orm);
    };
    prepared = embedded
      ? await migrateAndPrepare()
      : await withStartupLock(orm.em.getConnection().getConnectionOptions() as ClientConfig, logger, migrateAndPrepare);
  } catch (err) {
    await orm.close(true);
    throw err;
  }
  const raw = openSqlPool(orm, target.poolMax, logger);
  const db: Database = {
    orm,
    embedded,
    sql: raw.sql,
    script: raw.script,
    poolStats: raw.stats,
    health: raw.health,
    async close() {
      await raw.close();
      await orm.close(true);
      await closeServer();
    },
  };
  return { db, prepared };
}
