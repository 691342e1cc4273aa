/**
 * Another process holds the embedded database's data directory. Its own file, so the start-up
 * can recognise it without loading the embedded PostgreSQL (PGlite), which a process on a real
 * PostgreSQL never needs in memory.
 */
export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`data directory ${dataDir} is in use by process ${pid}; stop it first or set DATA_DIR`);
    this.name = 'DataDirLockedError';
  }
}
