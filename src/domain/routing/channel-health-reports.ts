import type { SqlRunner } from '../../db/sql-runner';
import type { Logger } from '../../lib/logger';
import type { BreakerHealth, BreakerRegistry, BreakerState } from './circuit-breaker';

export interface ChannelHealthReportsDeps {
  sql: SqlRunner;
  /** This process's gateway_instances id: its rows, and whose rows are not read back. */
  instanceId: string;
  breakers: BreakerRegistry;
  logger: Logger;
  /** How often this instance writes what changed. */
  intervalMs: number;
  /** An instance whose heartbeat is older than this is dead: its rows no longer count. */
  staleAfterMs: number;
  /**
   * Whether breakers are shared live (REDIS_URL): then this process's breaker already is the
   * cluster's, and the state comes from it, not from rows up to an interval old; only the counts
   * and errors come from the rows.
   */
  breakerStateShared: boolean;
  now?: () => number;
}

interface ReportRow {
  channel_id: number;
  state: BreakerState;
  consecutive_failures: number;
  successes: string;
  failures: string;
  recent_requests: number;
  recent_failures: number;
  last_error: string | null;
  last_error_at: Date | null;
  open_until: Date | null;
}

const STATE_RANK: Record<BreakerState, number> = { CLOSED: 0, HALF_OPEN: 1, OPEN: 2 };

/**
 * One channel's health as the cluster sees it: the worst breaker state (open anywhere is open),
 * the latest open-until and last error, the longest failure streak, and every count added up.
 */
export function combineHealth(reports: readonly BreakerHealth[]): BreakerHealth {
  const combined: BreakerHealth = {
    state: 'CLOSED', consecutiveFailures: 0, successes: 0, failures: 0, lastError: null, lastErrorAt: null, openUntil: null, recentRequests: 0, recentFailures: 0,
  };
  for (const r of reports) {
    if (STATE_RANK[r.state] > STATE_RANK[combined.state]) combined.state = r.state;
    if (r.openUntil && (!combined.openUntil || r.openUntil > combined.openUntil)) combined.openUntil = r.openUntil;
    if (r.lastErrorAt && (!combined.lastErrorAt || r.lastErrorAt > combined.lastErrorAt)) {
      combined.lastErrorAt = r.lastErrorAt;
      combined.lastError = r.lastError;
    }
    combined.consecutiveFailures = Math.max(combined.consecutiveFailures, r.consecutiveFailures);
    combined.successes += r.successes;
    combined.failures += r.failures;
    combined.recentRequests += r.recentRequests;
    combined.recentFailures += r.recentFailures;
  }
  if (combined.state === 'CLOSED') combined.openUntil = null;
  return combined;
}

/**
 * The channel health view of the whole cluster. Breakers and their counts live in each process's
 * memory (routing reads them on every request, so they must); every instance writes its own to
 * `channel_health_reports` every `intervalMs` (only the channels whose health changed), and a view
 * combines this process's live health with the rows of the other live instances. So an operator
 * sees the same health whichever instance answers, at most an interval behind the others. With
 * REDIS_URL the breakers themselves are shared within about a second (RedisBreakerSync), so the
 * state is this process's; without it, a breaker open on any live instance shows as open. The
 * counts go through PostgreSQL either way: it is in every deployment, and people read this view,
 * not routing.
 */
export class ChannelHealthReports {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  /** What was last written per channel, to write only what changed. */
  private readonly written = new Map<number, string>();
  private publishes = 0;

