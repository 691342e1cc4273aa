import type { Audit } from './ledger-audit';
import { delivered, type RequestRecord } from './load';

export interface ScenarioRow {
  scenario: string;
  requests: number;
  outcomes: string;
  audit: Audit;
  /** Requests whose caller got output without a charge that the scenario's crash bound allows. */
  allowedLoss: number;
  crashes: number;
  /** From the end of the fault to the first answered request. */
  recoveryMs: number | null;
  /** From the end of the fault until no hold is left and every charge has its usage row. */
  booksCleanMs: number | null;
}

/** e.g. `200:812 200-cut:40 400:100 503:20 none:5`. */
export function outcomesOf(records: readonly RequestRecord[]): string {
  const counts = new Map<string, number>();
  for (const r of records) {
    const label = r.status === 0 ? (delivered(r) ? '200-reset' : 'none') : r.status === 200 && !r.complete ? '200-cut' : String(r.status);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}:${v}`).join(' ');
}

const ms = (v: number | null) => (v === null ? '-' : `${(v / 1000).toFixed(1)} s`);

/** The table the issue asks for, in Markdown. */
export function renderTable(rows: readonly ScenarioRow[]): string {
  const header = ['scenario', 'requests', 'outcomes', 'charged w/o usage', 'usage cost ≠ charge', 'delivered uncharged (bound)', 'double charges', 'above hold', 'unbalanced buckets', 'holds left', 'process crashes', 'recovery (first 200)', 'books clean'];
  const lines = rows.map((r) => [
    r.scenario, String(r.requests), r.outcomes, String(r.audit.chargedWithoutUsage), String(r.audit.usageCostNotCharge), `${r.audit.deliveredUncharged} (≤${r.allowedLoss})`,
    String(r.audit.doubleCharges), String(r.audit.aboveHold), String(r.audit.unbalancedBuckets), String(r.audit.holdsLeft), String(r.crashes),
    ms(r.recoveryMs), ms(r.booksCleanMs),
  ]);
  const total = rows.reduce((n, r) => n + r.requests, 0);
  return [header, header.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n') + `\n\n${total} requests in all.\n`;
}
