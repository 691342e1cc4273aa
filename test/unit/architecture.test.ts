import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

// The layout is the architecture (developers' guide): `domain` never imports `gateway` or
// `graphql`, and those two never import each other; they meet only in the composition root
// (src/services.ts) through ports typed in the domain.

const SRC = resolve(__dirname, '../../src');
const FORBIDDEN: Record<string, string[]> = {
  domain: ['gateway', 'graphql', 'observability', 'payments', 'exports', 'console'],
  gateway: ['graphql'],
  graphql: ['gateway'],
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

it.each(Object.entries(FORBIDDEN))('src/%s imports none of %j', (layer, forbidden) => {
  const offending: string[] = [];
  for (const file of files(join(SRC, layer))) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2]!;
      if (!spec.startsWith('.')) continue;
      const target = relative(SRC, resolve(dirname(file), spec)).split('/')[0]!;
      if (forbidden.includes(target)) offending.push(`${relative(SRC, file)} -> ${spec}`);
    }
  }
  expect(offending).toEqual([]);
});
