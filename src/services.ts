import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config';
import type { Database } from './db/database';
import { LocalChangeBus, PostgresChangeBus, type ChangeBus } from './lib/change-bus';
import { Lifecycle } from './lib/lifecycle';
import type { Logger } from './lib/logger';
import { SecretBox } from './lib/secret-box';

/**
 * The composition root: every long-lived service is built here, once, and passed down.
 * Nothing else in src/ keeps module-level state.
 */
export interface Services {
  config: Config;
  logger: Logger;
  orm: MikroORM;
  embedded: boolean;
  changeBus: ChangeBus;
  secretBox: SecretBox;
  lifecycle: Lifecycle;
}

export async function createServices(config: Config, db: Database, logger: Logger, secretKey: string): Promise<Services> {
  const lifecycle = new Lifecycle();
  const changeBus: ChangeBus = db.embedded
    ? new LocalChangeBus()
    : await PostgresChangeBus.connect({ connectionString: (config.database as { url: string }).url }, logger);
  lifecycle.onShutdown('change bus', () => changeBus.close());

  return {
    config,
    logger,
    orm: db.orm,
    embedded: db.embedded,
    changeBus,
    secretBox: new SecretBox(secretKey),
    lifecycle,
  };
}
