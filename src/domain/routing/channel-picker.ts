import type { RouteGroup } from '../groups/group.types';
import type { BreakerRegistry } from './circuit-breaker';
import { hasUsableKey, pickKey, type PickedKey } from './channel-key-picker';
import type { ChannelInfo, ChannelSnapshot } from './channel.types';

export interface PickedChannel {
  channel: ChannelInfo;
  /** The upstream key this attempt sends (null: a keyless channel). */
  key: PickedKey;
  /** The group the channel was picked for: the request is priced at its multiplier. */
  group: RouteGroup;
}

/** Weighted random choice; when every weight is 0 the channels are equally likely. */
export function pickWeighted<T extends { weight: number }>(items: readonly T[], random: () => number = Math.random): T {
  let total = 0;
  for (const item of items) total += Math.max(0, item.weight);
  if (total <= 0) return items[Math.floor(random() * items.length)]!;
  let r = random() * total;
  for (const item of items) {
    r -= Math.max(0, item.weight);
    if (r < 0) return item;
  }
  return items[items.length - 1]!;
}

/**
 * Candidates for the next attempt: groups in route order (`auto` falls through to the next
 * group only when one has nothing usable left), within a group the highest priority that still
 * has an untried channel with a usable key whose breaker lets a request through, weighted random
 * inside it; the channel's next key in round robin.
 * The breaker slot is taken for the channel returned (a half-open breaker admits one probe).
 */
export function pickChannel(
  snapshot: ChannelSnapshot,
  modelId: string,
  route: readonly RouteGroup[],
  tried: ReadonlySet<number>,
  breakers: BreakerRegistry,
  random: () => number = Math.random,
): PickedChannel | undefined {
  const byGroup = snapshot.byModelGroup.get(modelId);
  if (!byGroup) return undefined;
  for (const group of route) {
    const list = byGroup.get(group.name);
    if (!list) continue;
    const open = list.filter((c) => !tried.has(c.id) && hasUsableKey(c) && breakers.canAttempt(c.id));
    if (open.length === 0) continue;
    const top = open[0]!.priority;
    const channel = pickWeighted(open.filter((c) => c.priority === top), random);
    // canAttempt and acquire run in the same tick, so the slot seen free is still free.
    breakers.acquire(channel.id);
    return { channel, group, key: pickKey(channel) ?? null };
  }
  return undefined;
}

/** Whether any channel at all is configured for the model in these groups (503 vs breaker-open). */
export function hasAnyChannel(snapshot: ChannelSnapshot, modelId: string, route: readonly RouteGroup[]): boolean {
  const byGroup = snapshot.byModelGroup.get(modelId);
  return !!byGroup && route.some((g) => (byGroup.get(g.name)?.length ?? 0) > 0);
}
