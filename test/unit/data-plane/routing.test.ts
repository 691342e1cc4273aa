import { parseMultiplier } from '../../../src/domain/billing/pricing';
import { resolveGroupAccess } from '../../../src/domain/groups/group-permissions';
import type { GroupInfo, GroupSnapshot } from '../../../src/domain/groups/group.types';
import { pickChannel, pickWeighted } from '../../../src/domain/routing/channel-picker';
import type { ChannelInfo, ChannelSnapshot } from '../../../src/domain/routing/channel.types';
import { BreakerRegistry } from '../../../src/domain/routing/circuit-breaker';
import { CATALOGUE_COST_BASIS } from '../../../src/domain/routing/cost-basis';
import { IpAllowList, normaliseIp } from '../../../src/domain/tokens/ip-allow-list';

describe('BreakerRegistry', () => {
  let now = 0;
  const breakers = () => new BreakerRegistry({ failures: 3, cooldownMs: 1000 }, () => now);

  it('opens after N consecutive failures and admits exactly one probe after the cooldown', () => {
    now = 0;
    const b = breakers();
    b.onFailure(1, 'x');
    b.onFailure(1, 'x');
    b.onSuccess(1); // resets the run
    b.onFailure(1, 'x');
    b.onFailure(1, 'x');
    expect(b.canAttempt(1)).toBe(true);
    b.onFailure(1, 'boom');
    expect(b.health(1)).toMatchObject({ state: 'OPEN', consecutiveFailures: 3, lastError: 'boom' });
    expect(b.acquire(1)).toBe(false);
    now = 1000;
    expect(b.health(1).state).toBe('HALF_OPEN');
    expect(b.acquire(1)).toBe(true);
    expect(b.acquire(1)).toBe(false); // one probe at a time
    b.onSuccess(1);
    expect(b.health(1).state).toBe('CLOSED');
  });

  it('a failed probe re-opens for a full cooldown; an inconclusive one frees the slot', () => {
    now = 0;
    const b = breakers();
    for (let i = 0; i < 3; i++) b.onFailure(2, 'x');
    now = 1000;
    expect(b.acquire(2)).toBe(true);
    b.onInconclusive(2);
    expect(b.acquire(2)).toBe(true);
    b.onFailure(2, 'still down');
    now = 1999;
    expect(b.canAttempt(2)).toBe(false);
    now = 2000;
    expect(b.canAttempt(2)).toBe(true);
  });
});

const channel = (id: number, priority: number, weight: number, groups: string[] = ['default']): ChannelInfo => ({
  id, name: `c${id}`, protocol: 'OPENAI', baseUrl: 'http://x', keys: [], nextKey: 0, models: new Set(['m']), modelMapping: {}, groups: new Set(groups),
  priority, weight, firstByteTimeoutMs: 1000, totalTimeoutMs: 1000, cost: CATALOGUE_COST_BASIS, overrides: [],
});

function snapshot(channels: ChannelInfo[]): ChannelSnapshot {
  const byGroup = new Map<string, ChannelInfo[]>();
  for (const c of channels) for (const g of c.groups) byGroup.set(g, [...(byGroup.get(g) ?? []), c].sort((a, b) => b.priority - a.priority));
  return { byId: new Map(channels.map((c) => [c.id, c])), byModelGroup: new Map([['m', byGroup]]) };
}

describe('pickChannel', () => {
  const one = { num: 1n, den: 1n };
  it('takes the highest priority, fails over to untried ones, then to lower priorities', () => {
    const snap = snapshot([channel(1, 10, 1), channel(2, 10, 1), channel(3, 0, 1)]);
    const b = new BreakerRegistry({ failures: 1, cooldownMs: 1000 });
    const tried = new Set<number>();
    const route = [{ name: 'default', multiplier: one }];
    const first = pickChannel(snap, 'm', route, tried, b, () => 0)!;
    expect(first.channel.id).toBe(1);
    tried.add(1);
    expect(pickChannel(snap, 'm', route, tried, b, () => 0)!.channel.id).toBe(2);
    tried.add(2);
    expect(pickChannel(snap, 'm', route, tried, b)!.channel.id).toBe(3);
    tried.add(3);
    expect(pickChannel(snap, 'm', route, tried, b)).toBeUndefined();
  });

  it('skips channels whose breaker is open and walks the route groups in order', () => {
    const snap = snapshot([channel(1, 10, 1, ['premium']), channel(2, 0, 1, ['default'])]);
    const b = new BreakerRegistry({ failures: 1, cooldownMs: 60_000 });
    const route = [{ name: 'premium', multiplier: { num: 2n, den: 1n } }, { name: 'default', multiplier: one }];
    expect(pickChannel(snap, 'm', route, new Set(), b)!.group.name).toBe('premium');
    b.onFailure(1, 'down');
    const picked = pickChannel(snap, 'm', route, new Set(), b)!;
    expect([picked.channel.id, picked.group.name]).toEqual([2, 'default']);
  });

  it('chooses by weight within a priority', () => {
    const items = [{ id: 'a', weight: 3 }, { id: 'b', weight: 1 }, { id: 'z', weight: 0 }];
    expect(pickWeighted(items, () => 0.5).id).toBe('a');
    expect(pickWeighted(items, () => 0.8).id).toBe('b');
    expect(pickWeighted([{ id: 'x', weight: 0 }, { id: 'y', weight: 0 }], () => 0.6).id).toBe('y');
  });
});

