import type { ChannelInfo, ChannelKeyInfo } from './channel.types';

/** The key an attempt uses; `null` for a keyless channel. */
export type PickedKey = ChannelKeyInfo | null;

/** Whether the channel can still be called: keyless, or with a key the upstream has not refused. */
export function hasUsableKey(channel: ChannelInfo): boolean {
  if (channel.keys.length === 0) return true;
  for (const key of channel.keys) if (!key.refused) return true;
  return false;
}

/**
 * Round robin over the channel's keys the upstream has not refused, skipping those this request
 * already used. `undefined` when none is left (a keyless channel always answers `null`).
 */
export function pickKey(channel: ChannelInfo, used: ReadonlySet<number> = EMPTY): PickedKey | undefined {
  const keys = channel.keys;
  if (keys.length === 0) return null;
  for (let i = 0; i < keys.length; i++) {
    const index = (channel.nextKey + i) % keys.length;
    const key = keys[index]!;
    if (key.refused || used.has(key.id)) continue;
    channel.nextKey = (index + 1) % keys.length;
    return key;
  }
  return undefined;
}

const EMPTY: ReadonlySet<number> = new Set();
