import { z } from 'zod';
import { bool, positiveInt } from './env-values';

/** How quota is held and charged: commit durability, the sweep of lost holds, quota leases and what may be admitted while the database is down. */
export const billingEnv = {
  /**
   * How reserve/settle commit. `fast`: each billing statement's own transaction runs with
   * synchronous_commit = off, so the gateway does not wait for the WAL flush (~5 ms on a plain
   * disk, and the hot user/token rows stay locked until it ends). Balance and ledger row still
   * commit together; a crash of the PostgreSQL server (not of the gateway) can lose the last
   * ~0.6 s (3 x wal_writer_delay) of charges and holds; holds whose settle was lost are released
   * by the RESERVATION_MAX_AGE_MS sweep. `durable`: every billing commit waits for the flush.
   */
  BILLING_COMMIT: z.enum(['fast', 'durable']).default('fast'),
  /**
   * A quota hold of this process older than this, and not belonging to a request it is still
   * serving, is finished by the periodic sweep (settled from the usage log, else released):
   * what a settle lost to a database crash or error leaves behind. Keep it above the longest
   * request (MAX_ATTEMPTS x the longest channel total timeout).
   */
  RESERVATION_MAX_AGE_MS: positiveInt.default(30 * 60_000),
  /**
   * `true`: a key with steady traffic (a few requests a second) and plenty of quota is served out
   * of a block of its quota this process holds in the database (a lease), so its requests are
   * admitted with no database round trip and charged by one statement each. While held, a lease
   * shows as reserved quota and other processes cannot spend it; it is given back after
   * QUOTA_LEASE_IDLE_MS unused, after QUOTA_LEASE_MAX_AGE_MS, at shutdown, and at once when an
   * admin changes the user's quota, subscriptions or any token. `false`: every request reserves
   * in the database.
   */
  QUOTA_LEASES: bool.default(true),
  QUOTA_LEASE_IDLE_MS: positiveInt.default(2_000),
  QUOTA_LEASE_MAX_AGE_MS: positiveInt.default(30_000),
  /**
   * While the database cannot be reached, requests are still admitted out of quota leases this
   * process holds, up to this many quota units per process not yet confirmed by a charge in the
   * database; past it callers get 503. Their charges wait in the durable charge journal under
   * DATA_DIR. 0: nothing is admitted without the database.
   */
  OUTAGE_ALLOWANCE_UNITS: z.coerce.number().int().min(0).default(200_000),
};
