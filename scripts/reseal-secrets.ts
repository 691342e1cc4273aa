// `npm run reseal-secrets`: re-seals every channel secret and authenticator-app secret under the current SECRET_KEY (reading
// old ones with SECRET_KEY_PREVIOUS), after which the previous keys can be removed. Same
// environment as `npm start`; with the embedded database, stop the server first (it holds the data directory).
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { resealTotpSecrets } from '../src/domain/accounts/two-factor/reseal-totp-secrets';
import { resealChannelSecrets } from '../src/domain/channels/reseal-secrets';
import { createLogger } from '../src/lib/logger';
import { SecretBox } from '../src/lib/secret-box';
import { loadOrCreateSecretKey } from '../src/lib/secret-key-file';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config, logger);
  try {
    const box = new SecretBox(config.secretKey ?? loadOrCreateSecretKey(config.dataDir).key, config.secretKeyPrevious);
    const report = await resealChannelSecrets(db.orm.em.fork(), box);
    process.stdout.write(`channels with a secret: ${report.checked}, re-sealed: ${report.resealed}, unreadable: ${report.unreadable.length}\n`);
    if (report.unreadable.length) {
      process.stderr.write(`no configured key opens the secrets of channels ${report.unreadable.join(', ')}: add the key they were sealed with to SECRET_KEY_PREVIOUS\n`);
      process.exitCode = 1;
    }
    const totp = await resealTotpSecrets(db.orm.em.fork(), box);
    process.stdout.write(`authenticator-app secrets: ${totp.checked}, re-sealed: ${totp.resealed}, unreadable: ${totp.unreadable.length}\n`);
    if (totp.unreadable.length) {
      process.stderr.write(`no configured key opens the authenticator-app secrets of users ${totp.unreadable.join(', ')}: add the key they were sealed with to SECRET_KEY_PREVIOUS\n`);
      process.exitCode = 1;
    }
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`reseal-secrets failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
