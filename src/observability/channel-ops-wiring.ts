import { hostname } from 'node:os';
import type { Config } from '../config';
import type { ChargeAnomalies } from '../domain/billing/charge-anomalies';
import type { RefusedJournalEntries } from '../domain/billing/refused-journal-entries';
import type { DataPlaneServices } from '../gateway/data-plane-services';
import type { Lifecycle } from '../lib/lifecycle';
import type { Logger } from '../lib/logger';
import type { ChannelProberDeps } from './channel-prober';
import { AlertNotifier } from './alert-notifier';
import { ChannelIncidentAlerts } from './channel-incident-alerts';
import { ChannelProber } from './channel-prober';

/**
 * Alerts for channel incidents (ALERT_WEBHOOK_URL, BREAKER_ALERT_AFTER_MS); made before the data
 * plane that reports them. Charges billing could not cover in full are alerted too, one per request,
 * and so are journaled charges the database refused for good (moved aside, see refused-journal-entries.ts).
 */
export function createChannelIncidents(
  config: Config, logger: Logger, lifecycle: Lifecycle, charges?: Pick<ChargeAnomalies, 'onUncovered'>, refused?: Pick<RefusedJournalEntries, 'onRefused'>,
): ChannelIncidentAlerts {
  const alerts = new AlertNotifier({ url: config.ops.alertWebhookUrl }, logger, `${hostname()}:${process.pid}`);
  const incidents = new ChannelIncidentAlerts(alerts, config.ops.breakerAlertAfterMs);
  const unsubscribe = charges?.onUncovered(({ requestId, channelId, cost, charged, uncovered }) =>
    alerts.notify({ event: 'charge_uncovered', requestId, channelId, cost: cost.toString(), charged: charged.toString(), uncovered: uncovered.toString() }),
  );
  const unsubscribeRefused = refused?.onRefused(({ requestId, instanceId, code, constraint, cost }) =>
    alerts.notify({ event: 'charge_journal_entry_refused', requestId, instanceId, code, constraint, cost }),
  );
  lifecycle.onShutdown('alerts', async () => {
    unsubscribe?.();
    unsubscribeRefused?.();
    incidents.close();
    await alerts.close();
  });
  return incidents;
}

/** Probes what the gateway took out itself every CHANNEL_PROBE_INTERVAL_MS (0: never). */
export function startChannelProber(
  deps: Omit<ChannelProberDeps, 'probe' | 'catalogue' | 'breakers'>,
  dataPlane: Pick<DataPlaneServices, 'catalogue' | 'breakers' | 'channelProbe'>,
  config: Config,
): ChannelProber {
  const prober = new ChannelProber(
    { ...deps, catalogue: dataPlane.catalogue, breakers: dataPlane.breakers, probe: dataPlane.channelProbe },
    config.ops.channelProbeIntervalMs,
  );
  prober.start();
  return prober;
}
