import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import { startEmbeddedPostgres } from './embedded-postgres';
import { ormOptions } from './orm-options';

export interface Database {
  orm: MikroORM;
  /** Embedded mode is a single process and a single PostgreSQL session. */
  embedded: boolean;
  close(): Promise<void>;
}

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  const log = (message: string) => logger.info(message);
  if (config.database.kind === 'postgres') {
    const orm = await MikroORM.init(ormOptions({ clientUrl: config.database.url, poolMax: config.database.poolMax, log }));
    await orm.migrator.up();
    return { orm, embedded: false, close: () => orm.close(true) };
  }
  const pg = await startEmbeddedPostgres(config.database.dataDir, config.database.poolMax);
  try {
    const orm = await MikroORM.init(ormOptions({ ...pg.target, log }));
    await orm.migrator.up();
    return {
      orm,
      embedded: true,
      async close() {
        await orm.close(true);
        await pg.close();
      },
    };
  } catch (err) {
    await pg.close();
    throw err;
  }
}
