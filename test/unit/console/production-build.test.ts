import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// The browser tests' setup builds the console under jest, where NODE_ENV is `test`: the build must
// still be the production one users get, not React's development build.
const root = join(__dirname, '../../..');

it('builds the console for production whatever NODE_ENV its caller runs with', async () => {
  const out = mkdtempSync(join(tmpdir(), 'console-build-'));
  try {
    await promisify(execFile)(process.execPath, ['scripts/build-console.mjs', '--out-dir', out], { cwd: root, env: { ...process.env, NODE_ENV: 'test' } });
    const scripts = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(out, 'assets', f), 'utf8')).join('\n');
    // React's production build reports its errors by number; only its development build checks how elements nest.
    expect({ production: scripts.includes('Minified React error #'), development: scripts.includes('cannot be a child of') })
      .toEqual({ production: true, development: false });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
