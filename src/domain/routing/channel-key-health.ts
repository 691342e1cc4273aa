import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { redactSecrets } from '../../lib/secret-redaction';
import type { ChannelKeyInfo } from './channel.types';
import { disableChannelAutomatically, type ChannelIncidents } from './channel-status';

/**
 * What the data plane learns about channel keys: which ones an upstream refused (disabled at
 * once in this process, then in the database for every process) and how often each one is used
 * (counted in memory, added with one UPDATE every `intervalMs` and at shutdown, so the hot path
 * never writes per request).
 */
export class ChannelKeyHealth {
  private pendingUses = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly deps: { orm: MikroORM; changeBus: ChangeBus; logger: Logger; incidents?: ChannelIncidents },
    intervalMs = 5_000,
  ) {
    this.timer = setInterval(() => void this.flushUses(), intervalMs);
    this.timer.unref();
  }

  used(key: ChannelKeyInfo | null): void {
    if (key) this.pendingUses.set(key.id, (this.pendingUses.get(key.id) ?? 0) + 1);
  }

  /**
   * The upstream refused `key` (or, for a keyless channel, the channel itself): the key is
   * DISABLED_AUTO with the reason, and when it was the channel's last enabled key the channel
   * goes DISABLED_AUTO too, as a single-key channel always did. Runs in the background.
   */
  refused(channelId: number, key: ChannelKeyInfo | null, reason: string): void {
    if (key) key.refused = true;
    // Whoever calls, the reason is vendor text bound for the database, the logs and the alerts.
    this.disable(channelId, key?.id ?? null, redactSecrets(reason, [key?.apiKey]).slice(0, 1000)).catch((err) =>
      this.deps.logger.error('could not disable a refused channel key', { channelId, keyId: key?.id, error: err as Error }),
    );
  }

  private async disable(channelId: number, keyId: number | null, reason: string): Promise<void> {
    if (keyId === null) {
      await disableChannelAutomatically(this.deps, channelId, reason);
      return;
    }
    const connection = this.deps.orm.em.getConnection();
    const result = await connection.execute(
      `update channel_keys set status = 'DISABLED_AUTO', disabled_reason = ?, disabled_at = now(), last_error = ?, last_error_at = now()
        where id = ? and status = 'ENABLED'`,
      [reason, reason, keyId],
      'run',
    );
    if (Number((result as { affectedRows?: number }).affectedRows ?? 0) === 0) return;
    this.deps.logger.warn('channel key disabled automatically: upstream refused it', { channelId, keyId, reason });
    const [left] = await connection.execute<{ n: string }[]>(
      `select count(*) as n from channel_keys where channel_id = ? and status = 'ENABLED'`,
      [channelId],
    );
    if (Number(left?.n ?? 0) === 0) {
      await disableChannelAutomatically(this.deps, channelId, `every key was refused; last: ${reason}`);
      return;
    }
    await this.deps.changeBus.publish({ topic: 'channel', id: String(channelId) });
  }

  async flushUses(): Promise<void> {
    if (this.pendingUses.size === 0) return;
    const uses = [...this.pendingUses];
    this.pendingUses = new Map();
    // Only integers this process counted go into the statement text.
    const values = uses.map(([id, n]) => `(${Math.trunc(id)}, ${Math.trunc(n)})`).join(',');
    try {
      await this.deps.orm.em.getConnection().execute(
        `update channel_keys k set used_count = k.used_count + v.n from (values ${values}) as v(id, n) where k.id = v.id`,
        [],
        'run',
      );
    } catch (err) {
      this.deps.logger.warn('could not record channel key use counts', { error: err as Error });
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushUses();
  }
}
