import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// One authentication per request: the per-key limits in front of every /v1 handler authenticate
// and hand the key on. A handler that called `authenticate` again would look the key up twice
// (or need a hidden per-request memory to avoid it, which authenticate.ts must not keep).

const GATEWAY = resolve(__dirname, '../../../src/gateway');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

// The realtime WebSocket's upgrade is not an Express request: it authenticates once per session, before the upgrade.
it('authenticate is called from the per-key limits only (and the realtime upgrade, once per session)', () => {
  const callers = files(GATEWAY)
    .filter((file) => /\bauthenticate\(req,/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(GATEWAY, file));
  expect(callers.sort()).toEqual(['auth/rate-limit.ts', 'realtime/realtime-upgrade.ts']);
});

it('authenticate.ts keeps no per-request memory at module level', () => {
  const source = readFileSync(join(GATEWAY, 'auth/authenticate.ts'), 'utf8');
  expect(source).not.toMatch(/^(?:const|let|var)\s+\w+\s*=\s*new\s+(?:Weak)?Map\b/m);
});
