import { hostname } from 'node:os';
import type { Config } from '../config';
import type { DataPlaneServices } from '../gateway/data-plane-services';
import type { Lifecycle } from '../lib/lifecycle';
import type { Logger } from '../lib/logger';
import type { ChannelProberDeps } from './channel-prober';
import { AlertNotifier } from './alert-notifier';
import { ChannelIncidentAlerts } from './channel-incident-alerts';
import { ChannelProber } from './channel-prober';

/** Alerts for channel incidents (ALERT_WEBHOOK_URL, BREAKER_ALERT_AFTER_MS); made before the data plane that reports them. */
export function createChannelIncidents(config: Config, logger: Logger, lifecycle: Lifecycle): ChannelIncidentAlerts {
  const alerts = new AlertNotifier({ url: config.ops.alertWebhookUrl }, logger, `${hostname()}:${process.pid}`);
  const incidents = new ChannelIncidentAlerts(alerts, config.ops.breakerAlertAfterMs);
  lifecycle.onShutdown('alerts', async () => {
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
  lifecycle: Lifecycle,
): ChannelProber {
  const prober = new ChannelProber(
    { ...deps, catalogue: dataPlane.catalogue, breakers: dataPlane.breakers, probe: dataPlane.channelProbe },
    config.ops.channelProbeIntervalMs,
  );
  prober.start();
  lifecycle.onShutdown('channel prober', () => prober.stop());
  return prober;
}
