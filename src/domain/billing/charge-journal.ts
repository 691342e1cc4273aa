import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../lib/logger';
import type { Reservation, ReserveRequest } from './billing.types';

/**
 * A charge the database could not take (it was down, or the round trip was lost), or a release
 * of a reserve whose answer was lost (cost 0), kept on local disk until it lands. Replaying it is safe: gw_settle and gw_lease_charge charge a request id
 * at most once.
 */
export interface JournalEntry {
  requestId: string;
  userId: number;
  tokenId: number;
  bucket: Reservation['bucket'];
  subscriptionId: number | null;
  /** The request's hold: the most it may be charged. */
  amount: string;
  /** Admitted out of this quota lease; absent: a reservation row of its own. */
  leaseId?: string;
  cost: string;
}

export interface ChargeJournalOptions {
  /** Longest an appended entry waits for its fsync. */
  syncEveryMs?: number;
  /** An fsync is started at once when this many entries wait. */
  maxBatch?: number;
}

const FILE_PREFIX = 'charge-journal-';

export function journalEntryOf(reservation: Reservation, cost: bigint): JournalEntry {
  const { requestId, userId, tokenId, bucket, subscriptionId, amount, leaseId } = reservation;
  return { requestId, userId, tokenId, bucket, subscriptionId, amount: amount.toString(), cost: cost.toString(), ...(leaseId ? { leaseId } : {}) };
}

/** A reserve whose answer was lost: replayed as a release (gw_settle at cost 0), harmless if nothing was held. */
export function journalEntryOfLostReserve(request: ReserveRequest): JournalEntry {
  const bucket = request.tier === 'FREE' ? 'FREE' : 'SUBSCRIPTION';
  return { requestId: request.requestId, userId: request.userId, tokenId: request.tokenId, bucket, subscriptionId: null, amount: request.amount.toString(), cost: '0' };
}

export function reservationOf(entry: JournalEntry): Reservation {
  const { requestId, userId, tokenId, bucket, subscriptionId, leaseId } = entry;
  return { requestId, userId, tokenId, bucket, subscriptionId, amount: BigInt(entry.amount), ...(leaseId ? { leaseId } : {}) };
}

/**
 * Durable local journal of charges that could not be written: one append-only JSON-lines file
 * per process (`DATA_DIR/charge-journal-<instance id>.jsonl`), opened on the first failure,
 * fsync'd in batches (every `syncEveryMs`, default 10 ms, or `maxBatch` entries). A crash loses
 * at most the entries of the batch not yet synced. It is replayed when the database comes back
 * and, after a crash, by the next process started on the same DATA_DIR; a file is deleted once
 * everything in it has landed.
 */
export class ChargeJournal {
  private readonly path: string;
  private readonly syncEveryMs: number;
  private readonly maxBatch: number;
  private handle: Promise<FileHandle> | undefined;
  private waiting: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Appends and syncs run one after another. */
  private chain: Promise<void> = Promise.resolve();
  /** Entries written since the file was last emptied. */
  private entries = new Map<string, JournalEntry>();

  constructor(private readonly dir: string, instanceId: string, private readonly logger: Logger, options: ChargeJournalOptions = {}) {
    this.path = join(dir, `${FILE_PREFIX}${instanceId}.jsonl`);
    this.syncEveryMs = options.syncEveryMs ?? 10;
    this.maxBatch = options.maxBatch ?? 50;
  }

  /** Entries not yet known to have landed. */
  get pending(): readonly JournalEntry[] {
    return [...this.entries.values()];
  }

  append(entry: JournalEntry): void {
    this.entries.set(entry.requestId, entry);
    this.waiting.push(JSON.stringify(entry) + '\n');
    if (this.waiting.length >= this.maxBatch) this.syncSoon(0);
    else this.syncSoon(this.syncEveryMs);
  }

  /** Resolves once everything appended so far is on disk. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const lines = this.waiting.join('');
    this.waiting = [];
    if (lines) {
      this.chain = this.chain.then(async () => {
        const handle = await this.file();
        await handle.appendFile(lines);
        await handle.datasync();
      }).catch((err: unknown) => this.logger.error('charge journal write failed; those charges live in memory only', { error: err as Error }));
    }
    return this.chain;
  }

  /** These entries landed; once none is left the file is emptied. */
  landed(requestIds: Iterable<string>): Promise<void> {
    for (const id of requestIds) this.entries.delete(id);
    if (this.entries.size > 0 || this.waiting.length > 0 || !this.handle) return this.chain;
    this.chain = this.chain.then(async () => {
      if (this.entries.size > 0 || this.waiting.length > 0 || !this.handle) return;
      const handle = await this.handle;
      await handle.truncate(0);
      await handle.datasync();
    }).catch((err: unknown) => this.logger.warn('charge journal not emptied; its entries are replayed again (harmless)', { error: err as Error }));
    return this.chain;
  }

  async close(): Promise<void> {
    await this.flush();
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await (await handle).close();
    if (this.entries.size === 0) rmSync(this.path, { force: true });
  }

  private syncSoon(delayMs: number): void {
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delayMs);
  }

  private file(): Promise<FileHandle> {
    this.handle ??= (async () => {
      mkdirSync(this.dir, { recursive: true });
      return open(this.path, 'a', 0o600);
    })();
    return this.handle;
  }
}

/** Journals other processes left in `dir` (never `ownInstanceId`'s), with their entries. */
export function leftBehindJournals(dir: string, ownInstanceId: string, logger: Logger): Array<{ path: string; instanceId: string; entries: JournalEntry[] }> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(FILE_PREFIX) && name.endsWith('.jsonl'));
  } catch {
    return [];
  }
  const found: Array<{ path: string; instanceId: string; entries: JournalEntry[] }> = [];
  for (const name of names) {
    const instanceId = name.slice(FILE_PREFIX.length, -'.jsonl'.length);
    if (instanceId === ownInstanceId) continue;
    const path = join(dir, name);
    const entries: JournalEntry[] = [];
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        entries.push(JSON.parse(line) as JournalEntry);
      } catch {
        logger.warn('charge journal line unreadable (a write cut short by a crash); skipped', { path });
      }
    }
    found.push({ path, instanceId, entries });
  }
  return found;
}
