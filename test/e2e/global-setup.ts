import { execFileSync } from 'node:child_process';
import databaseSetup from '../support/global-setup';

/** The console must be built (once; skipped when current), then the usual template database. */
export default async function globalSetup(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build-console.mjs', '--if-stale'], { stdio: 'inherit' });
  await databaseSetup();
}
