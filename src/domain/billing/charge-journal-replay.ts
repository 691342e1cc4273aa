import { rmSync } from 'node:fs';
import type { SqlRunner } from '../../db/sql-runner';
import type { Logger } from '../../lib/logger';
import { correctUsageCost } from '../usage/usage-cost-correction';
import { leftBehindJournals, type ChargeJournal, type JournalEntry } from './charge-journal';
import { refusedForGood, type RefusedJournalEntries } from './refused-journal-entries';

/**
 * Lands one journaled charge. Both functions charge a request id at most once, so an entry that
 * landed before (by the lease's own retry, or a replay before a crash) changes nothing. Durable
 * commit: this is the recovery path. A request with a reservation row of its own whose hold
 * recovery already released stays uncharged (gw_settle finds no row).
 */
export async function replayEntry(sql: SqlRunner, entry: JournalEntry): Promise<void> {
  const [row] = entry.leaseId !== undefined
    ? await sql<{ r_charged: string }>(`select r_charged from gw_lease_charge(?, ?, ?, ?, ?, ?, ?::bigint, ?::bigint, false)`, [
      entry.leaseId, entry.requestId, entry.userId, entry.tokenId, entry.bucket, entry.subscriptionId, entry.cost, entry.amount,
    ])
    : await sql<{ r_charged: string }>(`select r_charged from gw_settle(?, ?::bigint, false)`, [entry.requestId, entry.cost]);
  // The request's usage row, if written while the charge was unknown, shows the price: it takes the charge.
  if (row && entry.cost !== '0') await correctUsageCost(sql, entry.requestId, BigInt(row.r_charged));
}

/**
 * Replays this process's own journal (the database is back), in the order it was written;
 * resolves with how many landed. An entry the database refuses for good is moved aside and the
 * replay goes on; any other error (the database is gone again) stops it until the next try.
 */
export async function replayOwnJournal(sql: SqlRunner, journal: ChargeJournal, logger: Logger, refused: RefusedJournalEntries): Promise<number> {
  let landed = 0;
  for (const entry of journal.pending) {
    try {
      await replayEntry(sql, entry);
      landed++;
    } catch (err) {
      if (!refusedForGood(err)) {
        logger.warn('journaled charge not replayed yet; retried when the database answers again', { requestId: entry.requestId, error: err as Error });
        break;
      }
      await refused.moveAside(journal.dir, journal.instanceId, entry, err);
    }
    await journal.landed([entry.requestId]);
  }
  if (landed > 0) logger.info('journaled charges replayed', { landed });
  return landed;
}

/**
 * Replays the journals crashed processes left in `dir`, before their holds are recovered (so a
 * journaled settle still finds its hold). A journal whose instance still beats is its owner's.
 * Entries refused for good are moved aside, as for this process's own journal.
 */
export async function replayLeftBehindJournals(
  sql: SqlRunner, dir: string, ownInstanceId: string, staleAfterMs: number, logger: Logger, refused: RefusedJournalEntries,
): Promise<number> {
  let landed = 0;
  for (const journal of leftBehindJournals(dir, ownInstanceId, logger)) {
    const live = await sql(`select 1 from gateway_instances where id = ? and heartbeat_at > now() - ?::int * interval '1 millisecond'`, [journal.instanceId, staleAfterMs]);
    if (live.length > 0) continue;
    for (const entry of journal.entries) {
      try {
        await replayEntry(sql, entry);
        landed++;
      } catch (err) {
        // A transient error leaves the file for the next pass (what landed is landed once).
        if (!refusedForGood(err)) throw err;
        await refused.moveAside(dir, journal.instanceId, entry, err);
      }
    }
    rmSync(journal.path, { force: true });
  }
  if (landed > 0) logger.warn('replayed the charge journals of stopped gateway processes', { entries: landed });
  return landed;
}
