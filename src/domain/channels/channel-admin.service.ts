import type { EntityManager } from '@mikro-orm/postgresql';
import { Channel, type ChannelProtocol, type IChannel } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import { channelSecretContext, lastFour, type SecretBox } from '../../lib/secret-box';
import { invalid, notFound, ok, toEntityId, type InvalidInput, type Outcome } from '../domain-result';
import { checkChannelSettings, normaliseBaseUrl, type ChannelSettings } from './channel-rules';
import { checkUpstreamHost, upstreamOrigin } from './upstream-address-policy';

export interface ChannelDeps {
  em: EntityManager;
  changeBus: ChangeBus;
  secretBox: SecretBox;
  /** CHANNEL_ALLOW_PRIVATE: base URLs on loopback, private and link-local networks are accepted. */
  allowPrivateUpstreams: boolean;
}

export interface NewChannel extends ChannelSettings {
  name: string;
  protocol: ChannelProtocol;
  baseUrl: string;
}

export interface ChannelPatch extends ChannelSettings {
  protocol?: ChannelProtocol | null;
}

const unique = (items: readonly string[]) => [...new Set(items.map((i) => i.trim()).filter(Boolean))];

/**
 * The secret is sealed to the channel's id (so the row must have been written once) with the
 * current SECRET_KEY; only its last 4 characters are kept in clear. `undefined` keeps the stored
 * secret, re-sealed when it is still under a previous key or format (re-seal on write).
 */
function sealSecret(deps: ChannelDeps, channel: IChannel, secretKey: string | null | undefined): void {
  const context = channelSecretContext(channel.id);
  if (secretKey === undefined) {
    if (channel.secretCiphertext && deps.secretBox.needsReseal(channel.secretCiphertext)) {
      channel.secretCiphertext = deps.secretBox.seal(deps.secretBox.open(channel.secretCiphertext, context), context);
    }
    return;
  }
  const secret = secretKey?.trim() ?? null;
  channel.secretCiphertext = secret === null ? null : deps.secretBox.seal(secret, context);
  channel.secretLast4 = secret === null ? null : lastFour(secret);
}

/** Applies settings that were already checked, except the secret (sealSecret). */
function apply(channel: IChannel, s: ChannelPatch, baseUrl: string | undefined): void {
  if (s.name != null) channel.name = s.name.trim();
  if (s.protocol != null) channel.protocol = s.protocol;
  if (baseUrl !== undefined) channel.baseUrl = baseUrl;
  if (s.models != null) channel.models = unique(s.models);
  if (s.groups != null) channel.groups = unique(s.groups);
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

async function checkBaseUrl(deps: ChannelDeps, raw: string): Promise<string | InvalidInput> {
  const baseUrl = normaliseBaseUrl(raw);
  if (typeof baseUrl !== 'string') return baseUrl;
  return (await checkUpstreamHost(baseUrl, deps.allowPrivateUpstreams)) ?? baseUrl;
}

export async function createChannel(deps: ChannelDeps, input: NewChannel): Promise<Outcome<IChannel>> {
  const baseUrl = await checkBaseUrl(deps, input.baseUrl);
  if (typeof baseUrl !== 'string') return baseUrl;
  const problem = await checkChannelSettings(deps.em, input, input.models ?? []);
  if (problem) return problem;
  const id = await deps.em.transactional(async (tx) => {
    const channel = tx.create(Channel, { name: input.name.trim(), baseUrl, protocol: input.protocol });
    apply(channel, input, baseUrl);
    await tx.flush();
    sealSecret(deps, channel, input.secretKey);
    await tx.flush();
    return channel.id;
  });
  await deps.changeBus.publish({ topic: 'channel', id: String(id) });
  return ok(await deps.em.findOneOrFail(Channel, id));
}

export async function findChannel(em: EntityManager, id: string | number): Promise<IChannel | null> {
  const channelId = toEntityId(id);
  return channelId === null ? null : em.findOne(Channel, channelId);
}

export async function updateChannel(deps: ChannelDeps, id: string | number, patch: ChannelPatch): Promise<Outcome<IChannel>> {
  const channelId = toEntityId(id);
  // The sealed secret is a lazy column: loaded here for the host-change rule and re-sealing.
  const channel = channelId === null ? null : await deps.em.findOne(Channel, channelId, { populate: ['secretCiphertext'] });
  if (!channel) return notFound('Channel');
  const baseUrl = patch.baseUrl == null ? undefined : await checkBaseUrl(deps, patch.baseUrl);
  if (typeof baseUrl === 'object') return baseUrl;
  // The stored secret was given for one host; pointing it elsewhere without re-entering it
  // would let an admin session send the key to any server (and read it there).
  if (baseUrl !== undefined && patch.secretKey === undefined && channel.secretCiphertext
    && upstreamOrigin(baseUrl) !== upstreamOrigin(channel.baseUrl)) {
    return invalid('secretKey', 'Moving the channel to another host needs its secret key again (or null to clear it).');
  }
  const problem = await checkChannelSettings(deps.em, patch, patch.models ?? channel.models);
  if (problem) return problem;
  apply(channel, patch, baseUrl);
  sealSecret(deps, channel, patch.secretKey);
  await deps.em.flush();
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
  channel.status = enabled ? 'ENABLED' : 'DISABLED_MANUAL';
  channel.statusReason = enabled ? null : reason?.trim() || 'disabled by an admin';
  await deps.em.flush();
  await deps.changeBus.publish({ topic: 'channel', id: String(channel.id) });
  return ok(channel);
}
