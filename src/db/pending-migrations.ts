import type { MikroORM } from '@mikro-orm/postgresql';
import { readdirSync } from 'node:fs';

/**
 * Whether every migration shipped with this build is recorded as applied, answered from the
 * migrations folder and MikroORM's own migrations table, without loading the migrator.
 *
 * The migrator (umzug and the command-line libraries it pulls in) is about a megabyte of
 * JavaScript a process otherwise loads at every start only to find nothing to do, which is the
 * common case for every start but the first after an upgrade. When anything is pending, or the
 * table is not there yet, or the answer is in doubt, the caller runs the real migrator, which
 * decides; this check can only send it there, never skip a migration.
 */
export async function allMigrationsApplied(orm: MikroORM): Promise<boolean> {
  const options = orm.config.get('migrations');
  const folder = (orm.config.get('preferTs') ? options.pathTs : options.path) ?? options.path;
  if (!folder) return false;
  const shipped = readdirSync(folder)
    // Word characters up to the one dot: declaration files (`.d.ts`) and source maps do not match.
    .filter((file) => /^Migration\w+\.(?:js|ts)$/.test(file))
    .map((file) => file.replace(/\.(?:js|ts)$/, ''));
  const table = options.tableName ?? 'mikro_orm_migrations';
  try {
    const rows = await orm.em.getConnection().execute<Array<{ name: string }>>(`select name from "${table}"`);
    const applied = new Set(rows.map((row) => row.name.replace(/\.(?:js|ts)$/, '')));
    return shipped.every((name) => applied.has(name));
  } catch {
    return false; // no migrations table yet: a new database
  }
}
