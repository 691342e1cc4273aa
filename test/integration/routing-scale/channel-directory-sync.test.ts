import { MikroORM } from '@mikro-orm/postgresql';
import { Channel } from '../../../src/db/entities';
import { ormOptions } from '../../../src/db/orm-options';
import { seed } from '../../../src/domain/seed/seed';
import { createChannel, setChannelEnabled, updateChannel, type ChannelDeps } from '../../../src/domain/channels/channel-admin.service';
import { ChannelDirectory } from '../../../src/domain/routing/channel-directory';
import type { ChannelSnapshot } from '../../../src/domain/routing/channel.types';
import { PostgresChangeBus } from '../../../src/lib/change-bus';
import { createLogger } from '../../../src/lib/logger';
import { SecretBox } from '../../../src/lib/secret-box';
import { eventually } from '../../support/data-plane-fixtures';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// Two gateway instances share one database: a change to one channel made through instance A
// reaches instance B's routing over the change bus, and B re-reads only that channel (the other
// channels keep their objects, with their round-robin state); a change naming no channel reloads all.

const logger = createLogger('silent');
const secretBox = new SecretBox('test-secret-key-0123456789abcdef0123456789');
let database: TestDatabase;
let orm: MikroORM;
let busA: PostgresChangeBus;
let busB: PostgresChangeBus;
let directoryB: ChannelDirectory;
let deps: ChannelDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await MikroORM.init(ormOptions({ clientUrl: database.url, poolMax: 4 }));
  await seed(orm.em.fork(), { adminEmail: 'admin@sync.test', adminPassword: 'a-long-admin-password', signupGrant: 0n });
  busA = await PostgresChangeBus.connect({ connectionString: database.url }, logger);
  busB = await PostgresChangeBus.connect({ connectionString: database.url }, logger);
  directoryB = new ChannelDirectory(orm, busB, secretBox, logger);
  deps = { em: orm.em.fork(), changeBus: busA, secretBox, allowPrivateUpstreams: true };
});
afterAll(async () => {
  await busA.close();
  await busB.close();
  await orm.close(true);
  await database.drop();
});

async function channel(name: string, models: string[], keys: string[]): Promise<number> {
  const created = await createChannel({ ...deps, em: orm.em.fork() }, { name, protocol: 'OPENAI', baseUrl: 'http://127.0.0.1:9/v1', models, keys });
  if (!created.ok) throw new Error(JSON.stringify(created));
  return created.value.id;
}

const routed = (snapshot: ChannelSnapshot, model: string) => (snapshot.byModelGroup.get(model)?.get('default') ?? []).map((c) => c.name);

describe('channel changes across instances', () => {
  it('applies a change to one channel on another instance by re-reading only that channel', async () => {
    const a = await channel('sync-a', ['gpt-4o-mini', 'gpt-4o'], ['sk-a1', 'sk-a2']);
    const b = await channel('sync-b', ['gpt-4o-mini'], ['sk-b1']);
    await eventually(async () => routed(await directoryB.get(), 'gpt-4o-mini').length === 2, 5_000);
    const before = await directoryB.get();
    const untouched = before.byId.get(b)!;

    expect((await updateChannel({ ...deps, em: orm.em.fork() }, a, { priority: 50, models: ['gpt-4o-mini', 'o3-mini'] })).ok).toBe(true);
    await eventually(async () => (await directoryB.get()).byId.get(a)?.priority === 50, 5_000);
    const after = await directoryB.get();
    expect(routed(after, 'gpt-4o-mini')).toEqual(['sync-a', 'sync-b']);
    expect(routed(after, 'o3-mini')).toEqual(['sync-a']);
    expect(after.byModelGroup.has('gpt-4o')).toBe(false); // a no longer serves it, and nobody else does
    expect(after.byId.get(a)!.keys.map((k) => k.apiKey)).toEqual(['sk-a1', 'sk-a2']);
    expect(after.byId.get(b)).toBe(untouched); // not re-read

    expect((await setChannelEnabled({ ...deps, em: orm.em.fork() }, a, false)).ok).toBe(true);
    await eventually(async () => !(await directoryB.get()).byId.has(a), 5_000);
    expect(routed(await directoryB.get(), 'gpt-4o-mini')).toEqual(['sync-b']);
    expect(routed(await directoryB.get(), 'o3-mini')).toEqual([]);
    expect((await setChannelEnabled({ ...deps, em: orm.em.fork() }, a, true)).ok).toBe(true);
    await eventually(async () => routed(await directoryB.get(), 'o3-mini').length === 1, 5_000);
  });

  it('reloads everything on a change that names no channel (bulk edits, imports)', async () => {
    const before = await directoryB.get();
    const [first] = [...before.byId.values()];
    await orm.em.fork().nativeUpdate(Channel, {}, { weight: 7 });
    await busA.publish({ topic: 'channel' });
    await eventually(async () => [...(await directoryB.get()).byId.values()].every((c) => c.weight === 7), 5_000);
    expect((await directoryB.get()).byId.get(first!.id)).not.toBe(first);
  });
});

describe('creating a channel with keys', () => {
  it('writes the channel and its keys in one transaction: a failing key write leaves no channel', async () => {
    // A key row the database refuses, after the channel row was written in the same call.
    await orm.em.getConnection().execute(`
      create function refuse_key() returns trigger language plpgsql as $$
      begin if new.last4 = 'FAIL' then raise exception 'refused key'; end if; return new; end $$;
      create trigger refuse_key before insert on channel_keys for each row execute function refuse_key();`);
    await expect(channel('half-written', ['gpt-4o-mini'], ['sk-good', 'sk-FAIL'])).rejects.toThrow(/refused key/);
    expect(await orm.em.fork().count(Channel, { name: 'half-written' })).toBe(0);
  });
});
