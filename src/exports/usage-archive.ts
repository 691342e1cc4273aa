import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../lib/clock';
import { csvRecord } from '../lib/csv';
import type { Logger } from '../lib/logger';
import { listMonthPartitions, splitDefaultPartition } from '../db/monthly-partitions';
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
const DAY_MS = 24 * 3_600_000;

/**
 * Retention of the raw usage log: every whole UTC month that ended more than `retentionDays`
 * ago is written to `usage-YYYY-MM.csv.gz` (the columns of `/export/usage.csv`, every user,
 * channel ids included: an operator's archive), and then its partition of `usage_logs` is
 * detached and dropped (rows of such a month still waiting in the default partition get their
 * own partition first). Dropping a partition is instant whatever its size, leaves no dead rows to
 * vacuum, and fires no trigger: the hourly rollups keep the history, so statistics over archived
 * months still answer. The month's request ids leave `usage_request_ids` with it. The ledger is
 * never touched (it is kept forever).
 *
 * Crash-safe in that order: a month's file is written under a temporary name and renamed only
 * once complete, and the partition is dropped only after the rename. A run that finds the file
 * already there (a crash before the drop) only drops; a month is at least 31 days in the past, so
 * no row arrives in it after its file was written. A cluster job: one instance runs it.
 */
export class UsageArchive {
  constructor(private readonly options: UsageArchiveOptions) {}

  /** Archives what is due; answers the months archived (oldest first). */
  async run(): Promise<string[]> {
    if (this.options.retentionDays <= 0) return [];
    const cutoff = new Date(this.options.clock().now().getTime() - this.options.retentionDays * DAY_MS);
    await splitDefaultPartition(this.options.orm, 'usage_logs');
    const done: string[] = [];
    for (const partition of await listMonthPartitions(this.options.orm, 'usage_logs')) {
      if (partition.to > cutoff) break;
      const file = join(this.options.dir, `usage-${partition.month}.csv.gz`);
      const rows = existsSync(file) ? null : await this.write({ start: partition.from, end: partition.to }, file);
      const removed = await this.drop(partition.name);
      this.options.logger.info('usage rows archived', { month: partition.month, file, rowsWritten: rows, rowsRemoved: removed });
      done.push(partition.month);
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

  /** Detaches and drops one month's partition with its request ids; answers how many rows it held. */
  private async drop(partition: string): Promise<number> {
    return this.options.orm.em.fork().transactional(async (em) => {
      await em.execute(`alter table usage_logs detach partition ${partition}`);
      const [counted] = await em.execute<Array<{ n: number }>>(`select count(*)::int as n from ${partition}`);
      await em.execute(`delete from usage_request_ids k using ${partition} p where k.request_id = p.request_id`);
      await em.execute(`drop table ${partition}`);
      return counted?.n ?? 0;
    });
  }
}
