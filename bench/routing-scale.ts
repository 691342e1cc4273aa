// `npx tsx bench/routing-scale.ts`: the channel directory and channel picking at 10 channels and at
// 2,000 channels x 10 keys over 200 models (each channel serving 10 models), against a real
// PostgreSQL: load and reload time of the directory, CPU per routing decision (pick a channel and
// its key), and the time for one channel change to reach a second directory listening through
// its own change-bus connection (another instance). Not part of `npm run bench` (yet).
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../src/db/orm-options';
import { pickChannel } from '../src/domain/routing/channel-picker';
import { ChannelDirectory } from '../src/domain/routing/channel-directory';
import { BreakerRegistry } from '../src/domain/routing/circuit-breaker';
import { PostgresChangeBus } from '../src/lib/change-bus';
import { createLogger } from '../src/lib/logger';
import { SecretBox, channelSecretContext } from '../src/lib/secret-box';
import { BENCH_SECRET_KEY, prepareBenchDatabase } from './bench-database';

const DATABASE_URL = process.env.ROUTING_BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/gateway_routing_bench';
const PICKS = 200_000;
const logger = createLogger('warn');
const box = new SecretBox(BENCH_SECRET_KEY);

async function fill(orm: MikroORM, channels: number, keysPerChannel: number): Promise<void> {
  const db = orm.em.getConnection();
  await db.execute('delete from channel_keys');
  await db.execute('delete from channels');
  const rows: string[] = [];
  for (let c = 0; c < channels; c++) {
    const models = Array.from({ length: 10 }, (_, m) => `bench-model-${(c * 7 + m) % 200}`);
    rows.push(`('bench-${c}', 'OPENAI', 'http://127.0.0.1:9/v1', '{${models.join(',')}}', '{default}', ${c % 3}, ${1 + (c % 5)}, now(), now())`);
  }
  await db.execute(`insert into channels (name, protocol, base_url, models, groups, priority, weight, created_at, updated_at) values ${rows.join(',')}`);
  const ids = (await db.execute<{ id: number }[]>('select id from channels order by id')).map((r) => r.id);
  for (let start = 0; start < ids.length; start += 200) {
    const keys: string[] = [];
    for (const id of ids.slice(start, start + 200)) {
      for (let k = 0; k < keysPerChannel; k++) keys.push(`(${id}, '${box.seal(`sk-bench-${id}-${k}`, channelSecretContext(id))}', '${String(k).padStart(4, '0')}', now())`);
    }
    await db.execute(`insert into channel_keys (channel_id, secret_ciphertext, last4, created_at) values ${keys.join(',')}`);
  }
}

async function measure(channels: number, keysPerChannel: number): Promise<void> {
  const orm = await MikroORM.init(ormOptions({ clientUrl: DATABASE_URL, poolMax: 4 }));
  const busA = await PostgresChangeBus.connect({ connectionString: DATABASE_URL }, logger);
  const busB = await PostgresChangeBus.connect({ connectionString: DATABASE_URL }, logger);
  try {
    await fill(orm, channels, keysPerChannel);
    const a = new ChannelDirectory(orm, busA, box, logger);
    const b = new ChannelDirectory(orm, busB, box, logger);
    let t = performance.now();
    await a.get();
    const coldMs = performance.now() - t;
    await b.get();
    await busA.publish({ topic: 'channel' });
    await new Promise((r) => setTimeout(r, 200));
    t = performance.now();
    const snapshot = await a.get();
    const reloadMs = performance.now() - t;

    const breakers = new BreakerRegistry({ failures: 5, cooldownMs: 30_000 });
    const route = [{ name: 'default', multiplier: { num: 1n, den: 1n } }];
    const models = [...snapshot.byModelGroup.keys()];
    const tried = new Set<number>();
    for (let i = 0; i < 20_000; i++) pickChannel(snapshot, models[i % models.length]!, route, tried, breakers); // warm-up
    const cpu = process.cpuUsage();
    for (let i = 0; i < PICKS; i++) {
      const picked = pickChannel(snapshot, models[i % models.length]!, route, tried, breakers);
      if (!picked?.key) throw new Error('no channel picked');
    }
    const used = process.cpuUsage(cpu);
    const pickUs = (used.user + used.system) / PICKS;

    // One channel changes on "instance A"; how long until "instance B" routes with the change.
    const target = snapshot.byModelGroup.get(models[0]!)!.get('default')![0]!;
    const db = orm.em.getConnection();
    const started = performance.now();
    await db.execute('update channels set weight = weight + 1 where id = ?', [target.id]);
    await busA.publish({ topic: 'channel', id: String(target.id) });
    for (;;) {
      const seen = (await b.get()).byId.get(target.id);
      if (seen && seen.weight === target.weight + 1) break;
      await new Promise((r) => setTimeout(r, 1));
    }
    const propagateMs = performance.now() - started;
    console.log(
      `${channels} channels x ${keysPerChannel} keys (${models.length} models): directory first load ${coldMs.toFixed(0)} ms, reload ${reloadMs.toFixed(0)} ms; ` +
        `routing decision ${pickUs.toFixed(2)} µs CPU; a change reaches the other instance in ${propagateMs.toFixed(0)} ms`,
    );
  } finally {
    await busA.close();
    await busB.close();
    await orm.close(true);
  }
}

async function main(): Promise<void> {
  await prepareBenchDatabase(DATABASE_URL, 'http://127.0.0.1:9');
  await measure(10, 10);
  await measure(2_000, 10);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
