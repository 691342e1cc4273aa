import type { Knex, MikroORM } from '@mikro-orm/postgresql';
import { escapeLiteral, Pool, type PoolConfig, type QueryResult } from 'pg';
import type { Logger } from '../lib/logger';
import { DatabaseHealth } from './database-health';

/** Bind values for `?` placeholders; bigints go as strings (pg has no bigint parameter type in JS). */
export type SqlParam = string | number | boolean | null | Date;

/**
 * Raw SQL for the hot path and for batch writers: `?` placeholders, rows as pg returns them
 * (bigint and numeric columns come back as strings). No EntityManager, no identity map.
 */
export type SqlRunner = <T extends object = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]) => Promise<T[]>;

/**
 * Through the ORM's knex pool: for tests and occasional callers that have only the ORM.
 * (MikroORM's `execute` would also inline every parameter into the SQL text and run its query
 * logger.) The data plane uses openSqlPool, which costs about half the CPU per statement.
 */
export function createSqlRunner(orm: MikroORM): SqlRunner {
  const knex: Knex = orm.em.getConnection().getKnex();
  return async <T extends object>(sql: string, params: readonly SqlParam[] = []) => {
    const result = (await knex.raw(sql, params as Knex.RawBinding[])) as { rows: T[] };
    return result.rows;
  };
}

/**
 * `?` -> `$1, $2, ...`, skipping quoted text ('...' and "..."). The statements are our own
 * constants, so no `??`, dollar-quoted bodies or escaped `\?` to handle.
 */
export function numberPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === '?') {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

/**
 * Several statements in ONE round trip on one connection (simple query protocol, so no bind
 * parameters: values are inlined with sqlLiteral). Resolves with every statement's rows, in order.
 * If a statement fails, the rest of the script does not run; the connection is rolled back before
 * it returns to the pool, and the promise rejects with pg's error.
 */
export type SqlScriptRunner = (script: string) => Promise<Array<Array<Record<string, unknown>>>>;

/** A value inlined into SQL text: strings quoted by pg's escapeLiteral, integers checked. */
export function sqlLiteral(value: string | number | bigint | boolean | null): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return escapeLiteral(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer SQL literal: ${value}`);
  return String(value);
}

export interface SqlPool {
  sql: SqlRunner;
  script: SqlScriptRunner;
  /** Connections checked out and callers waiting for one (metrics). */
  stats(): { inUse: number; waiting: number };
  /** Whether the database answers these statements (readiness, 503s). */
  health: DatabaseHealth;
  close(): Promise<void>;
}

const MAX_CACHED_TEXTS = 1_000;

/**
 * A plain `pg` Pool beside the ORM's, on the very same connection settings (host, credentials,
 * database, type parsers: taken from the ORM's connection, so embedded mode gets the PGlite
 * socket and rows parse exactly as through knex). knex.raw measured ~75-115 µs of CPU per
 * statement on this class of machine against ~50 µs here, and the data plane runs two
 * statements per request. Errors are pg's own (`code`, `constraint`), as src/lib/pg-errors expects.
 *
 * Embedded mode is one PostgreSQL session underneath (stack notes §6): nothing may call this
 * while holding an ORM transaction open, exactly as with the knex pool before.
 */
export function openSqlPool(orm: MikroORM, max: number, logger: Logger): SqlPool {
  const settings = orm.em.getConnection().getConnectionOptions() as PoolConfig;
  // Idle connections are kept for minutes, not pg's default 10 s: a new connection is a new
  // backend that must also compile the PL/pgSQL billing functions (~5 ms on its first call).
  // A connection attempt to a host that does not answer fails after 5 s instead of never.
  const pool = new Pool({ connectionTimeoutMillis: 5_000, ...settings, max, idleTimeoutMillis: 300_000 });
  // An idle client's socket dying (server restart) is reported here; without a listener it would
  // crash the process. The pool drops that client and connects a new one on the next query.
  pool.on('error', (err) => {
    logger.warn('idle database connection of the data-plane pool failed', { error: err });
    health.noteFailure(err);
  });
  const health = new DatabaseHealth(() => pool.query('select 1'), logger);
  const texts = new Map<string, string>();
  const runSql = async <T extends object>(statement: string, params: readonly SqlParam[] = []) => {
    let text = texts.get(statement);
    if (text === undefined) {
      text = numberPlaceholders(statement);
      if (texts.size < MAX_CACHED_TEXTS) texts.set(statement, text);
    }
    const result = await pool.query<T>(text, params as SqlParam[]);
    return result.rows;
  };
  const sql: SqlRunner = (statement, params) => health.observe(runSql(statement, params));
  const runScript: SqlScriptRunner = async (text) => {
    const client = await pool.connect();
    // pg-pool listens for errors only on IDLE clients. A checked-out client whose socket dies
    // (server stopped mid-script, inside a billing transaction) emits 'error' besides failing its
    // query, and with no listener that kills the process. The query's rejection carries the
    // failure to the caller; this only keeps the event from being unhandled, and marks the
    // client so it is destroyed rather than reused.
    let broken: Error | undefined;
    const onError = (err: Error) => {
      broken ??= err;
    };
    client.on('error', onError);
    const release = (err?: Error) => {
      client.off('error', onError);
      client.release(err ?? broken);
    };
    let result: QueryResult | QueryResult[];
    try {
      result = (await client.query(text)) as unknown as QueryResult | QueryResult[];
    } catch (err) {
      // A failed script can leave its explicit transaction open and aborted; in embedded mode that
      // session is everyone's. Roll back, and drop the connection if even that fails.
      if (broken) release();
      else await client.query('rollback').then(() => release(), (rollbackErr: Error) => release(rollbackErr));
      throw err;
    }
    release();
    return Array.isArray(result) ? result.map((r) => r.rows) : [result.rows];
  };
  const script: SqlScriptRunner = (text) => health.observe(runScript(text));
  const stats = () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount });
  return {
    sql,
    script,
    stats,
    health,
    close: () => {
      health.close();
      return pool.end();
    },
  };
}
