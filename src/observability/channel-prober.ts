import type { MikroORM } from '@mikro-orm/postgresql';
import type { CatalogueSnapshot } from '../domain/catalogue/catalogue.types';
import type { ChannelProbe } from '../domain/channels/channel-probe.types';
import type { ClusterJob, ClusterJobs } from '../domain/cluster/cluster-jobs';
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
  /** Runs the rounds on one instance at a time, once per interval across the cluster. */
  jobs: ClusterJobs;
}

const JOB_NAME = 'channel-probe';

/**
 * Every `intervalMs`, sends the admin "test" request for what the gateway took out by itself:
 * channels DISABLED_AUTO, channels whose breaker is open in this process, and every key the
 * upstream refused (DISABLED_AUTO), each tried with that key, also on channels other keys kept
 * ENABLED. What answers is put back: each answering key -> ENABLED, the channel DISABLED_AUTO ->
 * ENABLED when any key answered, an open breaker closed. Keys and channels an admin disabled are
 * never touched. A cluster job: one instance runs each round, so N instances do not send the
 * vendors N probes (a put-back is one conditional UPDATE per row all the same, see
 * channel-recovery, so an admin's test at the same moment is harmless). A key the vendor keeps
 * refusing is tried less and less often, down to about once an hour (key-probe-backoff), counted
 * in the cluster's rounds. Channels whose breaker is open are those this instance sees open: with
 * REDIS_URL every instance's (breakers are shared); without it, this instance's, and a breaker
 * open elsewhere half-opens on its own cooldown.
 */
export class ChannelProber {
  private readonly keyBackoff = new KeyProbeBackoff();
  private readonly job: ClusterJob;

  constructor(private readonly deps: ChannelProberDeps, intervalMs: number) {
    this.job = { name: JOB_NAME, intervalMs, run: () => this.round() };
  }

  start(): void {
    this.deps.jobs.schedule(this.job);
  }

  /** One round now, unless another instance is running one (tests and an operator's "probe now"). */
  async probeAll(): Promise<void> {
    await this.deps.jobs.runIfDue(this.job, { ignoreInterval: true });
  }

  private async round(): Promise<void> {
    const round = await this.deps.jobs.nextRun(JOB_NAME);
    const disabled = await channelsWithAutoDisabledParts(this.deps.orm.em.fork());
    const tripped = new Set([...this.deps.breakers.states()].filter(([, state]) => state !== 'CLOSED').map(([id]) => id));
    for (const id of new Set([...disabled, ...tripped])) {
      try {
        await this.probeOne(id, tripped.has(id), round);
      } catch (err) {
        this.deps.logger.warn('channel health probe failed to run', { channelId: id, error: err as Error });
      }
    }
  }

  private async probeOne(channelId: number, tripped: boolean, round: number): Promise<void> {
    const { orm, changeBus, secretBox, catalogue, probe, logger } = this.deps;
    const recovery = await probeForRecovery({ em: orm.em.fork(), secretBox, catalogue, probe, backoff: { policy: this.keyBackoff, round } }, channelId, tripped);
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
