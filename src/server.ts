import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import type { Config } from './config';
import { openPreparedDatabase } from './db/database';
import { seed, type SeedResult } from './domain/seed/seed';
import { ensureDemoSetup } from './demo/demo-setup';
import { gatewayInstanceOptions, startGatewayInstance } from './domain/billing/billing-wiring';
import { FakeUpstream } from './demo/fake-upstream/fake-upstream';
import { readRuntimeSettings } from './domain/settings/runtime-settings.service';
import { createExpressServer } from './lib/express-server';
import { createLogger, resolveLogFormat, type Logger } from './lib/logger';
import { loadOrCreateSecretKey } from './lib/secret-key-file';
import { createServices, type Services } from './services';
import { createRealtimeUpgrade } from './gateway/realtime/realtime-upgrade';

export interface RunningServer {
  /** e.g. `http://127.0.0.1:3000` */
  url: string;
  port: number;
  services: Services;
  seed: SeedResult;
  demoKey: string | undefined;
  close(): Promise<void>;
}

/** Everything `npm start` does, in order; tests call it with port 0 against their own database. */
export async function startServer(config: Config, options: { logger?: Logger } = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, format: resolveLogFormat(config.ops.logFormat, process.stderr.isTTY) });
  // The seed runs with the migrations under the start-up lock: of replicas starting together on
  // one database, one migrates and seeds while the others wait, then find it all there.
  const { db, prepared: seeded } = await openPreparedDatabase(config, logger, async (orm) => seed(orm.em.fork(), {
    adminEmail: config.admin.email,
    adminPassword: config.admin.password,
    // The admin is seeded before the settings service starts: read the setting (or its seed) directly.
    signupGrant: (await readRuntimeSettings(orm.em.fork(), config.settingsSeed)).values.signupGrant,
  }));
  let services: Services | undefined;
  let demo: FakeUpstream | undefined;
  let server: Server | undefined;
  try {
    // Before anything can hold quota: register this process, finish what crashed processes left held.
    const gatewayInstance = await startGatewayInstance(db, logger, gatewayInstanceOptions(config.billing));
    const secretKey = config.secretKey ?? loadOrCreateSecretKey(config.dataDir).key;
    if (!config.secretKey && config.database.kind === 'postgres') {
      logger.warn('SECRET_KEY is not set; using a generated key from DATA_DIR. Set SECRET_KEY for production and share it between instances.');
    }
    services = await createServices(config, db, logger, secretKey, gatewayInstance);

    let demoKey: string | undefined;
    if (config.demoUpstream) {
      demo = await FakeUpstream.start();
      ({ demoKey } = await ensureDemoSetup(db.orm.em.fork(), {
        baseUrl: demo.openAIBaseUrl,
        adminId: seeded.adminId,
        dataDir: config.dataDir,
        secretBox: services.secretBox,
      }));
    }

    const app = buildApp(services);
    // Express handles every request; it only gets its request/response prototypes up front.
    const listening = createExpressServer(app, config.http).listen(config.port, config.host);
    server = listening;
    // The one upgraded route: realtime voice sessions (GET /v1/realtime as a WebSocket).
    listening.on('upgrade', createRealtimeUpgrade(services));
    await new Promise<void>((resolve, reject) => {
      listening.once('listening', resolve);
      listening.once('error', reject);
    });
    // Longer than common load balancers' idle timeouts so they, not we, close idle connections.
    listening.keepAliveTimeout = 75_000;
    const { port } = listening.address() as AddressInfo;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const running = services;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      port,
      services: running,
      seed: seeded,
      demoKey,
      close: async () => {
        // Readiness fails at once and every response from now on closes its connection.
        running.inFlight.beginDrain();
        // A balancer learns of that only from its next health checks and sends requests here
        // until then: they are served (each on a connection closed after it) for the notice
        // time rather than refused, or cut on the keep-alive connections closed below, which a
        // balancer cannot safely retry elsewhere once a request was written to them.
        if (config.ops.drainNoticeMs > 0) await new Promise((resolve) => setTimeout(resolve, config.ops.drainNoticeMs));
        // Then the listener takes no new connection. Running requests and streams get the grace period.
        const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
        listening.closeIdleConnections();
        const grace = config.ops.shutdownGraceMs;
        if (!(await running.inFlight.idle(grace))) {
          logger.warn('shutdown grace period over; cutting the requests still running', { requests: running.inFlight.size, graceMs: grace });
          // Streams end with an error event and [DONE], charged for what was delivered; then
          // whatever still holds a connection is closed. Cut requests still settle their charge
          // and write their usage row: wait for that before the usage log's final flush.
          running.inFlight.cutAll();
          if (!(await running.inFlight.idle(5_000))) listening.closeAllConnections();
          await running.inFlight.handlersDone(10_000);
        }
        // Nothing is in flight now: what is left are keep-alive connections of finished responses.
        listening.closeAllConnections();
        await closed;
        // Last: usage rows flushed, leases given back, the instance deregistered (lifecycle order).
        await running.lifecycle.shutdown((name, err) => logger.error(`shutdown of ${name} failed`, { error: err as Error }));
        await demo?.close();
        await db.close();
        logger.flush();
      },
    };
  } catch (err) {
    server?.close();
    await services?.lifecycle.shutdown();
    await demo?.close();
    await db.close();
    throw err;
  }
}
