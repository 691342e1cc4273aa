import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomToken } from './key-material';

/** Without SECRET_KEY, a key is generated once and kept beside the data so restarts can still decrypt. */
export function loadOrCreateSecretKey(dataDir: string): { key: string; created: boolean } {
  const path = join(dataDir, 'secret.key');
  if (existsSync(path)) return { key: readFileSync(path, 'utf8').trim(), created: false };
  mkdirSync(dataDir, { recursive: true });
  const key = randomToken(48);
  writeFileSync(path, key + '\n', { mode: 0o600 });
  return { key, created: true };
}
