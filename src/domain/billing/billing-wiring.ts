import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { ChangeBus } from '../../lib/change-bus';
import type { Lifecycle } from '../../lib/lifecycle';
import type { Logger } from '../../lib/logger';
import { UsageLogWriter } from '../usage/usage-log-writer';
import type { UsageLogSink } from '../usage/usage-log.types';
import { ActiveTiersCache } from './active-tiers-cache';
import { QuotaBilling } from './billing.service';
import { ChargeJournal } from './charge-journal';
import { DeliveryMarkers } from './delivery-markers';
import { replayOwnJournal } from './charge-journal-replay';
import type { Billing } from './billing.types';
import type { ChargeAnomalies } from './charge-anomalies';
import { GatewayInstanceRegistry, type GatewayInstanceOptions } from './gateway-instance-registry';

/**
 * Start-up step, right after the database is open and before anything can reserve quota:
 * registers this process and finishes the reservations crashed processes left behind.
 * Embedded mode is one process by construction (data-dir lock), so every other instance is dead.
 */
export async function startGatewayInstance(db: Database, logger: Logger, options: GatewayInstanceOptions = {}): Promise<GatewayInstanceRegistry> {
  const instance = await GatewayInstanceRegistry.register(db.sql, logger, options);
  await instance.expireDeadLocalPeers();
  // Charges a crashed process journaled go in before its holds are recovered, so their settles still find them.
  await instance.replayLeftBehindJournals(db.embedded ? 0 : undefined);
  await instance.recoverOrphans(db.embedded ? 0 : undefined);
  // Charges a crashed process made without writing their usage rows; a live peer's late row still replaces a rebuilt one.
  await instance.usageReconstruction.run(0);
  return instance;
}

/** The registry options that come from configuration. */
export function gatewayInstanceOptions(billing: Config['billing']): GatewayInstanceOptions {
  return { reservationMaxAgeMs: billing.reservationMaxAgeMs, journalDir: billing.journalDir };
}

export interface BillingServices {
  billing: Billing;
  /** Upstream usage reports beyond a request's hold (charged at the hold), for metrics. */
  chargeAnomalies: ChargeAnomalies;
  usageLog: UsageLogSink;
  gatewayInstance: GatewayInstanceRegistry;
}

/**
 * The billing half of the composition root; shutdown hooks flush usage rows, then deregister.
 * Billing and the usage log run on the database's plain pg pool (db.sql, db.script), not the ORM's.
 */
export async function createBillingServices(
  db: Database,
  changeBus: ChangeBus,
  lifecycle: Lifecycle,
  logger: Logger,
  instance?: GatewayInstanceRegistry,
  settings: Config['billing'] = {
    commit: 'fast', reservationMaxAgeMs: 30 * 60_000, leases: { enabled: true, idleMs: 2_000, maxAgeMs: 30_000 },
    outageAllowanceUnits: 200_000n, journalDir: 'data',
  },
): Promise<BillingServices> {
  const sql = db.sql;
  const gatewayInstance = instance ?? (await startGatewayInstance(db, logger, gatewayInstanceOptions(settings)));
  // Its timers start in the composition root, once the cluster jobs exist (see recoveryJobs).
  lifecycle.onShutdown('gateway instance', () => gatewayInstance.stop());

  const tiers = new ActiveTiersCache(sql, changeBus);
  lifecycle.onShutdown('active tiers cache', () => tiers.dispose());

  const usageLog = new UsageLogWriter(sql, logger);
  lifecycle.onShutdown('usage log', () => usageLog.close());

  const journal = new ChargeJournal(settings.journalDir, gatewayInstance.id, logger);
  let replaying: Promise<unknown> | undefined;
  const replay = () => {
    if (replaying || journal.pending.length === 0) return;
    replaying = replayOwnJournal(db.sql, journal, logger, gatewayInstance.refusedJournalEntries).finally(() => {
      replaying = undefined;
    });
  };
  const unsubscribeHealth = db.health.onChange((reachable) => reachable && replay());
  // Also every second while entries wait: a replay that met the database still starting up is retried.
  const replayTimer = setInterval(() => db.health.reachable && replay(), 1_000);
  replayTimer.unref();
  // Registered before the leases, so closed after them: their last charges may still fail into it.
  lifecycle.onShutdown('charge journal', async () => {
    unsubscribeHealth();
    clearInterval(replayTimer);
    await replaying;
    await replayOwnJournal(db.sql, journal, logger, gatewayInstance.refusedJournalEntries).catch(() => 0);
    await journal.close();
  });

  // Registered after the instance, so flushed before it deregisters: a settled stream's marker
  // must be gone before peers may take this instance for dead.
  const markers = new DeliveryMarkers(db.sql, gatewayInstance.id, logger);
  lifecycle.onShutdown('delivery markers', () => markers.close());

  const billing = new QuotaBilling(db.script, gatewayInstance, tiers, {
    commit: settings.commit,
    journal,
    markers,
    leases: { ...settings.leases, changeBus, logger, databaseHealth: db.health, outageAllowance: settings.outageAllowanceUnits },
  });
  // Registered after the instance, so stopped before it: leases go back while the instance is still alive.
  lifecycle.onShutdown('quota leases', () => billing.close());
  return { billing, chargeAnomalies: billing.anomalies, usageLog, gatewayInstance };
}
