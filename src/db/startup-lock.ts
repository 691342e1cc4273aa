import { setTimeout as delay } from 'node:timers/promises';
import { Client, type ClientConfig } from 'pg';
import type { Logger } from '../lib/logger';

/**
 * The advisory lock key (two-int form) held while one instance migrates and seeds. 4201 is the
 * subscription grants' class; the one-bigint form lives in a separate key space.
 */
const STARTUP_LOCK_CLASS = 4202;
const STARTUP_LOCK_ID = 0;
const POLL_MS = 200;

/**
 * Runs `work` (pending migrations, then the seed) while this process holds the start-up lock,
 * so of several instances starting at once on one database exactly one does it and the others
 * wait, then find nothing left to do.
 *
 * Session-level, on a connection of its own that runs nothing else, rather than
 * pg_advisory_xact_lock: the migrator runs each migration in its own transaction on pooled
 * connections (some outside any transaction, to build indexes CONCURRENTLY), so a transaction-level
 * lock would need a transaction held open beside them for the whole step, idle in transaction for
 * minutes on a big upgrade, which idle_in_transaction_session_timeout ends and monitoring flags.
 * The session lock needs no transaction, and it goes when its session does: closing the
 * connection releases it, and so does this process dying, so a crashed instance never leaves the
 * others waiting. (It needs a real session: DATABASE_URL must reach PostgreSQL directly or through
 * a session-mode pooler, which LISTEN for the change bus needs already.)
 */
export async function withStartupLock<T>(connection: ClientConfig, logger: Logger, work: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionTimeoutMillis: 5_000, ...connection, application_name: 'gateway start-up lock' });
  // A socket dying while idle is reported here; without a listener it would crash the process.
  // The lock is gone with it; the migrations themselves still run one transaction each.
  client.on('error', (err) => logger.warn('the start-up lock connection failed', { error: err }));
  await client.connect();
  try {
    // The holder's session sits idle while its migrations run on other connections; a role's
    // idle-session timeout (PostgreSQL 14+, hence the look in pg_settings) must not end it.
    await client.query(`select set_config(name, '0', false) from pg_settings where name = 'idle_session_timeout'`);
    // Waiters poll with pg_try_advisory_lock instead of blocking in pg_advisory_lock: a statement
    // waiting for the lock holds a snapshot all along, and CREATE INDEX CONCURRENTLY in the
    // holder's migrations waits for every older snapshot to end, a deadlock PostgreSQL cannot see
    // (the holder's lock is on another session than its migration). A try ends at once.
    const tryLock = async () =>
      (await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [STARTUP_LOCK_CLASS, STARTUP_LOCK_ID])).rows[0]?.locked === true;
    if (!(await tryLock())) {
      logger.info('another instance is migrating or seeding the database; waiting for it to finish');
      do await delay(POLL_MS);
      while (!(await tryLock()));
    }
    return await work();
  } finally {
    // Ending the session releases the lock; no unlock statement that could itself fail.
    await client.end().catch(() => undefined);
  }
}
