import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../lib/logger';

export interface UsageSummariesOptions {
  orm: MikroORM;
  logger: Logger;
  /** How long a run waits for the transactions in progress at its claim to end before giving up (default 30 s). */
  waitTimeoutMs?: number;
  /** Dirty hours summarised per transaction (default a week). */
  hoursPerStep?: number;
  /** A run takes further steps while hours are left, until it has run this long (default 20 s). */
  runBudgetMs?: number;
  /** Missing blocks of days (by user and by token) built per transaction (default 16). */
  blocksPerStep?: number;
}

export interface UsageSummariesRun {
  /** Hours whose summaries were recomputed (0 also when the run gave up waiting). */
  hours: number;
  /** False when transactions older than the claim outlived the wait: the claim stays for the next run. */
  refreshed: boolean;
  /** Blocks of days built after the refresh (Migration20261128122000_usage_summary_blocks). */
  blocks: number;
}

const POLL_MS = 20;

/**
 * The `usage-summaries` cluster job: recomputes the summaries of dirty hours from usage_rollups
 * (Migration20261128100000_usage_summaries; docs/data-at-scale.md).
 *
 * Why nothing is lost or counted twice. The rollup trigger changes the rollups and then marks the
 * hour, in the writer's transaction; when the mark is already there it does nothing (and takes no
 * lock). Readers use a summary only when its hour (for a daily row: any hour it covers) has no mark,
 * claimed or not, in the same snapshot; otherwise they read the rollups, which are always exact.
 * A run:
 * 1. claims the marks in one short transaction: they become claimed rows, which still count as
 *    marks for readers; a writer arriving now finds no unclaimed mark and makes a new one (if the
 *    claim has not committed yet, it waits for it on that row, then inserts);
 * 2. waits until every transaction of this database that held a transaction id at the claim has
 *    ended. Those are the only writers that could have relied on a mark the claim took while their
 *    rollup changes were still uncommitted: a writer that marks later makes a mark of its own;
 * 3. recomputes the claimed hours (and their days) from the rollups and deletes the claimed rows,
 *    in one transaction. Every writer it cannot see committed after step 2, so it made a new
 *    unclaimed mark that survives this run: its hour stays dirty until the next run.
 * After the refresh, a run builds the blocks of 2 to 256 days by user and by token that are missing
 * (Migration20261128122000_usage_summary_blocks): a daily row rebuilt takes every block holding its
 * day with it, in the same transaction, and readers refuse a block with a marked hour as they
 * refuse a daily row, so the blocks are exact on the same argument.
 * Overlapping runs (a lease lost while running) cannot corrupt anything: claims and refreshes take
 * one advisory lock, a run refreshes only the rows it claimed, and a later claim adopts earlier
 * claims (so the earlier run, finding its claims gone, leaves them to the later run's refresh).
 */
export class UsageSummaries {
  constructor(private readonly options: UsageSummariesOptions) {}

  /**
   * Summarises the dirty hours, oldest first, a step (one claim and one refresh transaction) of
   * `hoursPerStep` at a time, while hours are left and the run's time budget lasts: after the
   * migration every past hour is dirty, and one transaction over all of them would hold its locks
   * for as long as summarising the whole history takes.
   */
  async run(): Promise<UsageSummariesRun> {
    const started = Date.now();
    const budget = this.options.runBudgetMs ?? 20_000;
    const perStep = this.options.hoursPerStep ?? 168;
    let hours = 0;
    for (;;) {
      const step = await this.step(perStep);
      hours += step.hours;
      if (!step.refreshed) return { hours, refreshed: false, blocks: 0 };
      if (step.claimed < perStep || Date.now() - started >= budget) break;
    }
    return { hours, refreshed: true, blocks: await this.buildBlocks(started, budget) };
  }

  /**
   * Builds the blocks of days that are missing (new ones once their days are over, ones a refresh
   * of a day in them removed, the whole history after the migration), a few per transaction while
   * the run's budget lasts; at least one step, so a run always makes progress.
   */
  private async buildBlocks(started: number, budget: number): Promise<number> {
    const perStep = this.options.blocksPerStep ?? 16;
    let blocks = 0;
    for (;;) {
      const [done] = await this.options.orm.em.getConnection().execute<{ built: number }[]>(`select gw_usage_summary_blocks_build(?) as built`, [perStep]);
      const built = Number(done?.built ?? 0);
      blocks += built;
      if (built < perStep || Date.now() - started >= budget) return blocks;
    }
  }

  private async step(perStep: number): Promise<Omit<UsageSummariesRun, 'blocks'> & { claimed: number }> {
    const sql = <T>(text: string, params: unknown[] = []) => this.options.orm.em.getConnection().execute<T[]>(text, params);
    const run = randomUUID();
    const [claim] = await sql<{ claimed: number }>(`select gw_usage_summaries_claim(?, ?) as claimed`, [run, perStep]);
    const claimed = Number(claim?.claimed ?? 0);
    // Nothing claimed: no wait, but still a refresh, for a day whose row stops short of hours now closed.
    const xids = claimed === 0 ? [] : await this.openTransactions();
    const deadline = Date.now() + (this.options.waitTimeoutMs ?? 30_000);
    while (xids.length > 0) {
      const [left] = await sql<{ n: string | number }>(`select count(*) as n from pg_stat_activity where backend_xid::text = any(string_to_array(?, ','))`, [xids.join(',')]);
      if (Number(left?.n ?? 0) === 0) break;
      if (Date.now() > deadline) {
        this.options.logger.warn('usage summaries: transactions older than the claim are still open; retrying next run', { xids });
        return { hours: 0, refreshed: false, claimed };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const [done] = await sql<{ hours: number }>(`select gw_usage_summaries_refresh(?) as hours`, [run]);
    return { hours: Number(done?.hours ?? 0), refreshed: true, claimed };
  }

  /**
   * The transactions holding an id now, in this database (pg_stat_activity shows other sessions'
   * ids to the role that owns them: the gateway runs under one role).
   */
  private async openTransactions(): Promise<string[]> {
    const [open] = await this.options.orm.em.getConnection().execute<{ xids: string[] | null }[]>(
      `select array_agg(backend_xid::text) as xids from pg_stat_activity
        where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()`,
    );
    return open?.xids ?? [];
  }
}
