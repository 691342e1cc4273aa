import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printSchema } from 'graphql';
import { buildSchema } from '../../../src/graphql/schema';

// The committed SDL is the contract front ends and codegen read; it must be what the code serves.
it('schema/schema.graphql matches the Pothos schema (run `npm run schema:print`)', () => {
  const committed = readFileSync(join(__dirname, '..', '..', '..', 'schema', 'schema.graphql'), 'utf8');
  expect(printSchema(buildSchema()) + '\n').toBe(committed);
});
