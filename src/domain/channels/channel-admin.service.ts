import type { EntityManager } from '@mikro-orm/postgresql';
import { Channel, ChannelKey, type ChannelProtocol, type IChannel } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { SecretBox } from '../../lib/secret-box';
import { invalid, notFound, ok, toEntityId, type InvalidInput, type Outcome } from '../domain-result';
import { checkKeys, replaceKeys } from './channel-keys';
import { auditSnapshot, recordChannelChange } from './channel-audit';
import { checkOverrides, type ChannelOverride } from './channel-overrides';
import { checkChannelSettings, normaliseBaseUrl, type ChannelSettings } from './channel-rules';
import { resealChannelSecrets } from './reseal-secrets';
import { checkUpstreamHost, upstreamOrigin } from './upstream-address-policy';

export interface ChannelDeps {
  em: EntityManager;
  changeBus: ChangeBus;
  secretBox: SecretBox;
  /** CHANNEL_ALLOW_PRIVATE: base URLs on loopback, private and link-local networks are accepted. */
  allowPrivateUpstreams: boolean;
  /** The admin making the change, for the audit of channel changes. */
  actorId?: number | null;
}

async function checkBaseUrl(deps: ChannelDeps, raw: string): Promise<string | InvalidInput> {
  const baseUrl = normaliseBaseUrl(raw);
  if (typeof baseUrl !== 'string') return baseUrl;
  return (await checkUpstreamHost(baseUrl, deps.allowPrivateUpstreams)) ?? baseUrl;
}

export interface NewChannel extends ChannelSettings {
  name: string;
  protocol: ChannelProtocol;
  baseUrl: string;
}

export interface ChannelPatch extends ChannelSettings {
  protocol?: ChannelProtocol | null;
}

/** Where a channel created without groups serves: the group new users' keys are in. */
export const DEFAULT_CHANNEL_GROUP = 'default';

const unique = (items: readonly string[]) => [...new Set(items.map((i) => i.trim()).filter(Boolean))];

/**
 * The keys the channel will hold after this change, or undefined to leave them: `keys` replaces
 * the list, `secretKey` (the single-key form kept for older scripts) makes it that one key, and
 * `secretKey: null` removes every key.
 */
function keysAfter(s: ChannelPatch): string[] | undefined | InvalidInput {
  if (s.keys != null && s.secretKey != null) return invalid('keys', 'Give keys or secretKey, not both.');
  if (s.keys != null) return checkKeys(s.keys);
  if (s.secretKey !== undefined) return s.secretKey === null ? [] : checkKeys([s.secretKey], 'secretKey');
  return undefined;
}

/**
 * The overrides the channel will hold after this change (undefined: leave them), checked against
 * the models it will serve then; a problem names the rule (`overrides[2]`).
 */
function overridesAfter(s: ChannelPatch, models: readonly string[], current: readonly ChannelOverride[]): ChannelOverride[] | undefined | InvalidInput {
  const given = s.overrides ?? (s.models != null && current.length ? current : undefined);
  if (!given) return undefined;
  const checked = checkOverrides(given, models);
  return Array.isArray(checked) ? checked : invalid(`overrides[${checked.index}]`, checked.message);
}

/** Applies settings that were already checked; keys are sealed by replaceKeys. */
function apply(channel: IChannel, s: ChannelPatch, baseUrl: string | undefined, overrides?: ChannelOverride[]): void {
  if (overrides) channel.overrides = overrides;
  if (s.name != null) channel.name = s.name.trim();
  if (s.protocol != null) channel.protocol = s.protocol;
  if (baseUrl !== undefined) channel.baseUrl = baseUrl;
  if (s.models != null) channel.models = unique(s.models);
  if (s.groups != null) channel.groups = unique(s.groups);
  if (s.tags != null) channel.tags = unique(s.tags);
  if (s.modelMapping != null) {
    channel.modelMapping = Object.fromEntries(s.modelMapping.map((m) => [m.model, m.upstreamModel.trim()]));
  } else if (s.models != null) {
    // A mapping for a model the channel no longer serves would be dead configuration.
    const served = new Set(channel.models);
    channel.modelMapping = Object.fromEntries(Object.entries(channel.modelMapping).filter(([model]) => served.has(model)));
  }
  if (s.priority != null) channel.priority = s.priority;
  if (s.weight != null) channel.weight = s.weight;
  if (s.firstByteTimeoutMs != null) channel.firstByteTimeoutMs = s.firstByteTimeoutMs;
  if (s.totalTimeoutMs != null) channel.totalTimeoutMs = s.totalTimeoutMs;
}

