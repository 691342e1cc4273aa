import type { MikroORM } from '@mikro-orm/postgresql';
import { hostname } from 'node:os';
import type { Config } from './config';
import type { Database } from './db/database';
import type { DatabaseHealth } from './db/database-health';
import { createBillingServices } from './domain/billing/billing-wiring';
import type { Billing } from './domain/billing/billing.types';
import type { ChargeAnomalies } from './domain/billing/charge-anomalies';
import type { GatewayInstanceRegistry } from './domain/billing/gateway-instance-registry';
import { seedProviders } from './domain/accounts/sign-in-providers';
import { invitationRewardRules } from './domain/invitations/invitation-rewards';
import { RuntimeSettings } from './domain/settings/runtime-settings.service';
import type { PaymentProviders } from './domain/subscriptions/payment-provider';
import { PaymentReconciler } from './domain/subscriptions/payment-reconciliation';
import { ClusterJobs } from './domain/cluster/cluster-jobs';
import { ChannelHealthReports } from './domain/routing/channel-health-reports';
import { UsageArchive } from './exports/usage-archive';
import { PartitionMaintenance } from './db/monthly-partitions';
import { UsageSummaries } from './domain/usage/usage-summaries';
import type { UsageLogSink } from './domain/usage/usage-log.types';
import { clientAddressResolver, type ClientAddressOf } from './gateway/client-address';
import { createDataPlaneServices, type DataPlaneServices } from './gateway/data-plane-services';
import { LocalChangeBus, PostgresChangeBus, type ChangeBus } from './lib/change-bus';
import { systemClock, type Clock } from './lib/clock';
import { Lifecycle } from './lib/lifecycle';
import type { Logger } from './lib/logger';
import { createMailTransport, type MailTransport } from './lib/mail-transport';
import { SecretBox } from './lib/secret-box';
import { createChannelIncidents, startChannelProber } from './observability/channel-ops-wiring';
import type { ChannelProber } from './observability/channel-prober';
import type { GatewayMetrics } from './observability/gateway-metrics';
import type { InFlightRequests } from './observability/in-flight';
import type { RequestObserver } from './observability/request-observer';
import { createObservability } from './observability/observability-wiring';
import { createTracing } from './observability/tracing-wiring';
import { createPaymentProviders } from './payments/payment-providers';
import type { Tracing } from './lib/tracing';

/**
 * The composition root: every long-lived service is built here, once, and passed down.
 * Nothing else in src/ keeps module-level state.
 */
export interface Services extends DataPlaneServices {
  config: Config;
  logger: Logger;
  orm: MikroORM;
  embedded: boolean;
  changeBus: ChangeBus;
  secretBox: SecretBox;
  lifecycle: Lifecycle;
  billing: Billing;
  usageLog: UsageLogSink;
  /** Sees every finished /v1 and /v1beta request once (access line and metrics). */
  requestObserver: RequestObserver;
  /** Whether the database answers right now: readiness reads it; false during an outage. */
  databaseHealth: DatabaseHealth;
  /** Upstream usage reports beyond a request's hold (charged at the hold), counted per channel. */
  chargeAnomalies: ChargeAnomalies;
  /** "Now" for day boundaries and expiry in the control plane; tests may swap in a ManualClock. */
  clock: Clock;
  /** The caller's address under the TRUSTED_PROXIES rules, for the control plane's throttles. */
  clientAddressOf: ClientAddressOf;
  /** Prometheus registry of this process (GET /metrics); undefined with METRICS_ENABLED=false. */
  metrics: GatewayMetrics | undefined;
  /** Responses still being written, and whether this process is draining (readiness, shutdown). */
  inFlight: InFlightRequests;
  /** Puts channels the gateway took out itself back when they answer again. */
  channelProber: ChannelProber;
  /** The enabled checkout providers (Stripe, epay). */
  payments: PaymentProviders;
  paymentReconciler: PaymentReconciler;
  /** Periodic jobs run by one instance at a time across the cluster (lease rows in PostgreSQL). */
  clusterJobs: ClusterJobs;
  /** The channel health view of the whole cluster (each live instance's breakers and counts). */
  channelHealth: ChannelHealthReports;
  /** This process's gateway_instances row: heartbeat and crash recovery. */
  gatewayInstance: GatewayInstanceRegistry;
  /** Archives and removes raw usage rows past USAGE_RETENTION_DAYS (a cluster job, hourly). */
  usageArchive: UsageArchive;
  partitionMaintenance: PartitionMaintenance;
  /** Folds dirty hours into the statistics' summaries (a cluster job, USAGE_SUMMARY_INTERVAL_MS). */
  usageSummaries: UsageSummaries;
  /** Runtime settings (registration, grants, defaults, display); read these, not config. */
  settings: RuntimeSettings;
  /** The gateway's own e-mails: SMTP when SMTP_URL is set, else written to the log. */
  mail: MailTransport;
  /** OpenTelemetry spans (OTEL_EXPORTER_OTLP_ENDPOINT); `tracing.tracer` is null when off. */
  tracing: Tracing;
}

