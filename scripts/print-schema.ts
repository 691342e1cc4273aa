// Prints the Pothos schema to schema/schema.graphql; with --check, fails when the committed file drifted.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printSchema } from 'graphql';
import { buildSchema } from '../src/graphql/schema';

const target = join(__dirname, '..', 'schema', 'schema.graphql');
const printed = printSchema(buildSchema()) + '\n';

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // missing file counts as drift
  }
  if (committed !== printed) {
    process.stderr.write('schema/schema.graphql is out of date: run `npm run schema:print` and commit it.\n');
    process.exit(1);
  }
  process.stdout.write('schema/schema.graphql is up to date\n');
} else {
  writeFileSync(target, printed);
  process.stdout.write(`wrote ${target}\n`);
}
