import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../lib/clock';
import { csvRecord } from '../lib/csv';
import type { Logger } from '../lib/logger';
import { usageExport, type KeysetPosition } from './export-definitions';

export interface UsageArchiveOptions {
  orm: MikroORM;
  logger: Logger;
  clock: () => Clock;
  /** Raw rows are kept this many days (at least 31); 0: the archive never runs. */
  retentionDays: number;
  dir: string;
}

const READ_BATCH = 2_000;
const DELETE_BATCH = 10_000;
const DAY_MS = 24 * 3_600_000;

/** The first instant of the UTC month holding `at`, and of the month after. */
function monthOf(at: Date): { start: Date; end: Date; name: string } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end, name: start.toISOString().slice(0, 7) };
}

/**
 * Retention of the raw usage log: every whole UTC month that ended more than `retentionDays`
 * ago is written to `usage-YYYY-MM.csv.gz` (the columns of `/export/usage.csv`, every user,
 * channel ids included: an operator's archive) and then removed from `usage_logs` in batches.
 * The ledger is never touched (it is kept forever), and the hourly rollups keep the history:
 * the removal skips their triggers, so statistics over archived months still answer.
 *
 * Crash-safe in that order: a month's file is written under a temporary name and renamed only
 * once complete, and rows are removed only after the rename. A run that finds the file already
 * there (a crash during the removal) only finishes removing; a month is at least 31 days in the
 * past, so no row arrives in it after its file was written. A cluster job: one instance runs it.
 */
export class UsageArchive {
  constructor(private readonly options: UsageArchiveOptions) {}

  /** Archives what is due; answers the months archived (oldest first). */
  async run(): Promise<string[]> {
    if (this.options.retentionDays <= 0) return [];
    const cutoff = new Date(this.options.clock().now().getTime() - this.options.retentionDays * DAY_MS);
    const done: string[] = [];
    for (;;) {
      const [oldest] = await this.sql<{ at: Date | null }>('select min(created_at) as at from usage_logs');
      if (!oldest?.at) break;
      const month = monthOf(new Date(oldest.at));
      if (month.end > cutoff) break;
      const file = join(this.options.dir, `usage-${month.name}.csv.gz`);
      const rows = existsSync(file) ? null : await this.write(month, file);
      const removed = await this.remove(month);
      this.options.logger.info('usage rows archived', { month: month.name, file, rowsWritten: rows, rowsRemoved: removed });
      done.push(month.name);
    }
    return done;
  }

  private sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
    return this.options.orm.em.getConnection().execute<T[]>(text, params);
  }

  /** Writes one month, keyset batch by keyset batch through gzip with back-pressure; answers the rows written. */
  private async write(month: { start: Date; end: Date }, file: string): Promise<number> {
    mkdirSync(this.options.dir, { recursive: true });
    const partial = `${file}.partial`;
    let rows = 0;
    const batches = async function* (this: UsageArchive): AsyncGenerator<string> {
      yield csvRecord(usageExport.header);
      let after: KeysetPosition | null = null;
      for (;;) {
        const filters = { from: month.start, to: month.end, userId: null, tokenId: null, model: null, channelId: null, outcome: null };
        const { sql, params } = usageExport.batch(filters, after, READ_BATCH, true);
        const batch = await this.sql<Record<string, unknown>>(sql, params);
        if (batch.length === 0) return;
        yield batch.map((row) => csvRecord(usageExport.cells(row, true))).join('');
        rows += batch.length;
        const last = batch[batch.length - 1]!;
        after = { at: String(last.keyset_at), id: String(last.id) };
        if (batch.length < READ_BATCH) return;
      }
    }.call(this);
    try {
      await pipeline(Readable.from(batches), createGzip(), createWriteStream(partial, { flush: true }));
      renameSync(partial, file);
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    }
    return rows;
  }

  /** Removes the month's raw rows in batches, leaving the rollups as they are; answers how many. */
  private async remove(month: { start: Date; end: Date }): Promise<number> {
    let removed = 0;
    for (;;) {
      const count = await this.options.orm.em.fork().transactional(async (em) => {
        await em.execute(`select set_config('gw.keep_rollups', 'on', true)`);
        const result = await em.execute<Array<{ n: number }>>(
          `with gone as (delete from usage_logs where id in (
             select id from usage_logs where created_at >= ? and created_at < ? limit ?) returning 1)
           select count(*)::int as n from gone`,
          [month.start, month.end, DELETE_BATCH],
        );
        return result[0]?.n ?? 0;
      });
      removed += count;
      if (count < DELETE_BATCH) return removed;
    }
  }
}
