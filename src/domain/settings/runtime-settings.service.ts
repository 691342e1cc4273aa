import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Setting } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { ReloadableSnapshot } from '../../lib/reloadable-snapshot';
import {
  formatSetting, parseSetting, SETTING_KEYS, type RuntimeSettingsValues, type SettingKey, type SettingsPatch,
} from './settings-definitions';

export interface SettingsSnapshot {
  values: RuntimeSettingsValues;
  /** When any setting last changed (the newest row); for admins. */
  updatedAt: Date;
}

export interface RuntimeSettingsDeps {
  orm: MikroORM;
  changeBus: ChangeBus;
  logger: Logger;
}

/** A full age-out is only a safety net: every change is announced on the change bus. */
const MAX_AGE_MS = 60_000;

/**
 * The runtime settings, held in memory and read synchronously on every request that needs one.
 * The database is the source of truth: at start-up each missing row is seeded from the
 * environment (so an env var only ever sets the FIRST value), then the rows are loaded. A change
 * made here is applied to this process at once and announced on the change bus (topic
 * `settings`), on which every other process reloads, well within a second.
 */
export class RuntimeSettings {
  private readonly snapshot: ReloadableSnapshot<SettingsSnapshot>;
  private last: SettingsSnapshot;

  private constructor(private readonly deps: RuntimeSettingsDeps, initial: SettingsSnapshot) {
    this.last = initial;
    this.snapshot = new ReloadableSnapshot(() => this.load(), {
      maxAgeMs: MAX_AGE_MS,
      onBackgroundError: (err) => deps.logger.warn('could not reload runtime settings; keeping the last ones', { error: err as Error }),
    });
    deps.changeBus.subscribe(({ topic }) => {
      if (topic !== 'settings' && topic !== 'all') return;
      this.snapshot.invalidate();
      this.refresh();
    });
  }

  static async start(deps: RuntimeSettingsDeps, seed: RuntimeSettingsValues): Promise<RuntimeSettings> {
    await seedMissing(deps.orm.em.fork(), seed);
    const initial = await readRuntimeSettings(deps.orm.em.fork(), seed);
    const settings = new RuntimeSettings(deps, initial);
    settings.snapshot.invalidate();
    settings.refresh();
    return settings;
  }

  /** The values in force; never waits (a reload in progress keeps serving the previous ones). */
  current(): RuntimeSettingsValues {
    return this.snapshotNow().values;
  }

  snapshotNow(): SettingsSnapshot {
    const got = this.snapshot.get();
    if (got instanceof Promise) {
      got.catch(() => undefined);
      return this.snapshot.peek() ?? this.last;
    }
    return got;
  }

  /** Writes the given settings in one transaction, applies them here and tells every other process. */
  async update(em: EntityManager, patch: SettingsPatch, actorId: number): Promise<SettingsSnapshot> {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as Array<[SettingKey, RuntimeSettingsValues[SettingKey]]>;
    if (entries.length > 0) {
      await em.transactional(async (tx) => {
        for (const [key, value] of entries) {
          await tx.getConnection().execute(
            `insert into settings (key, value, updated_by, updated_at) values (?, ?, ?, now())
             on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
            [key, formatSetting(value), actorId], 'run', tx.getTransactionContext(),
          );
        }
      });
      this.snapshot.invalidate();
      await this.deps.changeBus.publish({ topic: 'settings' });
    }
    return this.snapshot.get();
  }

  private refresh(): void {
    const got = this.snapshot.get();
    if (got instanceof Promise) got.catch((err) => this.deps.logger.warn('could not reload runtime settings; keeping the last ones', { error: err as Error }));
  }

  private async load(): Promise<SettingsSnapshot> {
    this.last = await readRuntimeSettings(this.deps.orm.em.fork(), this.last.values);
    return this.last;
  }
}

/** `on conflict do nothing`: instances starting together, and later starts, never overwrite a row. */
async function seedMissing(em: EntityManager, seed: RuntimeSettingsValues): Promise<void> {
  for (const key of SETTING_KEYS) {
    await em.getConnection().execute(
      `insert into settings (key, value, updated_by, updated_at) values (?, ?, null, now()) on conflict (key) do nothing`,
      [key, formatSetting(seed[key])],
    );
  }
}

/** Every row over `fallback`: a row this release cannot read (a newer release's, or edited by hand) keeps the fallback. */
export async function readRuntimeSettings(em: EntityManager, fallback: RuntimeSettingsValues): Promise<SettingsSnapshot> {
  const rows = await em.find(Setting, {}, { disableIdentityMap: true });
  const values = { ...fallback };
  let updatedAt = new Date(0);
  for (const row of rows) {
    if (!(SETTING_KEYS as string[]).includes(row.key)) continue;
    const key = row.key as SettingKey;
    const value = parseSetting(key, row.value);
    if (value !== undefined) (values as Record<SettingKey, unknown>)[key] = value;
    if (row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { values, updatedAt };
}
