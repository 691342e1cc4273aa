import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { EnvSchema } from '../../src/config/env-schema';

// The README is a guide; the reference lives in docs/. These checks keep the two honest: every
// environment variable the configuration reads is documented there, and every relative link in the
// README and the docs points at a file that exists.

const ROOT = resolve(__dirname, '../..');
const DOCS = join(ROOT, 'docs');
const docPages = readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => join(DOCS, f));
const reference = docPages.map((f) => readFileSync(f, 'utf8')).join('\n');

/** The names the schema itself holds, whichever env-*.ts file defines them. */
function environmentVariables(): string[] {
  return Object.keys(EnvSchema.shape);
}

it('documents every environment variable the configuration reads', () => {
  const names = environmentVariables();
  expect(names.length).toBeGreaterThan(40);
  expect(names.filter((name) => !reference.includes(name))).toEqual([]);
});

it.each([join(ROOT, 'README.md'), ...docPages])('%s links only to files that exist', (page) => {
  const text = readFileSync(page, 'utf8');
  const broken = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)\s]*)?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/.test(target))
    .filter((target) => !existsSync(resolve(dirname(page), target)));
  expect(broken).toEqual([]);
});
