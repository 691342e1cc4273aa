import type { SqlRunner } from '../../db/sql-runner';
import type { Logger } from '../../lib/logger';

/** error_code of a usage row rebuilt from its charge; the request's own row replaces it if it still arrives. */
// The database's usage trigger (gw_usage_request_claim) knows this value too: it lets the request's own row replace such a row.
export const RECONSTRUCTED_FROM_CHARGE = 'reconstructed_from_charge';

export interface UsageReconstructionOptions {
  /** A charge gets this long for its own usage row to arrive before one is rebuilt. */
  graceMs?: number;
  /** Charges examined per pass. */
  batch?: number;
  /** How far back (in ledger rows) the first pass after start looks. */
  lookBackRows?: number;
}

/**
 * One charge, one usage row, whatever crashes: a request's charge (the USAGE_CHARGE ledger row)
 * commits before its usage row, which waits in the writer's in-memory batch (about 100 ms, longer
 * while the database is down). A process killed in between leaves a charge the usage log does not
 * show. This pass rebuilds such a row from the charge (user, bucket, subscription, cost, time;
 * error_code `reconstructed_from_charge`; token and model unknown). Rebuilding early is harmless:
 * if the request's own row arrives later, the writer replaces the rebuilt one with it.
 *
 * Charges are walked by ledger id from a watermark (the primary key, no extra index on the hot
 * ledger); a charge committing more than `graceMs` after a higher id was walked past would be
 * missed, which a billing transaction never takes.
 */
export class UsageReconstruction {
  private readonly graceMs: number;
  private readonly batch: number;
  private readonly lookBackRows: number;
  private watermark: bigint | undefined;

  constructor(private readonly sql: SqlRunner, private readonly logger: Logger, options: UsageReconstructionOptions = {}) {
    this.graceMs = options.graceMs ?? 2_000;
    this.batch = options.batch ?? 5_000;
    this.lookBackRows = options.lookBackRows ?? 200_000;
  }

  /** Rebuilds usage rows for charges without one, up to the grace age; returns how many. */
  async run(graceMs = this.graceMs): Promise<number> {
    if (this.watermark === undefined) {
      const [row] = await this.sql<{ max: string | null }>(`select max(id)::text as max from ledger_entries`);
      const max = BigInt(row?.max ?? '0');
      this.watermark = max > BigInt(this.lookBackRows) ? max - BigInt(this.lookBackRows) : 0n;
    }
    let total = 0;
    for (;;) {
      const rows: Array<{ last_id: string | null; inserted: number }> = await this.sql<{ last_id: string | null; inserted: number }>(
        `with charge as (
           select l.id, l.request_id, l.user_id, l.bucket, l.subscription_id, -l.amount as cost, l.created_at
             from ledger_entries l
            where l.id > ?::bigint and l.kind = 'USAGE_CHARGE' and l.request_id is not null
              and l.created_at < now() - ?::int * interval '1 millisecond'
            order by l.id
            limit ?),
         rebuilt as (
           insert into usage_logs (request_id, user_id, bucket, subscription_id, cost, outcome, http_status, error_code, created_at)
           select c.request_id, c.user_id, c.bucket, c.subscription_id, c.cost, 'SUCCESS', 200, ?, c.created_at
             from charge c
            where not exists (select 1 from usage_logs u where u.request_id = c.request_id)
           returning 1)
         select (select max(id)::text from charge) as last_id, (select count(*)::int from rebuilt) as inserted`,
        [this.watermark.toString(), graceMs, this.batch, RECONSTRUCTED_FROM_CHARGE],
      );
      const row = rows[0];
      if (!row?.last_id) break;
      this.watermark = BigInt(row.last_id);
      total += row.inserted;
    }
    if (total > 0) this.logger.warn('rebuilt usage rows for charges whose own row was lost (a crash before its batch was written)', { rows: total });
    return total;
  }
}
