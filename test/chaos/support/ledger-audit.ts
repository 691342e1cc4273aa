import { Pool } from 'pg';
import { delivered, type RequestRecord } from './load';

/** What the database says after a scenario; every count but the last two must be 0. */
export interface Audit {
  /** Buckets (a user's free quota, a subscription) whose balance differs from initial + sum(ledger). */
  unbalancedBuckets: number;
  /** Request ids with more than one usage charge. */
  doubleCharges: number;
  /** Usage charges with no usage-log row. */
  chargedWithoutUsage: number;
  /** Usage rows whose cost is not their request's ledger charge (0 without one). */
  usageCostNotCharge: number;
  /** Charges above the request's hold. */
  aboveHold: number;
  /** Holds still in quota_reservations, and reserved amounts on users and subscriptions. */
  holdsLeft: number;
  /** Requests whose caller received output but that carry no charge. */
  deliveredUncharged: number;
  /** Requests of the scenario that carry a charge. */
  charged: number;
}

export class LedgerAudit {
  private constructor(private readonly client: Pool) {}

  /** A small pool: connections the suite's own PostgreSQL stops break are replaced on the next query. */
  static async connect(url: string): Promise<LedgerAudit> {
    const pool = new Pool({ connectionString: url, max: 2 });
    pool.on('error', () => undefined);
    await pool.query('select 1');
    return new LedgerAudit(pool);
  }

  close(): Promise<void> {
    return this.client.end().catch(() => undefined);
  }

  private async count(sql: string, params: unknown[] = []): Promise<number> {
    const { rows } = await this.client.query<{ n: string }>(sql, params);
    return Number(rows[0]?.n ?? 0);
  }

  /** Charges of these requests, by request id (negative ledger amounts turned positive). */
  async charges(requestIds: readonly string[]): Promise<Map<string, bigint[]>> {
    const { rows } = await this.client.query<{ request_id: string; amount: string }>(
      `select request_id, amount from ledger_entries where kind = 'USAGE_CHARGE' and request_id = any($1::text[])`,
      [requestIds],
    );
    const byId = new Map<string, bigint[]>();
    for (const row of rows) byId.set(row.request_id, [...(byId.get(row.request_id) ?? []), -BigInt(row.amount)]);
    return byId;
  }

  /** The most recent usage charge (positive), if any. */
  async lastCharge(): Promise<bigint | undefined> {
    const { rows } = await this.client.query<{ amount: string }>(`select -amount as amount from ledger_entries where kind = 'USAGE_CHARGE' order by id desc limit 1`);
    return rows[0] ? BigInt(rows[0].amount) : undefined;
  }

  /** Milliseconds until no hold of the instance with this pid is left and its row is gone (null: not within the time). */
  async untilInstanceGone(pid: number, timeoutMs: number): Promise<number | null> {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      const left = await this.count(
        `select count(*) as n from gateway_instances g where g.pid = $1`, [pid],
      ).catch(() => 1);
      if (left === 0) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }

  async holdsLeft(): Promise<number> {
    return this.count(`select (select count(*) from quota_reservations)
                            + (select count(*) from users where free_reserved <> 0)
                            + (select count(*) from subscriptions where quota_reserved <> 0)
                            + (select count(*) from tokens where reserved_quota <> 0) as n`);
  }

  async chargedWithoutUsage(): Promise<number> {
    return this.count(`select count(*) as n from ledger_entries l
                        where l.kind = 'USAGE_CHARGE' and not exists (select 1 from usage_logs u where u.request_id = l.request_id)`);
  }

  /** Audits the whole database, and the requests of one scenario against it. */
  async audit(records: readonly RequestRecord[], hold: bigint): Promise<Audit> {
    const unbalancedBuckets = await this.count(`
      select (select count(*) from users u
               where u.free_quota <> (select coalesce(sum(l.amount), 0) from ledger_entries l where l.user_id = u.id and l.bucket = 'FREE'))
           + (select count(*) from subscriptions s
               where s.quota_total - s.quota_used <> (select coalesce(sum(l.amount), 0) from ledger_entries l where l.subscription_id = s.id)) as n`);
    const doubleCharges = await this.count(`select count(*) as n from (select request_id from ledger_entries where kind = 'USAGE_CHARGE'
                                             group by request_id having count(*) > 1) d`);
    const aboveHold = await this.count(`select count(*) as n from ledger_entries where kind = 'USAGE_CHARGE' and -amount > $1::bigint`, [hold.toString()]);
    const ids = records.map((r) => r.requestId).filter((id): id is string => id !== null);
    const charges = await this.charges(ids);
    const deliveredUncharged = records.filter((r) => delivered(r) && (r.requestId === null || !charges.has(r.requestId))).length;
    const usageCostNotCharge = await this.count(`select count(*) as n from usage_logs u
        left join ledger_entries l on l.request_id = u.request_id and l.kind = 'USAGE_CHARGE'
       where u.cost <> coalesce(-l.amount, 0)`);
    return {
      unbalancedBuckets,
      doubleCharges,
      chargedWithoutUsage: await this.chargedWithoutUsage(),
      usageCostNotCharge,
      aboveHold,
      holdsLeft: await this.holdsLeft(),
      deliveredUncharged,
      charged: charges.size,
    };
  }
}
