import express, { type Router } from 'express';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Paths that belong to the API planes: never answered with the console's index.html. */
const API_PREFIXES = ['/v1', '/v1beta', '/graphql', '/payments', '/healthz', '/readyz', '/metrics', '/export', '/auth'];

/** The project root: the nearest folder up from this file with a package.json (src/ under tsx, dist/src/ compiled). */
function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export const CONSOLE_DIR = join(projectRoot(), 'dist', 'console');

/**
 * Serves the built console (a static single-page app) at `/`. Hashed assets are cached for a year;
 * index.html never, so a new build is picked up at the next load. Any other GET
 * asking for HTML gets index.html, so client-side routes survive a reload. Mounted after the API planes.
 */
export function createConsoleRouter(consoleDir = CONSOLE_DIR): Router {
  const router = express.Router();
  const index = join(consoleDir, 'index.html');
  router.use('/assets', express.static(join(consoleDir, 'assets'), { immutable: true, maxAge: '365d', index: false }));
  router.use('/assets', (_req, res) => {
    res.status(404).type('text/plain').send('Not found\n');
  });
  router.get(/.*/, (req, res, next) => {
    // Only a browser navigation (which asks for text/html by name) gets the app; API clients sending
    // */* to an unknown URL keep getting the JSON 404.
    const wantsPage = req.headers.accept?.includes('text/html') ?? false;
    if (API_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`)) || !wantsPage) return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The console is not built: run `npm run build:console` (npm start builds it when missing).\n');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
