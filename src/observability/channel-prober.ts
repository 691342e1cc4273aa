import type { MikroORM } from '@mikro-orm/postgresql';
import type { CatalogueSnapshot } from '../domain/catalogue/catalogue.types';
import type { ChannelProbe } from '../domain/channels/channel-probe.types';
import { channelsWithAutoDisabledParts, probeForRecovery } from '../domain/channels/channel-recovery';
import { KeyProbeBackoff } from '../domain/channels/key-probe-backoff';
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
 * Every `intervalMs`, sends the admin "test" request for what the gateway took out by itself:
 * channels DISABLED_AUTO, channels whose breaker is open in this process, and every key the
 * upstream refused (DISABLED_AUTO), each tried with that key, also on channels other keys kept
 * ENABLED. What answers is put back: each answering key -> ENABLED, the channel DISABLED_AUTO ->
 * ENABLED when any key answered, an open breaker closed. Keys and channels an admin disabled are
 * never touched. Several instances may probe the same channel; every put-back is one conditional
 * UPDATE per row, so that is harmless (see channel-recovery). A key the vendor keeps refusing
 * is tried less and less often, down to about once an hour (key-probe-backoff).
 */
export class ChannelProber {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  readonly keyBackoff = new KeyProbeBackoff();

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
    this.keyBackoff.beginRound();
    const disabled = await channelsWithAutoDisabledParts(this.deps.orm.em.fork());
    const tripped = new Set([...this.deps.breakers.states()].filter(([, state]) => state !== 'CLOSED').map(([id]) => id));
    for (const id of new Set([...disabled, ...tripped])) {
      try {
        await this.probeOne(id, tripped.has(id));
      } catch (err) {
        this.deps.logger.warn('channel health probe failed to run', { channelId: id, error: err as Error });
      }
    }
  }

  private async probeOne(channelId: number, tripped: boolean): Promise<void> {
    const { orm, changeBus, secretBox, catalogue, probe, logger } = this.deps;
    const recovery = await probeForRecovery({ em: orm.em.fork(), secretBox, catalogue, probe, backoff: this.keyBackoff }, channelId, tripped);
    if (!recovery) return;
    if (tripped && recovery.answered) this.deps.breakers.onSuccess(channelId);
    for (const keyId of recovery.keysReenabled) {
      logger.warn('channel key re-enabled: it answered the health probe again', { channelId, keyId, latencyMs: recovery.latencyMs });
    }
    if (recovery.channelReenabled) {
      logger.warn('channel re-enabled: it answered the health probe again', { channelId, latencyMs: recovery.latencyMs });
    }
    // One reload of this channel everywhere, and only when something changed (the last test included).
    if (recovery.channelTested || recovery.keysReenabled.length > 0 || recovery.channelReenabled) {
      await changeBus.publish({ topic: 'channel', id: String(channelId) });
    }
  }
}
