import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import { startEmbeddedPostgres } from './embedded-postgres';
import { ormOptions } from './orm-options';
import { openSqlPool, type SqlRunner, type SqlScriptRunner } from './sql-runner';

export interface Database {
  orm: MikroORM;
  /** Embedded mode is a single process and a single PostgreSQL session. */
  embedded: boolean;
  /** Raw SQL on a plain pg pool of its own (DATABASE_POOL_MAX connections): billing and usage log. */
  sql: SqlRunner;
  /** Several statements per round trip on that pool (the billing calls). */
  script: SqlScriptRunner;
  close(): Promise<void>;
}

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  const log = (message: string) => logger.info(message);
  if (config.database.kind === 'postgres') {
    const orm = await MikroORM.init(ormOptions({ clientUrl: config.database.url, poolMax: config.database.poolMax, log }));
    await orm.migrator.up();
    const raw = openSqlPool(orm, config.database.poolMax, logger);
    return {
      orm,
      embedded: false,
      sql: raw.sql,
      script: raw.script,
      async close() {
        await raw.close();
        await orm.close(true);
      },
    };
  }
  const pg = await startEmbeddedPostgres(config.database.dataDir, config.database.poolMax);
  try {
    const orm = await MikroORM.init(ormOptions({ ...pg.target, log }));
    await orm.migrator.up();
    const raw = openSqlPool(orm, config.database.poolMax, logger);
    return {
      orm,
      embedded: true,
      sql: raw.sql,
      script: raw.script,
      async close() {
        await raw.close();
        await orm.close(true);
        await pg.close();
      },
    };
  } catch (err) {
    await pg.close();
    throw err;
  }
}
