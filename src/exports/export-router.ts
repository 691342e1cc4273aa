import { Router, type Request, type Response } from 'express';
import { resolveViewer } from '../graphql/context';
import { csvRecord } from '../lib/csv';
import { drained } from '../lib/drained';
import type { Services } from '../services';
import { ledgerExport, usageExport, type ExportDefinition, type KeysetPosition } from './export-definitions';
import { parseExportQuery, type ExportFilters } from './export-query';

/** Rows per database read: large enough to amortise the round trip, small enough to stay a few MB. */
const BATCH_ROWS = 2_000;

function fail(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ error: { code, message } });
}

async function streamExport(services: Services, def: ExportDefinition, name: string, req: Request, res: Response): Promise<void> {
  const em = services.orm.em.fork();
  const viewer = await resolveViewer(em, req.get('authorization') ?? null, services.settings.current().adminTwoFactorRequired);
  if (!viewer) return fail(res, 401, 'unauthenticated', 'Send Authorization: Bearer <session token> (from the login mutation).');
  if (viewer.twoFactorSetupRequired) return fail(res, 403, 'two_factor_setup_required', 'Set up two-factor authentication first (required for administrators).');
  const parsed = parseExportQuery(req.query as Record<string, unknown>, services.clock.now());
  if (!parsed.ok) return fail(res, 400, 'invalid_query', parsed.message);
  const unsupported = Object.keys(req.query).filter((k) => !def.filters.has(k as keyof ExportFilters));
  if (unsupported.length) return fail(res, 400, 'invalid_query', `${unsupported.join(', ')}: not a filter of this export.`);
  const admin = viewer.role === 'ADMIN';
  const q = parsed.filters;
  // Like the GraphQL queries: admins anyone's (or everyone's), users their own; another user's data is refused, not emptied.
  if (!admin && ((q.userId !== undefined && q.userId !== viewer.id) || q.channelId !== null)) {
    return fail(res, 403, 'forbidden', 'You may export only your own data.');
  }
  const filters: ExportFilters = { ...q, userId: admin ? (q.userId ?? null) : viewer.id };

  let clientGone = false;
  res.on('close', () => {
    clientGone = !res.writableFinished;
  });
  const day = (d: Date) => d.toISOString().slice(0, 10);
  res.status(200);
  res.setHeader('content-type', 'text/csv; charset=utf-8; header=present');
  res.setHeader('content-disposition', `attachment; filename="${name}-${day(filters.from)}-${day(filters.to)}.csv"`);
  res.setHeader('cache-control', 'no-store');
  res.write(csvRecord(def.header));

  const connection = em.getConnection();
  let after: KeysetPosition | null = null;
  try {
    for (;;) {
      const { sql, params } = def.batch(filters, after, BATCH_ROWS, admin);
      const rows = await connection.execute<Array<Record<string, unknown>>>(sql, params);
      if (clientGone) return;
      if (rows.length === 0) break;
      let chunk = '';
      for (const row of rows) chunk += csvRecord(def.cells(row, admin));
      const last = rows[rows.length - 1]!;
      after = { at: String(last.keyset_at), id: String(last.id) };
      if (!res.write(chunk)) await drained(res);
      if (clientGone || res.destroyed) return;
      if (rows.length < BATCH_ROWS) break;
    }
  } catch (err) {
    services.logger.error('export failed mid-stream', { export: name, error: err as Error });
    // The header is out: cut the connection so a truncated file is never taken for a whole one.
    res.destroy();
    return;
  }
  res.end();
}

/**
 * `GET /export/usage.csv` and `GET /export/ledger.csv`: RFC 4180 CSV with a header row, one row
 * per record, streamed batch by batch with back-pressure. Authorized like `/graphql` (session
 * bearer token): admins export anyone's rows (or everyone's), users their own.
 * Filters: `from`, `to` (ISO 8601, `to` exclusive; default the last 30 days), `userId`, and for
 * usage also `tokenId`, `model`, `channelId` (admins).
 */
export function createExportRouter(services: Services): Router {
  const router = Router();
  router.get('/usage.csv', (req, res, next) => {
    streamExport(services, usageExport, 'usage', req, res).catch(next);
  });
  router.get('/ledger.csv', (req, res, next) => {
    streamExport(services, ledgerExport, 'ledger', req, res).catch(next);
  });
  return router;
}
