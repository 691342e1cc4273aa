import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own (initdb + pg_ctl from the machine's PostgreSQL, on a random
 * loopback port, trust auth), so a fault test can stop and start the database under load without
 * touching the shared server on 5432. PostgreSQL refuses to run as root: as root the commands run
 * as the `postgres` user (runuser), in a temp dir that user owns.
 */
export interface ThrowawayPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `immediate`: the server dies at once and every connection drops, as in a crash. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  /** Stops (immediately) and deletes the cluster. */
  destroy(): Promise<void>;
}

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv) return fromEnv;
  const versions = existsSync(base) ? readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  if (versions.length === 0) throw new Error('no PostgreSQL server binaries found (set PG_BINDIR)');
  return join(base, versions[0]!, 'bin');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function asPostgres(command: string, args: string[]): Promise<unknown> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'gw-pg-'));
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    const { uid, gid } = await run('id', ['-u', 'postgres']).then(async ({ stdout }) => ({
      uid: Number(stdout.trim()),
      gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
    }));
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  // fsync off: nothing here outlives the test, and it keeps the cluster cheap on a shared box.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = (...args: string[]) => asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), ...args]);
  const start = async () => void (await pgCtl('-w', '-o', options, 'start'));
  await start();
  let stopped = false;
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await start();
      stopped = false;
    },
    stop: async (mode = 'immediate') => {
      await pgCtl('-w', '-m', mode, 'stop');
      stopped = true;
    },
    destroy: async () => {
      if (!stopped) await pgCtl('-w', '-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
