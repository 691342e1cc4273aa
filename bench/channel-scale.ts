// Channels at the seed's scale for the benches: filler channels with sealed keys over 200 models,
// and the time for a change to one channel to reach another instance's channel directory.
import type { MikroORM } from '@mikro-orm/postgresql';
import { ChannelDirectory } from '../src/domain/routing/channel-directory';
import { PostgresChangeBus } from '../src/lib/change-bus';
import type { Logger } from '../src/lib/logger';
import { channelSecretContext, type SecretBox } from '../src/lib/secret-box';

export const FILLER_PREFIX = 'bench-filler-';

/**
 * Replaces the filler channels with `count` new ones of `keysPerChannel` keys, each serving 10 of
 * 200 `bench-model-N` models plus `alsoServe` (at priority 0, so a channel with a higher priority
 * for that model keeps taking its traffic while routing still sees every filler).
 */
export async function replaceFillerChannels(orm: MikroORM, box: SecretBox, count: number, keysPerChannel: number, alsoServe: string[] = []): Promise<void> {
  const db = orm.em.getConnection();
  await db.execute(`delete from channel_keys where channel_id in (select id from channels where name like '${FILLER_PREFIX}%')`);
  await db.execute(`delete from channels where name like '${FILLER_PREFIX}%'`);
  if (count === 0) return;
  const rows: string[] = [];
  for (let c = 0; c < count; c++) {
    const models = [...Array.from({ length: 10 }, (_, m) => `bench-model-${(c * 7 + m) % 200}`), ...alsoServe];
    rows.push(`('${FILLER_PREFIX}${c}', 'OPENAI', 'http://127.0.0.1:9/v1', '{${models.join(',')}}', '{default}', 0, ${1 + (c % 5)}, now(), now())`);
  }
  for (let start = 0; start < rows.length; start += 500) {
    await db.execute(`insert into channels (name, protocol, base_url, models, groups, priority, weight, created_at, updated_at) values ${rows.slice(start, start + 500).join(',')}`);
  }
  const ids = (await db.execute<{ id: number }[]>(`select id from channels where name like '${FILLER_PREFIX}%' order by id`)).map((r) => Number(r.id));
  for (let start = 0; start < ids.length; start += 200) {
    const keys: string[] = [];
    for (const id of ids.slice(start, start + 200)) {
      for (let k = 0; k < keysPerChannel; k++) keys.push(`(${id}, '${box.seal(`sk-bench-${id}-${k}`, channelSecretContext(id))}', '${String(k).padStart(4, '0')}', now())`);
    }
    await db.execute(`insert into channel_keys (channel_id, secret_ciphertext, last4, created_at) values ${keys.join(',')}`);
  }
}

export interface ChangeTimings {
  /** One channel's weight changed on instance A until instance B's directory routes with it. */
  oneChannelMs: number;
  /** Of that, from B hearing the change to B routing with it (the directory's own work). */
  oneChannelApplyMs: number;
  /** A change naming no channel (bulk edit): from B hearing it to B routing with every channel re-read. */
  fullReloadApplyMs: number;
}

/** Resolves with the time B's bus delivers the next change notification. */
function nextArrival(bus: PostgresChangeBus): Promise<number> {
  return new Promise((resolve) => {
    const off = bus.subscribe(() => {
      off();
      resolve(performance.now());
    });
  });
}

/** Instance A changes a filler channel and announces it; instance B is a ChannelDirectory on its own bus connection. */
export async function measureChannelChange(orm: MikroORM, databaseUrl: string, box: SecretBox, logger: Logger): Promise<ChangeTimings> {
  const busA = await PostgresChangeBus.connect({ connectionString: databaseUrl }, logger);
  const busB = await PostgresChangeBus.connect({ connectionString: databaseUrl }, logger);
  try {
    const b = new ChannelDirectory(orm, busB, box, logger);
    await b.get();
    const db = orm.em.getConnection();
    const [target] = await db.execute<{ id: number; weight: number }[]>(`select id, weight from channels where name like '${FILLER_PREFIX}%' order by id limit 1`);
    if (!target) throw new Error('no filler channel to change');
    const id = Number(target.id);
    const weight = Number(target.weight) + 1;
    const started = performance.now();
    let arrived = nextArrival(busB);
    await db.execute('update channels set weight = ? where id = ?', [weight, id]);
    await busA.publish({ topic: 'channel', id: String(id) });
    const heardAt = await arrived;
    while ((await b.get()).byId.get(id)?.weight !== weight) await new Promise((r) => setTimeout(r, 1));
    const seenAt = performance.now();

    const before = await b.get();
    arrived = nextArrival(busB);
    await busA.publish({ topic: 'channel' });
    const fullHeardAt = await arrived;
    await b.get();
    if ((await b.get()) === before) throw new Error('the bulk change did not reload the directory');
    return { oneChannelMs: seenAt - started, oneChannelApplyMs: seenAt - heardAt, fullReloadApplyMs: performance.now() - fullHeardAt };
  } finally {
    await busA.close();
    await busB.close();
  }
}
