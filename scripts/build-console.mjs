// Builds the console (src/console) into dist/console and reports the JavaScript a first page
// load downloads, gzipped: the entry script and the chunks index.html preloads. Lazy chunks (admin
// pages, the chart) are not counted. Fails above the budget.
// Usage: node scripts/build-console.mjs [--if-stale]   (--if-stale: skip when the build is current)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'src/console');
const out = join(root, 'dist/console');
const stamp = join(out, '.source-mtime');
const BUDGET_BYTES = 500 * 1024;

function newestMtime(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), info.mtimeMs);
}

const sourceMtime = Math.max(newestMtime(source), statSync(join(root, 'package-lock.json')).mtimeMs);

if (process.argv.includes('--if-stale')) {
  const built = existsSync(join(out, 'index.html')) && existsSync(stamp) && Number(readFileSync(stamp, 'utf8')) >= sourceMtime;
  if (built) process.exit(0);
  console.log('console: build missing or older than src/console, building it (once)…');
}

let vite;
try {
  vite = await import('vite');
} catch {
  console.warn('console: vite is not installed (production install without dev dependencies?); the console is not built. Run `npm install` then `npm run build:console`.');
  process.exit(0);
}

await vite.build({ configFile: join(source, 'vite.config.ts'), logLevel: 'warn' });
writeFileSync(stamp, String(sourceMtime));

const html = readFileSync(join(out, 'index.html'), 'utf8');
const firstLoad = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const file of firstLoad) {
  const gz = gzipSync(readFileSync(join(out, file))).length;
  total += gz;
  console.log(`  ${file}  ${(gz / 1024).toFixed(1)} KB gzipped`);
}
const lazy = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.js') && !firstLoad.includes(`assets/${f}`));
const lazyTotal = lazy.reduce((sum, f) => sum + gzipSync(readFileSync(join(out, 'assets', f))).length, 0);
console.log(`console: first page load ${(total / 1024).toFixed(1)} KB of JavaScript gzipped (budget ${BUDGET_BYTES / 1024} KB); ` +
  `${lazy.length} lazy chunks ${(lazyTotal / 1024).toFixed(1)} KB more, loaded on demand`);
if (total > BUDGET_BYTES) {
  console.error('console: over the first-load budget; split more pages off with lazy routes');
  process.exit(1);
}