describe('group permissions', () => {
  const group = (name: string, over: Partial<GroupInfo> = {}): GroupInfo => ({
    id: 1, name, open: true, multiplier: parseMultiplier('1'), multiplierText: '1', permitsAllModels: true, permittedTiers: new Set(),
    permittedVendors: new Set(), permittedModels: new Set(), autoOrder: 100, routingPolicy: 'PRIORITY', ...over,
  });
  const snap = (groups: GroupInfo[], members: Record<string, number[]> = {}): GroupSnapshot => ({
    byName: new Map(groups.map((g) => [g.name, g])),
    members: new Map(Object.entries(members).map(([k, v]) => [k, new Set(v)])),
    autoOrdered: groups.filter((g) => g.name !== 'auto').sort((a, b) => a.autoOrder - b.autoOrder),
  });
  const model = { modelId: 'gpt-4o', tier: 'SVIP', vendorSlug: 'openai' };

  it('permits by tier, vendor or model id, and checks membership of closed groups', () => {
    const s = snap([group('tiers', { permitsAllModels: false, permittedTiers: new Set(['SVIP']) }), group('club', { open: false, autoOrder: 1 })], { club: [7] });
    expect(resolveGroupAccess(s, 'tiers', 1, model).ok).toBe(true);
    expect(resolveGroupAccess(s, 'tiers', 1, { ...model, tier: 'FREE' })).toEqual({ ok: false, reason: 'MODEL_NOT_PERMITTED' });
    expect(resolveGroupAccess(s, 'club', 1, model)).toEqual({ ok: false, reason: 'NOT_A_MEMBER' });
    expect(resolveGroupAccess(s, 'club', 7, model).ok).toBe(true);
    expect(resolveGroupAccess(s, 'gone', 7, model)).toEqual({ ok: false, reason: 'UNKNOWN_GROUP' });
  });

  it('auto routes over its own channels and every usable permitting group, by auto_order', () => {
    const s = snap([
      group('auto', { autoOrder: 0 }),
      group('default', { autoOrder: 10 }),
      group('premium', { autoOrder: 5, multiplier: parseMultiplier('1.5') }),
      group('club', { open: false, autoOrder: 1 }),
      group('free-only', { autoOrder: 2, permitsAllModels: false, permittedTiers: new Set(['FREE']) }),
    ]);
    const access = resolveGroupAccess(s, 'auto', 1, model);
    expect(access.ok && access.route.map((g) => g.name)).toEqual(['auto', 'premium', 'default']);
    expect(access.ok && access.route[1]!.multiplier).toEqual({ num: 3n, den: 2n });
  });
});

describe('IpAllowList', () => {
  it('matches addresses and CIDRs of both families, IPv4-mapped IPv6 as IPv4', () => {
    const list = new IpAllowList(['10.0.0.0/8', '192.168.1.7', '2001:db8::/32', 'nonsense', '10.0.0.0/99']);
    expect(list.invalid).toEqual(['nonsense', '10.0.0.0/99']);
    expect(list.allows('10.1.2.3')).toBe(true);
    expect(list.allows('::ffff:10.1.2.3')).toBe(true);
    expect(list.allows('192.168.1.7')).toBe(true);
    expect(list.allows('192.168.1.8')).toBe(false);
    expect(list.allows('2001:db8::1')).toBe(true);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows(undefined)).toBe(false);
    expect(normaliseIp('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('routing policies by cost', () => {
  const prices = { inputPrice: 1_000_000n, outputPrice: 1_000_000n, cacheReadPrice: null, cacheWritePrice: null, cacheWrite1hPrice: null, requestPrice: 0n, audioMinutePrice: 0n, longContext: null };
  const model = { modelId: 'm', prices };
  const costing = (id: number, priority: number, weight: number, factor: string): ChannelInfo => ({
    ...channel(id, priority, weight), cost: { multiplier: parseMultiplier(factor), priceLists: new Map() },
  });
  const list = [costing(1, 10, 1, '1'), costing(2, 0, 1, '0.3'), costing(3, 0, 3, '0.3'), costing(4, 0, 1, '0.5')];
  const groupOf = (routingPolicy: 'PRIORITY' | 'CHEAPEST' | 'BALANCED') => [{ name: 'default', multiplier: parseMultiplier('1'), routingPolicy }];
  const pick = (policy: 'PRIORITY' | 'CHEAPEST' | 'BALANCED', r: number, tried: number[] = []) =>
    pickChannel(snapshot(list), model, groupOf(policy), new Set(tried), new BreakerRegistry({ failures: 3, cooldownMs: 1000 }), () => r)?.channel.id;

  it('PRIORITY ignores cost', () => {
    expect(pick('PRIORITY', 0.99)).toBe(1);
  });

  it('CHEAPEST takes the lowest cost basis whatever its priority, weights sharing a tie', () => {
    expect(pick('CHEAPEST', 0.1)).toBe(2);
    expect(pick('CHEAPEST', 0.5)).toBe(3);
    expect(pick('CHEAPEST', 0.1, [2, 3])).toBe(4);
  });

  it('BALANCED keeps priority bands and shares each band by weight over cost', () => {
    expect(pick('BALANCED', 0.99)).toBe(1);
    // Band 0 after channel 1: weights 1, 3 at level 0.3 and 1 x 0.6 at level 0.5 -> shares 1 : 3 : 0.6.
    expect(pick('BALANCED', 0.1, [1])).toBe(2);
    expect(pick('BALANCED', 0.5, [1])).toBe(3);
    expect(pick('BALANCED', 0.95, [1])).toBe(4);
  });
});
