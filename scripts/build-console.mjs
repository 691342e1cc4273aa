// Builds the console (src/console) into dist/console and reports the JavaScript a first page
// load downloads, gzipped: the entry script and the chunks index.html preloads. Lazy chunks (admin
// pages, the chart) are not counted. Fails above the budget.
// Usage: node scripts/build-console.mjs [--if-stale] [--out-dir <dir>]
//   --if-stale: skip when the build is current; --out-dir: build there instead of dist/console (tests).
// Always a production build, whatever NODE_ENV the caller runs with: under jest (the browser tests'
// setup) it is `test`, with which Vite would bundle React's development build, so the browser
// tests would test another bundle than the one users get.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'src/console');
const outArg = process.argv.indexOf('--out-dir');
const out = outArg === -1 ? join(root, 'dist/console') : resolve(process.argv[outArg + 1]);
// The mode is in the stamp, so a build made before it was always production counts as stale.
const stamp = join(out, '.source-mtime');
const MODE = 'production';
process.env.NODE_ENV = MODE;
const BUDGET_BYTES = 500 * 1024;

function newestMtime(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), info.mtimeMs);
}

const sourceMtime = Math.max(newestMtime(source), statSync(join(root, 'package-lock.json')).mtimeMs);

if (process.argv.includes('--if-stale')) {
  const [builtFrom, builtMode] = existsSync(stamp) ? readFileSync(stamp, 'utf8').split(' ') : [];
  const built = existsSync(join(out, 'index.html')) && builtMode === MODE && Number(builtFrom) >= sourceMtime;
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

await vite.build({ configFile: join(source, 'vite.config.ts'), mode: MODE, logLevel: 'warn', build: { outDir: out } });
writeFileSync(stamp, `${sourceMtime} ${MODE}`);

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