export async function createServices(
  config: Config, db: Database, logger: Logger, secretKey: string, gatewayInstance?: GatewayInstanceRegistry,
): Promise<Services> {
  const lifecycle = new Lifecycle();
  // Registered first, so it stops last: the spans of the drained requests are still sent.
  const tracing = createTracing(config.tracing, logger);
  lifecycle.onShutdown('tracing', () => tracing.close());
  const changeBus: ChangeBus = db.embedded
    ? new LocalChangeBus()
    : await PostgresChangeBus.connect({ connectionString: (config.database as { url: string }).url }, logger);
  lifecycle.onShutdown('change bus', () => changeBus.close());
  const settings = await RuntimeSettings.start({ orm: db.orm, changeBus, logger }, config.settingsSeed);
  const mail = createMailTransport(config.mail, logger);
  lifecycle.onShutdown('mail transport', () => mail.close());
  const observability = createObservability(logger, { metrics: config.ops.metricsEnabled });
  const { billing, usageLog: usageLogWriter, chargeAnomalies, gatewayInstance: instance } = await createBillingServices(
    observability.timed(db), changeBus, lifecycle, logger, gatewayInstance, config.billing,
  );
  const secretBox = new SecretBox(secretKey, config.secretKeyPrevious);
  // SIGNIN_PROVIDERS sets only the first value of each provider, like the runtime settings' seed.
  await seedProviders(db.orm.em.fork(), secretBox, config.signInProvidersSeed);
  const incidents = createChannelIncidents(config, logger, lifecycle, chargeAnomalies, instance.refusedJournalEntries);
  const dataPlane = createDataPlaneServices({ config, logger, orm: db.orm, changeBus, secretBox, lifecycle, incidents, instanceId: instance.id,
    affinityTtlSeconds: () => settings.current().affinityTtlSeconds,
  });
  // Crash recovery also gives back a dead instance's concurrency slots, at once instead of a lease
  // later; awaited, so slots found dead at start-up are free before this process listens.
  await instance.onInstancesGone((gone) => dataPlane.concurrencyLimiter.releaseInstances(gone));
  // Periodic jobs run once across the cluster (a lease row per job in PostgreSQL), stopped at shutdown.
  const clusterJobs = new ClusterJobs({
    orm: db.orm, holder: `${hostname()}:${process.pid}:${instance.id}`.slice(0, 64), logger, minLeaseMs: config.ops.clusterJobLeaseMs,
  });
  lifecycle.onShutdown('cluster jobs', () => clusterJobs.stop());
  instance.startTimers(clusterJobs);
  // The channel health view is the cluster's: each instance writes its own, the view adds them up.
  const channelHealth = new ChannelHealthReports({
    sql: db.sql, instanceId: instance.id, breakers: dataPlane.breakers, logger, intervalMs: config.ops.channelHealthReportMs, staleAfterMs: instance.staleAfterMs,
    breakerStateShared: config.rateLimit.redisUrl !== undefined,
  });
  channelHealth.start();
  lifecycle.onShutdown('channel health reports', () => channelHealth.close());
  await instance.onInstancesGone((gone) => channelHealth.forget(gone.map(({ id }) => id)));
  const channelProber = startChannelProber({ orm: db.orm, changeBus, secretBox, logger, jobs: clusterJobs }, dataPlane, config);
  // Every data-plane request, refused before authentication or not, makes one access line and one count.
  const requestObserver = observability.attach({ db, usageLog: usageLogWriter, billing, refusedJournalEntries: instance.refusedJournalEntries, dataPlane });
  const payments = createPaymentProviders(config.payments);
  // Reads services.clock on every pass, so a test's ManualClock reaches it.
  const paymentReconciler = new PaymentReconciler({
    orm: db.orm, providers: payments, changeBus, logger, clock: () => services.clock,
    intervalMs: config.payments.reconcile.intervalMs, minAgeMs: config.payments.reconcile.minAgeMs, jobs: clusterJobs,
    inviteRewards: () => invitationRewardRules(settings.current()),
  });
  paymentReconciler.start();
  const usageArchive = new UsageArchive({
    orm: db.orm, logger, clock: () => services.clock, retentionDays: config.retention.usageDays, dir: config.retention.archiveDir,
  });
  if (config.retention.usageDays > 0) clusterJobs.schedule({ name: 'usage-retention', intervalMs: 3_600_000, run: () => usageArchive.run() });
  const partitionMaintenance = new PartitionMaintenance({
    orm: db.orm, logger, clock: () => services.clock, monthsAhead: config.partitions.monthsAhead,
  });
  clusterJobs.schedule({ name: 'partition-maintenance', intervalMs: 6 * 3_600_000, run: () => partitionMaintenance.run() });
  const usageSummaries = new UsageSummaries({ orm: db.orm, logger });
  clusterJobs.schedule({ name: 'usage-summaries', intervalMs: config.usageSummaries.intervalMs, run: () => usageSummaries.run() });

  const services: Services = {
    config,
    logger,
    orm: db.orm,
    embedded: db.embedded,
    changeBus,
    secretBox,
    lifecycle,
    billing,
    usageLog: usageLogWriter,
    requestObserver,
    databaseHealth: db.health,
    chargeAnomalies,
    clock: systemClock,
    clientAddressOf: clientAddressResolver(config.gateway.trustedProxies),
    metrics: observability.metrics,
    inFlight: observability.inFlight,
    channelProber,
    payments,
    paymentReconciler,
    clusterJobs,
    channelHealth,
    gatewayInstance: instance,
    usageArchive,
    partitionMaintenance,
    usageSummaries,
    settings,
    mail,
    tracing,
    ...dataPlane,
  };
  return services;
}
