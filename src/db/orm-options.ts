import { type Options } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import { entities } from './entities';

export interface ConnectionTarget {
  clientUrl?: string;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  dbName?: string;
  poolMax: number;
  /** Where MikroORM's own messages (e.g. applied migrations) go; silent by default. */
  log?: (message: string) => void;
  /** Where knex's warnings go (a pooled connection the database dropped); silent by default. */
  warn?: (message: string) => void;
}

/** The single place MikroORM is configured; the CLI config, the app and the tests all go through it. */
export function ormOptions(target: ConnectionTarget): Options<PostgreSqlDriver> {
  const { poolMax, log, warn, ...connection } = target;
  return {
    driver: PostgreSqlDriver,
    ...connection,
    entities,
    // No `extensions: [Migrator]`: `orm.migrator` loads @mikro-orm/migrations on first use, and a
    // start with nothing to migrate never uses it (see pending-migrations.ts).
    // Requests always fork their own EntityManager; touching the global one is a bug.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: poolMax },
    debug: false,
    logger: (message: string) => log?.(message.replace(/\u001b\[[0-9;]*m/g, '')),
    // knex otherwise prints its warnings with console.log ("Connection Error: ..." on every
    // dropped pooled connection during an outage), past the logger and its redaction.
    driverOptions: { log: { warn: (m: string) => warn?.(m), error: (m: string) => warn?.(m), deprecate: () => undefined, debug: () => undefined } },
    migrations: {
      path: join(__dirname, 'migrations'),
      pathTs: join(__dirname, 'migrations'),
      glob: '!(*.d).{js,ts}',
      emit: 'ts',
      transactional: true,
      // Each migration in its own transaction rather than all in one: a migration may then opt out
      // (isTransactional) to build an index CONCURRENTLY on a live table.
      allOrNothing: false,
      snapshot: false,
    },
    // Tables that migrations own outright and no entity maps: the hourly usage rollups are written
    // only by triggers on usage_logs and read by raw SQL (their unique key treats nulls as equal,
    // which entity metadata cannot describe), so the schema comparison leaves them alone; so are
    // their summaries and dirty marks (Migration20261128100000_usage_summaries), kept by the same triggers and a job,
    // and the blocks of days summed from those summaries (Migration20261128122000_usage_summary_blocks).
    // The same for the monthly-partitioned usage log and ledger (Migration20261128010000_monthly_partitions):
    // their primary keys include the partition key, their uniqueness lives in key tables kept by
    // triggers, and their partitions come and go with a job, none of which entity metadata describes.
    schemaGenerator: {
      skipTables: [
        'usage_rollups', 'usage_logs', 'ledger_entries', /^(usage_logs|ledger_entries)_(\d{4}_\d{2}|default)$/,
        'usage_request_ids', 'ledger_request_keys', 'ledger_reference_keys',
        'usage_summaries', 'usage_summary_dirty', 'usage_summary_days', 'usage_summary_blocks', 'usage_block_summaries',
      ],
    },
    // MikroORM only loads .ts migrations when it detects a TS runtime; swc under jest is not detected (stack notes G7).
    preferTs: __filename.endsWith('.ts') || undefined,
  };
}
