import { timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { allMigrationsApplied } from '../db/pending-migrations';
import type { Logger } from '../lib/logger';
import type { GatewayMetrics } from './gateway-metrics';
import type { InFlightRequests } from './in-flight';

export interface OpsDeps {
  orm: MikroORM;
  /** The data plane's own view (issue 15): down as soon as its statements fail to connect. */
  databaseHealth: { reachable: boolean };
  metrics: GatewayMetrics | undefined;
  inFlight: InFlightRequests;
  config: { ops: { metricsToken: string | undefined; metricsPublic: boolean; readyDbTimeoutMs: number } };
  logger: Logger;
}

type Check = { ok: true } | { ok: false; error: string };

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `/healthz`: liveness, the process answers (nothing else: a database outage must not get the
 * process restarted). `/readyz`: whether to send it traffic: the database answers within
 * READY_DB_TIMEOUT_MS, no migration is pending, and it is not draining; 503 names the failed
 * check and nothing more (it needs no sign-in, and a driver's error text names hosts, users and
 * databases), the reason going to the log. `/metrics`: Prometheus text, behind METRICS_TOKEN when
 * that is set; with no token it is open only where METRICS_PUBLIC allows (not in production).
 */
export function createOpsRouter(deps: OpsDeps): Router {
  const router = Router();
  let migrationsApplied = false;

  const checkDatabase = async (): Promise<Check> => {
    if (!deps.databaseHealth.reachable) return { ok: false, error: 'the data plane cannot reach the database' };
    try {
      await withTimeout(deps.orm.em.getConnection().execute('select 1'), deps.config.ops.readyDbTimeoutMs, 'the database');
      return { ok: true };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  };
  const checkMigrations = async (): Promise<Check> => {
    if (migrationsApplied) return { ok: true };
    try {
      // The cheap answer first (no migrator loaded); the migrator counts what is pending otherwise.
      if (await withTimeout(allMigrationsApplied(deps.orm), deps.config.ops.readyDbTimeoutMs, 'the migrations table')) {
        migrationsApplied = true;
        return { ok: true };
      }
      const pending = await withTimeout(deps.orm.migrator.getPendingMigrations(), deps.config.ops.readyDbTimeoutMs, 'the migrations table');
      if (pending.length > 0) return { ok: false, error: `${pending.length} migration(s) pending` };
      migrationsApplied = true; // applied migrations are never un-applied under a running process
      return { ok: true };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  };

  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    const draining: Check = deps.inFlight.draining ? { ok: false, error: 'shutting down' } : { ok: true };
    const [database, migrations] = await Promise.all([checkDatabase(), checkMigrations()]);
    const checks = { database, migrations, draining };
    const failed = Object.entries(checks).filter(([, check]) => !check.ok);
    for (const [name, check] of failed) deps.logger.warn('readiness check failed', { check: name, reason: check.ok ? undefined : check.error });
    const shown = Object.fromEntries(Object.entries(checks).map(([name, check]) => [name, { ok: check.ok }]));
    res.status(failed.length === 0 ? 200 : 503).set('cache-control', 'no-store')
      .json({ status: failed.length === 0 ? 'ready' : 'not_ready', checks: shown, failed: failed.map(([name]) => name) });
  });

  router.get('/metrics', async (req, res) => {
    const token = deps.config.ops.metricsToken;
    if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
      res.status(401).set('www-authenticate', 'Bearer').json({ error: 'a valid METRICS_TOKEN bearer token is required' });
      return;
    }
    if (token === undefined && !deps.config.ops.metricsPublic) {
      res.status(401).set('www-authenticate', 'Bearer').json({ error: 'metrics need a bearer token: set METRICS_TOKEN (or METRICS_PUBLIC=true to serve them to anyone)' });
      return;
    }
    if (!deps.metrics) {
      res.status(404).json({ error: 'metrics are switched off (METRICS_ENABLED=false)' });
      return;
    }
    res.set('content-type', deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });

  return router;
}
