import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/database';
import { seedAdmin } from '../domain/seed/seed';
import { unlockAccount } from '../domain/accounts/abuse-throttle';
import { resetPassword } from '../domain/accounts/admin-recovery';
import { normaliseEmail } from '../domain/accounts/credentials-policy';
import { openSharedRateLimiter } from '../domain/rate-limit/create-rate-limiter';
import { readRuntimeSettings } from '../domain/settings/runtime-settings.service';
import { createLogger } from '../lib/logger';

const USAGE = `usage: npm run admin -- <command> <email>
  reset-password <email>   print a new password for the account, sign out its sessions and lift its sign-in throttle
  create-admin <email>     create an admin account with a generated password (or make an existing user an admin)
(compiled: node dist/src/cli/admin.js <command> <email>; embedded mode: stop the gateway first)`;

/** Runs one admin command against the configured database; returns the exit code. */
export async function runAdminCommand(args: string[], config: Config, out: (line: string) => void): Promise<number> {
  const [command, email] = args;
  if ((command !== 'reset-password' && command !== 'create-admin') || !email || args.length !== 2) {
    out(USAGE);
    return 2;
  }
  const db = await openDatabase(config, createLogger('error'));
  try {
    const em = db.orm.em.fork();
    if (command === 'reset-password') {
      const reset = await resetPassword(em, email, { by: 'COMMAND_LINE' });
      if (!reset.ok) {
        out(`no account with the email ${email}`);
        return 1;
      }
      out(`new password for ${email.toLowerCase()}: ${reset.password}`);
      out(`(${reset.sessionsRevoked} session(s) signed out)`);
      out(await liftSignInThrottle(config, email));
      return 0;
    }
    const { signupGrant } = (await readRuntimeSettings(em, config.settingsSeed)).values;
    const created = await seedAdmin(em, { adminEmail: email, adminPassword: undefined, signupGrant });
    if (created.generatedAdminPassword) out(`admin ${email.toLowerCase()} created; password (shown once): ${created.generatedAdminPassword}`);
    else out(`${email.toLowerCase()} already exists and is an admin now; password unchanged (use reset-password for a new one)`);
    return 0;
  } finally {
    await db.close();
  }
}

/**
 * With REDIS_URL the sign-in throttle lives in Redis, which this command reaches like any
 * instance. Without it the counters live in the running gateway's memory, out of reach here (and
 * gone when it restarts); an admin lifts them there with the unlockUser mutation.
 */
async function liftSignInThrottle(config: Config, email: string): Promise<string> {
  const limiter = openSharedRateLimiter(config, createLogger('error'));
  if (!limiter) return 'sign-in throttle: kept in the running gateway (no REDIS_URL); lift it with unlockUser in the console if needed';
  try {
    return `sign-in throttle lifted (${await unlockAccount(limiter, normaliseEmail(email))} counter(s))`;
  } catch (err) {
    return `sign-in throttle NOT lifted: Redis unreachable (${(err as Error).message})`;
  } finally {
    await limiter.close();
  }
}

if (require.main === module) {
  runAdminCommand(process.argv.slice(2), loadConfig(), (line) => process.stdout.write(`${line}\n`)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${(err as Error).message}\n`);
      process.exit(1);
    },
  );
}
