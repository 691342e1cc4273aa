import type { SqlRunner } from '../../db/sql-runner';

/**
 * A charge that landed after its request's usage row was written (a settle that had no answer,
 * finished later by the journal replay or by recovery) makes the row's cost the charge: a usage
 * row's cost is its ledger charge, always, and what the row priced beyond it becomes uncovered.
 * A row not written yet takes the charge itself when it is (usage-log-writer.ts, charge_unknown).
 */
export async function correctUsageCost(sql: SqlRunner, requestId: string, charged: bigint): Promise<void> {
  await sql(
    `update usage_logs set uncovered_cost = greatest(0, cost + uncovered_cost - ?::bigint), cost = ?::bigint
      where request_id = ? and cost <> ?::bigint`,
    [charged.toString(), charged.toString(), requestId, charged.toString()],
  );
}
