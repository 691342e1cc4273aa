import type { EntityManager } from '@mikro-orm/postgresql';
import { Channel, type ChannelStatus } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import { invalid, ok, type Outcome } from '../domain-result';
import { channelSettingsProblems } from './channel-rules';

export interface TagUpdate {
  /** ENABLED or DISABLED_MANUAL; DISABLED_AUTO is the gateway's own verdict. */
  status?: ChannelStatus | null;
  priority?: number | null;
  weight?: number | null;
}

const NO_REFERENCES = { models: new Set<string>(), groups: new Set<string>() };

/** Applies one change to every (not deleted) channel carrying `tag`; answers how many matched. */
export async function updateChannelsByTag(
  deps: { em: EntityManager; changeBus: ChangeBus },
  tag: string,
  update: TagUpdate,
): Promise<Outcome<number>> {
  if (!tag.trim()) return invalid('tag', 'Name a tag.');
  if (update.status === 'DISABLED_AUTO') return invalid('status', 'Use ENABLED or DISABLED_MANUAL.');
  const problem = channelSettingsProblems({ priority: update.priority, weight: update.weight }, [], NO_REFERENCES)[0];
  if (problem) return problem;
  const set: Record<string, unknown> = { updatedAt: new Date() };
  if (update.status) {
    set.status = update.status;
    set.statusReason = update.status === 'ENABLED' ? null : `disabled by an admin (tag ${tag.trim()})`;
  }
  if (update.priority != null) set.priority = update.priority;
  if (update.weight != null) set.weight = update.weight;
  if (Object.keys(set).length === 1) return invalid('input', 'Give status, priority or weight.');
  const matched = await deps.em.nativeUpdate(Channel, { tags: { $contains: [tag.trim()] }, deletedAt: null }, set);
  if (matched > 0) await deps.changeBus.publish({ topic: 'channel' });
  return ok(matched);
}
