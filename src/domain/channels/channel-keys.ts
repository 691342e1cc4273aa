import type { EntityManager } from '@mikro-orm/postgresql';
import { Channel, ChannelKey, type IChannel, type IChannelKey } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import { channelSecretContext, lastFour, type SecretBox } from '../../lib/secret-box';
import { invalid, notFound, ok, toEntityId, type InvalidInput, type Outcome } from '../domain-result';

/** Most keys one channel may hold: enough for a pool, small enough to keep a reload cheap. */
export const KEYS_PER_CHANNEL_MAX = 1000;

/** Trimmed, de-duplicated keys, or what is wrong with them (`field` names the input). */
export function checkKeys(raw: readonly string[], field = 'keys'): string[] | InvalidInput {
  const keys = [...new Set(raw.map((k) => k.trim()))];
  if (keys.some((k) => !k)) return invalid(field, 'A key cannot be empty.');
  if (keys.some((k) => k.length > 4096)) return invalid(field, 'Use at most 4096 characters per key.');
  if (keys.length > KEYS_PER_CHANNEL_MAX) return invalid(field, `Use at most ${KEYS_PER_CHANNEL_MAX} keys per channel.`);
  return keys;
}

/** The channel's keys become exactly `keys` (an empty list: keyless). Call `em.flush()` after. */
export async function replaceKeys(em: EntityManager, secretBox: SecretBox, channel: IChannel, keys: readonly string[]): Promise<void> {
  if (channel.id) await em.nativeDelete(ChannelKey, { channel: channel.id });
  await addSealedKeys(em, secretBox, channel, keys);
}

/**
 * Seals each key (AES-256-GCM, bound to the channel's id as associated data, so a ciphertext
 * copied to another channel does not open); only its last 4 characters stay in clear. A new
 * channel is written first to get its id. Call `em.flush()` after.
 */
export async function addSealedKeys(em: EntityManager, secretBox: SecretBox, channel: IChannel, keys: readonly string[]): Promise<IChannelKey[]> {
  if (channel.id === undefined) await em.flush();
  const context = channelSecretContext(channel.id);
  return keys.map((secret) => em.create(ChannelKey, { channel, secretCiphertext: secretBox.seal(secret, context), last4: lastFour(secret) }));
}

/** A channel's keys, oldest first (the order routing rotates in). */
export async function keysOf(em: EntityManager, channelId: number): Promise<IChannelKey[]> {
  return em.find(ChannelKey, { channel: channelId }, { orderBy: { id: 'asc' } });
}

/** The plaintext of a channel's first enabled key (else its first key), for probes; '' when keyless, null when undecryptable. */
export async function probeKeyOf(em: EntityManager, secretBox: SecretBox, channelId: number): Promise<string | null> {
  const keys = await em.find(ChannelKey, { channel: channelId }, { orderBy: { id: 'asc' }, populate: ['secretCiphertext'] });
  const key = keys.find((k) => k.status === 'ENABLED') ?? keys[0];
  if (!key) return '';
  try {
    return secretBox.open(key.secretCiphertext, channelSecretContext(channelId));
  } catch {
    return null;
  }
}

export interface ChannelKeyDeps {
  em: EntityManager;
  changeBus: ChangeBus;
  secretBox: SecretBox;
}

async function findKey(em: EntityManager, id: string | number): Promise<IChannelKey | null> {
  const keyId = toEntityId(id);
  return keyId === null ? null : em.findOne(ChannelKey, keyId, { populate: ['channel'] });
}

async function announce(deps: ChannelKeyDeps, channelId: number): Promise<void> {
  await deps.changeBus.publish({ topic: 'channel', id: String(channelId) });
}

/** Enables a key (ENABLED) or takes it out of rotation by hand (DISABLED_MANUAL, with a reason). */
export async function setChannelKeyEnabled(
  deps: ChannelKeyDeps,
  id: string | number,
  enabled: boolean,
  reason?: string | null,
): Promise<Outcome<IChannelKey>> {
  const key = await findKey(deps.em, id);
  if (!key || key.channel.deletedAt) return notFound('ChannelKey');
  if (reason != null && reason.length > 500) return invalid('reason', 'Use at most 500 characters.');
  key.status = enabled ? 'ENABLED' : 'DISABLED_MANUAL';
  key.disabledReason = enabled ? null : reason?.trim() || 'disabled by an admin';
  key.disabledAt = enabled ? null : new Date();
  await deps.em.flush();
  await announce(deps, key.channel.id);
  return ok(key);
}

/** Adds keys to a channel; they join the rotation at once on every process. */
export async function addChannelKeys(deps: ChannelKeyDeps, channel: IChannel, raw: readonly string[]): Promise<Outcome<IChannelKey[]>> {
  const keys = checkKeys(raw);
  if (!Array.isArray(keys)) return keys;
  if (keys.length === 0) return invalid('keys', 'Give at least one key.');
  const existing = await deps.em.count(ChannelKey, { channel: channel.id });
  if (existing + keys.length > KEYS_PER_CHANNEL_MAX) return invalid('keys', `A channel holds at most ${KEYS_PER_CHANNEL_MAX} keys.`);
  const added = await addSealedKeys(deps.em, deps.secretBox, channel, keys);
  await deps.em.flush();
  await announce(deps, channel.id);
  return ok(added);
}

/** Deletes a key for good (a key is configuration: no usage or money row points at it). */
export async function removeChannelKey(deps: ChannelKeyDeps, id: string | number): Promise<Outcome<IChannel>> {
  const key = await findKey(deps.em, id);
  if (!key || key.channel.deletedAt) return notFound('ChannelKey');
  const channel = key.channel;
  deps.em.remove(key);
  await deps.em.flush();
  await announce(deps, channel.id);
  return ok(channel);
}
