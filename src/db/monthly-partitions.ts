import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';

/**
 * The tables partitioned by UTC month on `created_at` (Migration20261128010000_monthly_partitions):
 * `<table>_YYYY_MM` for each month, and `<table>_default` for rows of a month that has none yet.
 */
export const MONTHLY_TABLES = ['usage_logs', 'ledger_entries'] as const;
export type MonthlyTable = (typeof MONTHLY_TABLES)[number];

export interface MonthPartition {
  name: string;
  /** First instant of the month (UTC), and of the next one. */
  from: Date;
  to: Date;
  /** "YYYY-MM". */
  month: string;
}

type Execute = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

function executor(orm: MikroORM): Execute {
  return <T>(sql: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(sql, params);
}

/** The first instant of the UTC month `offset` months after the one holding `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** "YYYY-MM" of the month starting at `start`. */
const monthName = (start: Date) => start.toISOString().slice(0, 7);

/** Reads `<table>_YYYY_MM` back (the names gw_ensure_month_partition gives); null for any other name. */
function parsePartition(table: MonthlyTable, name: string): MonthPartition | null {
  const suffix = name.slice(table.length + 1);
  if (!name.startsWith(`${table}_`) || suffix.length !== 7 || suffix[4] !== '_') return null;
  const year = Number(suffix.slice(0, 4));
  const month = Number(suffix.slice(5));
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) return null;
  const from = new Date(Date.UTC(year, month - 1, 1));
  return { name, from, to: monthStart(from, 1), month: monthName(from) };
}

/** The month partitions of `table`, oldest first (the default partition is not one). */
export async function listMonthPartitions(orm: MikroORM, table: MonthlyTable): Promise<MonthPartition[]> {
  const rows = await executor(orm)<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = ?::regclass`,
    [table],
  );
  return rows
    .map((r) => parsePartition(table, r.name))
    .filter((p): p is MonthPartition => p !== null)
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Creates the partition of `table` for the month holding `at` unless it exists (moving that
 * month's rows out of the default partition); true when it created one.
 */
export async function ensureMonthPartition(orm: MikroORM, table: MonthlyTable, at: Date): Promise<boolean> {
  const [row] = await executor(orm)<{ created: boolean }>(`select gw_ensure_month_partition(?, ?::date) as created`, [
    table,
    monthStart(at).toISOString().slice(0, 10),
  ]);
  return row?.created === true;
}

/**
 * Gives every month found in `table`'s default partition its own partition, moving its rows
 * there, so that every month can be read alone and dropped whole. Answers the months split out.
 */
export async function splitDefaultPartition(orm: MikroORM, table: MonthlyTable): Promise<string[]> {
  const months = await executor(orm)<{ month: string }>(
    `select distinct to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM-DD') as month from ${table}_default order by 1`,
  );
  const split: string[] = [];
  for (const { month } of months) {
    if (await ensureMonthPartition(orm, table, new Date(`${month}T00:00:00Z`))) split.push(month.slice(0, 7));
  }
  return split;
}

export interface PartitionMaintenanceOptions {
  orm: MikroORM;
  logger: Logger;
  clock: () => Clock;
  /** Partitions exist from this month to this many months ahead. */
  monthsAhead: number;
}

/**
 * A cluster job (one instance runs it): keeps `monthsAhead` months of partitions ready ahead of
 * the clock for each monthly table, and moves rows that landed in a default partition (a clock
 * running ahead, the job late, an old row imported) into their own month. Inserts never wait for
 * it: a month without a partition is caught by the default partition until the job runs.
 */
export class PartitionMaintenance {
  constructor(private readonly options: PartitionMaintenanceOptions) {}

  /** Answers the partitions created, as `<table>_YYYY_MM`. */
  async run(): Promise<string[]> {
    const now = this.options.clock().now();
    const created: string[] = [];
    for (const table of MONTHLY_TABLES) {
      for (const month of await splitDefaultPartition(this.options.orm, table)) created.push(`${table}_${month.replace('-', '_')}`);
      for (let offset = 0; offset <= this.options.monthsAhead; offset++) {
        const start = monthStart(now, offset);
        if (await ensureMonthPartition(this.options.orm, table, start)) created.push(`${table}_${monthName(start).replace('-', '_')}`);
      }
    }
    if (created.length > 0) this.options.logger.info('monthly partitions created', { partitions: created });
    return created;
  }
}
