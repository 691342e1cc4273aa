import type { MikroORM } from '@mikro-orm/postgresql';
import type { CatalogueSnapshot } from '../domain/catalogue/catalogue.types';
import type { ChannelProbe } from '../domain/channels/channel-probe.types';
import { testChannel } from '../domain/channels/channel-tester';
import type { BreakerRegistry } from '../domain/routing/circuit-breaker';
import type { ChangeBus } from '../lib/change-bus';
import type { Logger } from '../lib/logger';
import type { SecretBox } from '../lib/secret-box';

export interface ChannelProberDeps {
  orm: MikroORM;
  changeBus: ChangeBus;
  secretBox: SecretBox;
  catalogue: { get(): Promise<CatalogueSnapshot> | CatalogueSnapshot };
  breakers: BreakerRegistry;
  probe: ChannelProbe;
  logger: Logger;
}

/**
 * Every `intervalMs`, sends the admin "test" request to each channel the gateway took out by
 * itself: channels DISABLED_AUTO (the upstream refused the key) and channels whose breaker is
 * open in this process. One that answers is put back: DISABLED_AUTO -> ENABLED (with its first
 * key, when the refusal had disabled every key), an open breaker closed. A channel an admin
 * disabled is never touched. Several instances may probe the same channel; putting it back is
 * one conditional UPDATE, so that is harmless.
 */
export class ChannelProber {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly deps: ChannelProberDeps, private readonly intervalMs: number) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.probeAll().finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round (the timer's work; tests call it directly). */
  async probeAll(): Promise<void> {
    const em = this.deps.orm.em.fork();
    const disabled = await em.getConnection().execute<{ id: number }[]>(
      `select id from channels where status = 'DISABLED_AUTO' and deleted_at is null order by id`,
    );
    const tripped = [...this.deps.breakers.states()].filter(([, state]) => state !== 'CLOSED').map(([id]) => id);
    const ids = new Set([...disabled.map((r) => Number(r.id)), ...tripped]);
    for (const id of ids) {
      try {
        await this.probeOne(id, tripped.includes(id));
      } catch (err) {
        this.deps.logger.warn('channel health probe failed to run', { channelId: id, error: err as Error });
      }
    }
  }

  private async probeOne(channelId: number, tripped: boolean): Promise<void> {
    const { orm, changeBus, secretBox, catalogue, probe, logger } = this.deps;
    const em = orm.em.fork();
    const report = await testChannel({ em, changeBus, secretBox, catalogue, probe }, channelId);
    if (!report.ok || !report.value.ok) return;
    if (tripped) this.deps.breakers.onSuccess(channelId);
    const reenabled = await em.getConnection().execute(
      `update channels set status = 'ENABLED', status_reason = null, updated_at = now() where id = ? and status = 'DISABLED_AUTO'`,
      [channelId],
      'run',
    );
    if (Number((reenabled as { affectedRows?: number }).affectedRows ?? 0) === 0) return;
    // The refusal may have disabled every key; the probe used the first, so that one is proven.
    await em.getConnection().execute(
      `update channel_keys set status = 'ENABLED', disabled_reason = null, disabled_at = null
        where id = (select min(id) from channel_keys where channel_id = ?) and status = 'DISABLED_AUTO'
          and not exists (select 1 from channel_keys where channel_id = ? and status = 'ENABLED')`,
      [channelId, channelId],
      'run',
    );
    logger.warn('channel re-enabled: it answered the health probe again', { channelId, latencyMs: report.value.latencyMs });
    await changeBus.publish({ topic: 'channel', id: String(channelId) });
  }
}
