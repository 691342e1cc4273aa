import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

// The layout is the architecture (developers' guide): `domain` never imports `gateway` or
// `graphql`, and those two never import each other; they meet only in the composition root
// (src/services.ts) through ports typed in the domain. Below them, `db` is the bottom layer
// (only `lib` beneath it), and the vendor adapters in `gateway/providers` are pure mappers that
// know nothing of the database, the domain or the pipeline that calls them. Inside billing, the
// SQL store is the bottom: admission (plain reserve, quota leases) calls it, never the reverse.

const SRC = resolve(__dirname, '../../src');

const billing = (...files: string[]): string[] => files.map((file) => `domain/billing/${file}.ts`);
const ABOVE_THE_STORE = billing('billing.service', 'billing-wiring', 'quota-leases', 'outage-allowance', 'journaled-calls', 'lease-charges-in-journal', 'charge-journal', 'charge-journal-replay');

/** Paths under src (a folder or one file) and the paths under src they must not import. */
const FORBIDDEN: Record<string, string[]> = {
  domain: ['gateway', 'graphql', 'observability', 'payments', 'exports', 'console'],
  gateway: ['graphql'],
  graphql: ['gateway'],
  db: [
    'domain', 'gateway', 'graphql', 'observability', 'payments', 'exports', 'console', 'cli', 'demo',
    'app.ts', 'config', 'console-router.ts', 'main.ts', 'server.ts', 'services.ts',
  ],
  'gateway/providers': ['domain', 'db', 'gateway/pipeline', 'gateway/surfaces', 'gateway/upstream', 'graphql'],
  // The SQL store is the bottom of billing: admission and the journal call it, never the reverse.
  'domain/billing/billing-store.ts': ABOVE_THE_STORE,
  'domain/billing/billing-statement-queue.ts': [...ABOVE_THE_STORE, ...billing('billing-store')],
  // Quota leases sit above the store and beside the journal: they never reach up into the service that composes them.
  'domain/billing/quota-leases.ts': billing('billing.service', 'billing-wiring'),
  'domain/billing/journaled-calls.ts': billing('billing.service', 'billing-wiring', 'quota-leases'),
};

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(path, e.name)) : e.name.endsWith('.ts') ? [join(path, e.name)] : [],
  );
}

/** `spec` resolved from `file`, relative to src, with the `.ts` an import leaves off. */
function target(file: string, spec: string): string {
  const path = relative(SRC, resolve(dirname(file), spec));
  return path.endsWith('.ts') ? path : `${path}.ts`;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function within(path: string, area: string): boolean {
  return path === area || path.startsWith(`${area}/`) || path === `${area}.ts`;
}

it.each(Object.entries(FORBIDDEN))('src/%s imports none of %j', (layer, forbidden) => {
  const offending: string[] = [];
  for (const file of files(join(SRC, layer))) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2]!;
      if (!spec.startsWith('.')) continue;
      const imported = target(file, spec);
      if (forbidden.some((area) => within(imported, area))) offending.push(`${relative(SRC, file)} -> ${spec}`);
    }
  }
  expect(offending).toEqual([]);
});

it('the walls name paths that exist', () => {
  for (const [layer, forbidden] of Object.entries(FORBIDDEN)) {
    for (const path of [layer, ...forbidden]) expect(() => statSync(join(SRC, path))).not.toThrow();
  }
});
