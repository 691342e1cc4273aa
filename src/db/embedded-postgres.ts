import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { ConnectionTarget } from './orm-options';
import { processAlive } from '../lib/process-alive';
import { DataDirLockedError } from './data-dir-locked-error';

export interface EmbeddedPostgres {
  target: ConnectionTarget;
  close(): Promise<void>;
}


// Locks this process holds. A lock file naming our own pid is only ours if it is in here:
// after a crash and restart in a container the new process often gets the same pid.
const locksHeldHere = new Set<string>();

/** PGlite has no lock of its own; two processes on one data directory would corrupt it. */
function takeLock(dataDir: string): () => void {
  const lockPath = join(dataDir, 'gateway.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      locksHeldHere.add(lockPath);
      return () => {
        locksHeldHere.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      const heldByLiveProcess = holder === process.pid ? locksHeldHere.has(lockPath) : holder > 0 && processAlive(holder);
      if (Number.isInteger(holder) && heldByLiveProcess) {
        throw new DataDirLockedError(dataDir, holder);
      }
      rmSync(lockPath, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`could not take the lock on ${dataDir}`);
}

/**
 * Starts PGlite on `dataDir/pglite` and serves it on a unix socket so the ordinary
 * PostgreSQL driver connects unchanged. It is one PostgreSQL session underneath:
 * nothing may query on another connection while a transaction is open (stack notes §6).
 */
export async function startEmbeddedPostgres(dataDir: string, poolMax: number): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeLock(dataDir);
  try {
    const socketPath = join(dataDir, '.s.PGSQL.5432');
    if (existsSync(socketPath)) rmSync(socketPath);
    const db = await PGlite.create(join(dataDir, 'pglite'));
    // The ORM's pool and the data plane's raw SQL pool (poolMax each), plus room for tools.
    const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 * poolMax + 8 });
    await server.start();
    return {
      // pg's SCRAM handshake insists on a password string even though PGlite ignores it.
      target: { host: dataDir, port: 5432, user: 'postgres', password: 'postgres', dbName: 'postgres', poolMax },
      async close() {
        await server.stop();
        await db.close();
        rmSync(socketPath, { force: true });
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}
