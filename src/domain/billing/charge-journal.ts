import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../lib/logger';
import type { Reservation, ReserveRequest } from './billing.types';

/**
 * A charge the database could not take (it was down, or the round trip was lost), or a release
 * of a reserve whose answer was lost (cost 0), kept on local disk until it lands. Replaying it is
 * safe: gw_settle and gw_lease_charge charge a request id at most once.
 *
 * `delivered`: a delivery marker, written by versions before delivery markers moved to
 * PostgreSQL (delivery-markers.ts); a journal left behind by one is still replayed as a charge
 * of the hold, never by its own process.
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
  delivered?: true;
}

export interface ChargeJournalOptions {
  /** Longest an appended entry waits for its fsync. */
  syncEveryMs?: number;
  /** An fsync is started at once when this many entries wait. */
  maxBatch?: number;
  /** Once this many bytes were appended, the file is rewritten with only what has not landed. */
  compactAfterBytes?: number;
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
 * Durable local journal of charges that could not reach the database (an outage, a lost round
 * trip): one append-only JSON-lines file per process
 * (`DATA_DIR/charge-journal-<instance id>.jsonl`), opened on first use, fsync'd in batches
 * (every `syncEveryMs`, default 10 ms, or `maxBatch` entries). A crash loses at most the entries
 * of the batch not yet synced. Charges are replayed when the database comes back and, after a
 * crash, by the next process that finds the file (same DATA_DIR). The file is emptied whenever
 * everything in it has landed, and rewritten with only what has not once `compactAfterBytes`
 * were appended, so a long outage's traffic does not grow it without bound. When one request
 * has several lines, the last one counts.
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
  private readonly compactAfterBytes: number;
  /** Bytes appended since the file was last emptied or rewritten. */
  private appendedBytes = 0;

  /** `dir`: DATA_DIR; `instanceId`: the process whose charges it keeps (its file name says so). */
  constructor(readonly dir: string, readonly instanceId: string, private readonly logger: Logger, options: ChargeJournalOptions = {}) {
    this.path = join(dir, `${FILE_PREFIX}${instanceId}.jsonl`);
    this.syncEveryMs = options.syncEveryMs ?? 10;
    this.maxBatch = options.maxBatch ?? 50;
    this.compactAfterBytes = options.compactAfterBytes ?? 1 << 20;
  }

  /** Charges not yet known to have landed (delivery markers are not charges of this process's to replay). */
  get pending(): readonly JournalEntry[] {
    return [...this.entries.values()].filter((entry) => !entry.delivered);
  }

  /** Whether the request has an entry (a charge or a delivery marker) that has not landed. */
  has(requestId: string): boolean {
    return this.entries.has(requestId);
  }

  append(entry: JournalEntry): void {
    this.entries.set(entry.requestId, entry);
    const line = JSON.stringify(entry) + '\n';
    this.appendedBytes += line.length;
    this.waiting.push(line);
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

  /** These entries landed (or were settled); once none is left the file is emptied. */
  landed(requestIds: Iterable<string>): Promise<void> {
    for (const id of requestIds) this.entries.delete(id);
    if (!this.handle) return this.chain;
    if (this.entries.size === 0 && this.waiting.length === 0) {
      this.chain = this.chain.then(async () => {
        if (this.entries.size > 0 || this.waiting.length > 0 || !this.handle) return;
        const handle = await this.handle;
        await handle.truncate(0);
        await handle.datasync();
        this.appendedBytes = 0;
      }).catch((err: unknown) => this.logger.warn('charge journal not emptied; its entries are replayed again (harmless)', { error: err as Error }));
    } else if (this.appendedBytes >= this.compactAfterBytes) {
      this.compact();
    }
    return this.chain;
  }

  /**
   * Rewrites the file with only the entries that have not landed (they include everything still
   * waiting to be synced): written beside it, synced, then renamed over it, so a crash at any
   * point leaves one whole file.
   */
  private compact(): void {
    this.appendedBytes = 0;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting = [];
    this.chain = this.chain.then(async () => {
      const lines = [...this.entries.values()].map((entry) => JSON.stringify(entry) + '\n').join('');
      const next = `${this.path}.next`;
      const handle = await open(next, 'w', 0o600);
      try {
        await handle.writeFile(lines);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      const previous = this.handle;
      await rename(next, this.path);
      this.handle = open(this.path, 'a', 0o600);
      await (await previous)?.close();
    }).catch((err: unknown) => this.logger.error('charge journal not compacted; entries since may live in memory only', { error: err as Error }));
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
    // The last line of a request counts: a charge written after its delivery marker replaces it.
    const entries = new Map<string, JournalEntry>();
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        const entry = JSON.parse(line) as JournalEntry;
        entries.delete(entry.requestId);
        entries.set(entry.requestId, entry);
      } catch {
        logger.warn('charge journal line unreadable (a write cut short by a crash); skipped', { path });
      }
    }
    found.push({ path, instanceId, entries: [...entries.values()] });
  }
  return found;
}
