import type { Knex, MikroORM } from '@mikro-orm/postgresql';

/** Bind values for `?` placeholders; bigints go as strings (pg has no bigint parameter type in JS). */
export type SqlParam = string | number | boolean | null | Date;

/**
 * Raw SQL for the hot path and for batch writers: `?` placeholders, rows as pg returns them
 * (bigint and numeric columns come back as strings). No EntityManager, no identity map.
 */
export type SqlRunner = <T extends object = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]) => Promise<T[]>;

/**
 * Goes straight to the ORM's knex pool: MikroORM's `execute` would first inline every parameter
 * into the SQL text and run its query logger, which is measurable CPU on a per-request path.
 * Errors are pg's own (with `code` and `constraint`), as src/lib/pg-errors expects.
 */
export function createSqlRunner(orm: MikroORM): SqlRunner {
  const knex: Knex = orm.em.getConnection().getKnex();
  return async <T extends object>(sql: string, params: readonly SqlParam[] = []) => {
    const result = (await knex.raw(sql, params as Knex.RawBinding[])) as { rows: T[] };
    return result.rows;
  };
}
