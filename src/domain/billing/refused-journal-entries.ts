import { mkdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../lib/logger';
import { sqlStateOf } from '../../lib/pg-errors';
import type { JournalEntry } from './charge-journal';

/** A journaled charge the database refused for good, as operators and metrics hear of it. */
export interface RefusedJournalEntry {
  requestId: string;
  /** The instance whose journal held it. */
  instanceId: string;
  /** The SQLSTATE it was refused with. */
  code: string;
  constraint: string | null;
  cost: string;
}

export type RefusedJournalEntryListener = (entry: RefusedJournalEntry) => void;

const FILE_PREFIX = 'refused-charges-';

// SQLSTATE classes 22 (data exception: a negative cost, a value out of range) and 23 (integrity
// constraint violation: a row it names is gone) say the statement itself is wrong: sent again,
// it is refused again. Anything else (a lost connection, a server restarting, a lock timeout)
// may pass on a later try.
const REFUSED_FOR_GOOD_CLASSES = ['22', '23'];

/** Whether the database refused this statement for a reason that no retry will change. */
export function refusedForGood(err: unknown): boolean {
  const code = sqlStateOf(err);
  return code !== undefined && REFUSED_FOR_GOOD_CLASSES.includes(code.slice(0, 2));
}

/**
 * Journal entries the database will never take, moved out of the replay's way: appended (and
 * synced) to `refused-charges-<instance>.jsonl` beside the journal they came from, with the
 * refusal, for an operator to look at; counted for metrics, logged as an error and told to the
 * alert listeners. Without this one such entry would stop every charge behind it, for good.
 * Refusals found before any listener subscribed (the start-up replay runs before the alerts
 * exist) are kept and handed to the first listener.
 */
export class RefusedJournalEntries {
  /** Entries moved aside since start. */
  count = 0;
  private readonly listeners = new Set<RefusedJournalEntryListener>();
  private unheard: RefusedJournalEntry[] = [];

  constructor(private readonly logger: Logger) {}

  onRefused(listener: RefusedJournalEntryListener): () => void {
    this.listeners.add(listener);
    const unheard = this.unheard;
    this.unheard = [];
    for (const entry of unheard) this.tell(listener, entry);
    return () => this.listeners.delete(listener);
  }

  /** Moves `entry` of `instanceId`'s journal in `dir` aside; resolves once the file is synced. */
  async moveAside(dir: string, instanceId: string, entry: JournalEntry, err: unknown): Promise<void> {
    const code = sqlStateOf(err) ?? 'unknown';
    const constraint = constraintOf(err);
    const line = JSON.stringify({ ...entry, refusal: { code, constraint, message: (err as Error).message, at: new Date().toISOString() } }) + '\n';
    mkdirSync(dir, { recursive: true });
    const file = await open(join(dir, `${FILE_PREFIX}${instanceId}.jsonl`), 'a', 0o600);
    try {
      await file.appendFile(line);
      await file.datasync();
    } finally {
      await file.close();
    }
    this.count++;
    const refused: RefusedJournalEntry = { requestId: entry.requestId, instanceId, code, constraint, cost: entry.cost };
    // The entry holds ids and amounts only; the database's message stays in the file.
    this.logger.error('journaled charge refused by the database for good; moved aside, replay goes on', { ...refused, dir });
    if (this.listeners.size === 0) this.unheard.push(refused);
    for (const listener of this.listeners) this.tell(listener, refused);
  }

  private tell(listener: RefusedJournalEntryListener, entry: RefusedJournalEntry): void {
    try {
      listener(entry);
    } catch (err) {
      this.logger.warn('refused journal entry listener failed', { requestId: entry.requestId, error: err as Error });
    }
  }
}

function constraintOf(err: unknown): string | null {
  const constraint = typeof err === 'object' && err !== null && 'constraint' in err ? (err as { constraint: unknown }).constraint : undefined;
  return typeof constraint === 'string' && constraint ? constraint : null;
}