export async function createChannel(deps: ChannelDeps, input: NewChannel): Promise<Outcome<IChannel>> {
  const baseUrl = await checkBaseUrl(deps, input.baseUrl);
  if (typeof baseUrl !== 'string') return baseUrl;
  const settings = { ...input, groups: input.groups?.length ? input.groups : [DEFAULT_CHANNEL_GROUP] };
  const problem = await checkChannelSettings(deps.em, settings, input.models ?? []);
  if (problem) return problem;
  const keys = keysAfter(input);
  if (keys && !Array.isArray(keys)) return keys;
  const overrides = overridesAfter(input, input.models ?? [], []);
  if (overrides && !Array.isArray(overrides)) return overrides;
  // The column defaults are not on the new entity: without these, the response read an undefined
  // mapping and failed as a masked error. A channel without groups would route nothing at all, so
  // omitting them (or sending none) means the `default` group, the one every new user's keys reach.
  // One transaction: the channel is written first (its keys are sealed to its id), and a failure
  // sealing or writing a key must not leave a keyless channel behind that would route as keyless.
  const channel = await deps.em.transactional(async (tx) => {
    const created = tx.create(Channel, {
      name: input.name.trim(), baseUrl, protocol: input.protocol, modelMapping: {}, models: [], tags: [], groups: [DEFAULT_CHANNEL_GROUP], overrides: [],
    });
    apply(created, settings, baseUrl, overrides);
    if (keys) await replaceKeys(tx, deps.secretBox, created, keys);
    await tx.flush(); // the audit row names the channel by its id
    recordChannelChange(tx, created.id, deps.actorId, {}, auditSnapshot(created), !!keys?.length);
    return created;
  });
  await deps.changeBus.publish({ topic: 'channel', id: String(channel.id) });
  return ok(channel);
}

export async function findChannel(em: EntityManager, id: string | number): Promise<IChannel | null> {
  const channelId = toEntityId(id);
  return channelId === null ? null : em.findOne(Channel, { id: channelId, deletedAt: null });
}

export async function updateChannel(deps: ChannelDeps, id: string | number, patch: ChannelPatch): Promise<Outcome<IChannel>> {
  const channel = await findChannel(deps.em, id);
  if (!channel) return notFound('Channel');
  const baseUrl = patch.baseUrl == null ? undefined : await checkBaseUrl(deps, patch.baseUrl);
  if (typeof baseUrl === 'object') return baseUrl;
  // The stored keys were given for one host; pointing them elsewhere without giving them again
  // would let an admin session send them to any server (and read them there).
  if (baseUrl !== undefined && patch.keys == null && patch.secretKey === undefined
    && upstreamOrigin(baseUrl) !== upstreamOrigin(channel.baseUrl) && (await deps.em.count(ChannelKey, { channel: channel.id })) > 0) {
    return invalid('secretKey', 'Moving the channel to another host needs its keys again (keys or secretKey; null to clear).');
  }
  if (patch.groups != null && unique(patch.groups).length === 0) {
    return invalid('groups', 'A channel needs at least one group, or it serves no request.');
  }
  const problem = await checkChannelSettings(deps.em, patch, patch.models ?? channel.models);
  if (problem) return problem;
  const keys = keysAfter(patch);
  if (keys && !Array.isArray(keys)) return keys;
  const overrides = overridesAfter(patch, patch.models ?? channel.models, channel.overrides);
  if (overrides && !Array.isArray(overrides)) return overrides;
  // The key delete and the new keys land together or not at all, and with the audit row.
  await deps.em.transactional(async (tx) => {
    const target = await tx.findOneOrFail(Channel, channel.id);
    const before = auditSnapshot(target);
    apply(target, patch, baseUrl, overrides);
    if (keys) await replaceKeys(tx, deps.secretBox, target, keys);
    recordChannelChange(tx, target.id, deps.actorId, before, auditSnapshot(target), !!keys);
  });
  await deps.em.refresh(channel);
  // Re-seal on write: keys still under SECRET_KEY_PREVIOUS (or the old format) move to the current key.
  if (!keys) await resealChannelSecrets(deps.em, deps.secretBox, channel.id);
  await deps.changeBus.publish({ topic: 'channel', id: String(channel.id) });
  return ok(channel);
}

export async function setChannelEnabled(
  deps: ChannelDeps,
  id: string | number,
  enabled: boolean,
  reason?: string | null,
): Promise<Outcome<IChannel>> {
  const channel = await findChannel(deps.em, id);
  if (!channel) return notFound('Channel');
  if (reason != null && reason.length > 500) return invalid('reason', 'Use at most 500 characters.');
  const before = auditSnapshot(channel);
  channel.status = enabled ? 'ENABLED' : 'DISABLED_MANUAL';
  channel.statusReason = enabled ? null : reason?.trim() || 'disabled by an admin';
  recordChannelChange(deps.em, channel.id, deps.actorId, before, auditSnapshot(channel));
  await deps.em.flush();
  await deps.changeBus.publish({ topic: 'channel', id: String(channel.id) });
  return ok(channel);
}

/**
 * Soft-deletes a channel: out of routing on every process and out of the channel list, while
 * usage rows keep its id and admins still see its name there. Its keys are dropped (a deleted
 * channel never calls anyone again, and keys are secrets best not kept).
 */
export async function deleteChannel(deps: ChannelDeps, id: string | number): Promise<Outcome<IChannel>> {
  const channel = await findChannel(deps.em, id);
  if (!channel) return notFound('Channel');
  await deps.em.transactional(async (tx) => {
    const target = await tx.findOneOrFail(Channel, channel.id);
    const before = auditSnapshot(target);
    target.deletedAt = new Date();
    target.status = 'DISABLED_MANUAL';
    target.statusReason = 'deleted';
    await replaceKeys(tx, deps.secretBox, target, []);
    recordChannelChange(tx, target.id, deps.actorId, before, auditSnapshot(target), true);
  });
  await deps.em.refresh(channel);
  await deps.changeBus.publish({ topic: 'channel', id: String(channel.id) });
  return ok(channel);
}
