// `npx tsx bench/routing-scale.ts`: the channel directory and channel picking at 10 channels and at
// 2,000 channels x 10 keys over 200 models (each channel serving 10 models), against a real
// PostgreSQL: load and reload time of the directory, CPU per routing decision (pick a channel and
// its key), and the time for one channel change to reach a second directory listening through
// its own change-bus connection (another instance). `npm run bench` reports the same at both sizes
// through the real gateway; this script isolates the directory and the picker.
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../src/db/orm-options';
import { pickChannel } from '../src/domain/routing/channel-picker';
import { ChannelDirectory } from '../src/domain/routing/channel-directory';
import { BreakerRegistry } from '../src/domain/routing/circuit-breaker';
import { PostgresChangeBus } from '../src/lib/change-bus';
import { createLogger } from '../src/lib/logger';
import { SecretBox } from '../src/lib/secret-box';
import { measureChannelChange, replaceFillerChannels } from './channel-scale';
import { BENCH_SECRET_KEY, prepareBenchDatabase } from './bench-database';

const DATABASE_URL = process.env.ROUTING_BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/gateway_routing_bench';
const PICKS = 200_000;
const logger = createLogger('warn');
const box = new SecretBox(BENCH_SECRET_KEY);

async function measure(channels: number, keysPerChannel: number): Promise<void> {
  const orm = await MikroORM.init(ormOptions({ clientUrl: DATABASE_URL, poolMax: 4 }));
  const busA = await PostgresChangeBus.connect({ connectionString: DATABASE_URL }, logger);
  try {
    await orm.em.getConnection().execute('delete from channel_keys; delete from channels');
    await replaceFillerChannels(orm, box, channels, keysPerChannel);
    const a = new ChannelDirectory(orm, busA, box, logger);
    let t = performance.now();
    await a.get();
    const coldMs = performance.now() - t;
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

    const change = await measureChannelChange(orm, DATABASE_URL, box, logger);
    console.log(
      `${channels} channels x ${keysPerChannel} keys (${models.length} models): directory first load ${coldMs.toFixed(0)} ms, reload ${reloadMs.toFixed(0)} ms; ` +
        `routing decision ${pickUs.toFixed(2)} µs CPU; one channel's change reaches another instance in ${change.oneChannelMs.toFixed(1)} ms (applied there in ${change.oneChannelApplyMs.toFixed(1)} ms; a bulk change's full reload ${change.fullReloadApplyMs.toFixed(0)} ms)`,
    );
  } finally {
    await busA.close();
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