  constructor(private readonly deps: ChannelHealthReportsDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      // A slow database must not pile up writes.
      this.writing ??= this.publish()
        .then(() => undefined, (error: unknown) => this.deps.logger.debug('could not write channel health', { error }))
        .finally(() => (this.writing = undefined));
    }, this.deps.intervalMs);
    this.timer.unref();
  }

  /** Writes this instance's health of every channel whose health changed since the last write; answers how many. */
  async publish(): Promise<number> {
    // Now and then everything is written again: rows removed meanwhile (this instance taken for
    // dead after a stall, its rows forgotten) come back even for channels that went quiet.
    if (++this.publishes % 12 === 0) this.written.clear();
    const changed: Array<Record<string, unknown>> = [];
    const signatures = new Map<number, string>();
    for (const [channelId] of this.deps.breakers.states()) {
      const h = this.deps.breakers.health(channelId);
      const row = {
        channel_id: channelId, state: h.state, consecutive_failures: h.consecutiveFailures, successes: h.successes, failures: h.failures,
        recent_requests: h.recentRequests, recent_failures: h.recentFailures, last_error: h.lastError,
        last_error_at: h.lastErrorAt?.toISOString() ?? null, open_until: h.openUntil?.toISOString() ?? null,
      };
      const signature = JSON.stringify(row);
      if (this.written.get(channelId) === signature) continue;
      changed.push(row);
      signatures.set(channelId, signature);
    }
    if (changed.length === 0) return 0;
    await this.deps.sql(
      `insert into channel_health_reports (instance_id, channel_id, state, consecutive_failures, successes, failures, recent_requests, recent_failures, last_error, last_error_at, open_until, reported_at)
       select ?, r.channel_id, r.state, r.consecutive_failures, r.successes, r.failures, r.recent_requests, r.recent_failures, r.last_error, r.last_error_at, r.open_until, now()
         from jsonb_to_recordset(?::jsonb) as r(channel_id int, state text, consecutive_failures int, successes bigint, failures bigint,
              recent_requests int, recent_failures int, last_error text, last_error_at timestamptz, open_until timestamptz)
       on conflict (instance_id, channel_id) do update set state = excluded.state, consecutive_failures = excluded.consecutive_failures,
         successes = excluded.successes, failures = excluded.failures, recent_requests = excluded.recent_requests,
         recent_failures = excluded.recent_failures, last_error = excluded.last_error, last_error_at = excluded.last_error_at,
         open_until = excluded.open_until, reported_at = excluded.reported_at`,
      [this.deps.instanceId, JSON.stringify(changed)],
    );
    for (const [channelId, signature] of signatures) this.written.set(channelId, signature);
    return changed.length;
  }

  /** The cluster's health of each channel: this process's own, live, with the other live instances' latest rows. */
  async clusterHealth(channelIds: readonly number[]): Promise<Map<number, BreakerHealth>> {
    const rows = channelIds.length === 0 ? [] : await this.deps.sql<ReportRow>(
      `select r.channel_id, r.state, r.consecutive_failures, r.successes, r.failures, r.recent_requests, r.recent_failures, r.last_error, r.last_error_at, r.open_until
         from channel_health_reports r
         join gateway_instances g on g.id = r.instance_id and g.heartbeat_at > now() - ?::int * interval '1 millisecond'
        where r.instance_id <> ? and r.channel_id in (select jsonb_array_elements_text(?::jsonb)::int)`,
      [this.deps.staleAfterMs, this.deps.instanceId, JSON.stringify(channelIds)],
    );
    const now = (this.deps.now ?? Date.now)();
    const byChannel = new Map<number, BreakerHealth[]>(channelIds.map((id) => [id, [this.deps.breakers.health(id)]]));
    for (const row of rows) {
      const health = healthOfRow(row, now);
      byChannel.get(row.channel_id)?.push(this.deps.breakerStateShared ? { ...health, state: 'CLOSED', openUntil: null } : health);
    }
    return new Map([...byChannel].map(([id, reports]) => [id, combineHealth(reports)]));
  }

  /** Stops writing and removes this instance's rows (its counts leave the view with it). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.writing;
    await this.deps.sql(`delete from channel_health_reports where instance_id = ?`, [this.deps.instanceId])
      .catch((error: unknown) => this.deps.logger.debug('could not remove channel health rows', { error }));
  }

  /**
   * Removes the rows of instances crash recovery found dead (a graceful stop removes its own).
   * Called from recovery, which one instance at a time runs; rows of instances whose row is
   * already gone (found dead before this listened, at start-up) go with them.
   */
  async forget(instanceIds: readonly string[]): Promise<void> {
    if (instanceIds.length === 0) return;
    await this.deps.sql(
      `delete from channel_health_reports r
        where r.instance_id in (select jsonb_array_elements_text(?::jsonb))
           or not exists (select 1 from gateway_instances g where g.id = r.instance_id)`,
      [JSON.stringify(instanceIds)],
    );
  }
}

/** A row as it stands now: an open breaker whose cooldown has passed lets its probe through (half-open). */
function healthOfRow(row: ReportRow, now: number): BreakerHealth {
  const openUntil = row.open_until ? new Date(row.open_until) : null;
  const state: BreakerState = row.state === 'CLOSED' || !openUntil ? 'CLOSED' : now < openUntil.getTime() ? 'OPEN' : 'HALF_OPEN';
  return {
    state,
    consecutiveFailures: row.consecutive_failures,
    successes: Number(row.successes),
    failures: Number(row.failures),
    recentRequests: row.recent_requests,
    recentFailures: row.recent_failures,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at ? new Date(row.last_error_at) : null,
    openUntil,
  };
}
