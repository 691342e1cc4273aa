import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';

/** Who hears about channel incidents beyond the log (the alert webhook); each is reported once. */
export interface ChannelIncidents {
  channelDisabled(channelId: number, reason: string): void;
  breakerChanged(channelId: number, state: 'OPEN' | 'CLOSED', lastError: string | null): void;
}

/**
 * Marks a channel DISABLED_AUTO (the upstream refused its key): visible to admins with the
 * reason, and dropped from every process's routing through the change bus. Only an ENABLED
 * channel is touched, so a concurrent manual disable is never overwritten.
 */
export async function disableChannelAutomatically(
  deps: { orm: MikroORM; changeBus: ChangeBus; logger: Logger; incidents?: ChannelIncidents },
  channelId: number,
  reason: string,
): Promise<boolean> {
  const text = reason.slice(0, 1000);
  const result = await deps.orm.em.getConnection().execute(
    `update channels set status = 'DISABLED_AUTO', status_reason = ?, last_error = ?, last_error_at = now(), updated_at = now()
      where id = ? and status = 'ENABLED'`,
    [text, text, channelId],
    'run',
  );
  const changed = Number((result as { affectedRows?: number }).affectedRows ?? 0) > 0;
  if (changed) {
    deps.logger.warn('channel disabled automatically: upstream refused its key', { channelId, reason: text });
    // Only the process whose UPDATE changed the row gets here: one report per incident.
    deps.incidents?.channelDisabled(channelId, text);
    await deps.changeBus.publish({ topic: 'channel', id: String(channelId) });
  }
  return changed;
}
