/**
 * The bound on what a process admits without the database (OUTAGE_ALLOWANCE_UNITS, issue 15).
 *
 * While PostgreSQL cannot be reached, a busy key's requests are still admitted out of the quota
 * lease this process holds; their charges cannot be written, so they wait in the durable charge
 * journal (charge-journal.ts). What is admitted that way is money the database has not
 * confirmed, and a crash in the outage could lose the part the journal had not synced yet, so it
 * is bounded by configuration rather than by the lease's size and age: unconfirmed units are the
 * holds of requests admitted while the database was down plus the costs of charges that failed,
 * each until its charge lands. Past the bound, admission falls back to the database, which
 * answers 503.
 */
/** Whether the database answers right now (DatabaseHealth in the running app). */
export interface DatabaseReachability {
  readonly reachable: boolean;
}

export class OutageAllowance {
  private readonly parts = new Map<string, bigint>();
  private units = 0n;

  constructor(
    /** The database's health as the data plane sees it (read, never called back). */
    private readonly database: DatabaseReachability,
    /** Quota units this process may have unconfirmed at once. */
    private readonly limit: bigint,
  ) {}

  /** Quota admitted or owed without the database's confirmation. */
  get unconfirmed(): bigint {
    return this.units;
  }

  /**
   * Whether a request holding `amount` may be admitted without a database round trip: always
   * while the database answers; during an outage only within the bound, and then it counts.
   */
  admit(requestId: string, amount: bigint): boolean {
    if (this.database.reachable) return true;
    if (this.units + amount > this.limit) return false;
    this.owe(requestId, amount);
    return true;
  }

  /** The request's charge (at most its hold) could not be written: it counts until it lands. */
  owe(requestId: string, units: bigint): void {
    this.units += units - (this.parts.get(requestId) ?? 0n);
    this.parts.set(requestId, units);
  }

  /** The request's charge landed (or it was released): it no longer counts. */
  confirm(requestId: string): void {
    const units = this.parts.get(requestId);
    if (units === undefined) return;
    this.parts.delete(requestId);
    this.units -= units;
  }
}
