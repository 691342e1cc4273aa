import type { RouteGroup } from '../groups/group.types';
import type { BreakerRegistry } from './circuit-breaker';
import { hasUsableKey, pickKey, type PickedKey } from './channel-key-picker';
import type { ChannelInfo, ChannelSnapshot } from './channel.types';
import { costLevelOf, type CostedModel } from './cost-basis';

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
  return pickInBand(items, 0, items.length, () => true, total, items.length, random);
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
  model: string | CostedModel,
  route: readonly RouteGroup[],
  tried: ReadonlySet<number>,
  breakers: BreakerRegistry,
  random: () => number = Math.random,
): PickedChannel | undefined {
  const modelId = typeof model === 'string' ? model : model.modelId;
  const byGroup = snapshot.byModelGroup.get(modelId);
  if (!byGroup) return undefined;
  const usable = (c: ChannelInfo) => !tried.has(c.id) && hasUsableKey(c) && breakers.canAttempt(c.id);
  for (const group of route) {
    const list = byGroup.get(group.name);
    if (!list) continue;
    const policy = group.routingPolicy ?? 'PRIORITY';
    if (policy !== 'PRIORITY' && typeof model !== 'string') {
      const channel = pickByCost(list, model, policy, usable, random);
      if (!channel) continue;
      breakers.acquire(channel.id);
      return { channel, group, key: pickKey(channel) ?? null };
    }
    // Lists are sorted by priority: walk one priority band at a time without allocating, so a
    // model served by hundreds of channels costs a scan, not a filtered copy per request.
    for (let start = 0; start < list.length; ) {
      const priority = list[start]!.priority;
      let end = start;
      let total = 0;
      let count = 0;
      for (; end < list.length && list[end]!.priority === priority; end++) {
        const c = list[end]!;
        if (!usable(c)) continue;
        count++;
        total += Math.max(0, c.weight);
      }
      if (count > 0) {
        const channel = pickInBand(list, start, end, usable, total, count, random);
        // canAttempt and acquire run in the same tick, so the slot seen free is still free.
        breakers.acquire(channel.id);
        return { channel, group, key: pickKey(channel) ?? null };
      }
      start = end;
    }
  }
  return undefined;
}

/**
 * The session's own channel when routing would pick from its band anyway: the first group on the
 * route that has a usable channel, that group's highest priority band with one. Affinity only
 * replaces the weighted draw and the key round robin inside that band, so a session never
 * outlives the operator's priorities or the `auto` group order (a session that failed over to a
 * backup comes back to the primary band once it is healthy again, moving once more). The
 * session's key when it is still usable, else the channel's next key (a disabled key moves the
 * session to another key of the same channel). Undefined: pick as usual.
 */
export function pickAffine(
  snapshot: ChannelSnapshot,
  modelId: string,
  route: readonly RouteGroup[],
  tried: ReadonlySet<number>,
  breakers: BreakerRegistry,
  target: { channelId: number; keyId: number | null },
): PickedChannel | undefined {
  const byGroup = snapshot.byModelGroup.get(modelId);
  if (!byGroup || tried.has(target.channelId)) return undefined;
  const usable = (c: ChannelInfo) => !tried.has(c.id) && hasUsableKey(c) && breakers.canAttempt(c.id);
  for (const group of route) {
    const list = byGroup.get(group.name);
    if (!list) continue;
    let bandPriority: number | undefined;
    for (const c of list) {
      if (bandPriority !== undefined && c.priority !== bandPriority) break;
      if (!usable(c)) continue;
      bandPriority = c.priority;
      if (c.id !== target.channelId) continue;
      breakers.acquire(c.id);
      const key = c.keys.find((k) => k.id === target.keyId && !k.refused) ?? pickKey(c) ?? null;
      return { channel: c, group, key };
    }
    if (bandPriority !== undefined) return undefined;
  }
  return undefined;
}

/** Whether any channel at all is configured for the model in these groups (503 vs breaker-open). */
export function hasAnyChannel(snapshot: ChannelSnapshot, modelId: string, route: readonly RouteGroup[]): boolean {
  const byGroup = snapshot.byModelGroup.get(modelId);
  return !!byGroup && route.some((g) => (byGroup.get(g.name)?.length ?? 0) > 0);
}

/** pickWeighted over the usable channels of list[start, end), without building that list. */
function pickInBand<T extends { weight: number }>(
  list: readonly T[], start: number, end: number, usable: (c: T) => boolean, total: number, count: number, random: () => number,
): T {
  let last: T | undefined;
  if (total <= 0) {
    let n = Math.floor(random() * count);
    for (let i = start; i < end; i++) {
      const c = list[i]!;
      if (!usable(c)) continue;
      last = c;
      if (n-- === 0) return c;
    }
    return last!;
  }
  let r = random() * total;
  for (let i = start; i < end; i++) {
    const c = list[i]!;
    if (!usable(c)) continue;
    last = c;
    r -= Math.max(0, c.weight);
    if (r < 0) return c;
  }
  return last!;
}

/**
 * The cost-aware policies, over every usable channel of the group (a scan and a small copy; they
 * are chosen for cost, not for the last microsecond):
 * - CHEAPEST: the channels with the lowest cost basis for this model (costLevelOf: a million input
 *   and output tokens at the channel's price), priority ignored; weights share the traffic within a tie.
 * - BALANCED: priority bands as under PRIORITY (the highest band with a usable channel), but within
 *   the band each channel's weight is scaled by how cheap it is: weight x (cheapest level in the
 *   band / its level), so a channel twice as dear gets half its share and nothing is starved.
 */
function pickByCost(
  list: readonly ChannelInfo[], model: CostedModel, policy: 'CHEAPEST' | 'BALANCED', usable: (c: ChannelInfo) => boolean, random: () => number,
): ChannelInfo | undefined {
  let candidates = list.filter(usable);
  if (candidates.length === 0) return undefined;
  const now = Date.now();
  if (policy === 'BALANCED') {
    const top = candidates[0]!.priority; // lists are sorted by priority, highest first
    candidates = candidates.filter((c) => c.priority === top);
  }
  const levels = candidates.map((c) => costLevelOf(c.cost, model, now));
  const cheapest = levels.reduce((a, b) => (b < a ? b : a));
  if (policy === 'CHEAPEST') {
    return pickWeighted(candidates.filter((_, i) => levels[i] === cheapest), random);
  }
  // Weights in millionths, so the scaling stays exact enough without floats on bigints.
  const scaled = candidates.map((c, i) => ({
    channel: c,
    weight: levels[i]! === 0n ? c.weight : Math.max(0, c.weight) * Number((cheapest * 1_000_000n) / levels[i]!) / 1_000_000,
  }));
  return pickWeighted(scaled, random).channel;
}
