import { checkOverrides, compileOverrides } from '../../../src/domain/channels/channel-overrides';
import { MemoryAffinityStore } from '../../../src/domain/routing/affinity-store';
import { pickAffine } from '../../../src/domain/routing/channel-picker';
import type { ChannelInfo, ChannelSnapshot } from '../../../src/domain/routing/channel.types';
import { CATALOGUE_COST_BASIS } from '../../../src/domain/routing/cost-basis';
import { BreakerRegistry } from '../../../src/domain/routing/circuit-breaker';
import { affinitySessionOf } from '../../../src/gateway/pipeline/affinity-session';
import { withOverrides } from '../../../src/gateway/upstream/request-overrides';
import { parseJsonPointer, removeAtPointer, setAtPointer } from '../../../src/lib/json-pointer';

const keys = (channelId: number) => [1, 2, 3].map((n) => ({ id: channelId * 10 + n, apiKey: `k${channelId}${n}`, refused: false }));
const channel = (id: number, priority: number): ChannelInfo => ({
  id, name: `c${id}`, protocol: 'OPENAI', baseUrl: 'http://x', keys: keys(id), nextKey: 0, models: new Set(['m']), modelMapping: {}, groups: new Set(['default']),
  priority, weight: 1, firstByteTimeoutMs: 1000, totalTimeoutMs: 1000, overrides: [], cost: CATALOGUE_COST_BASIS,
});
function snapshot(channels: ChannelInfo[]): ChannelSnapshot {
  const list = [...channels].sort((a, b) => b.priority - a.priority);
  return { byId: new Map(channels.map((c) => [c.id, c])), byModelGroup: new Map([['m', new Map([['default', list]])]]) };
}
const route = [{ name: 'default', multiplier: { num: 1n, den: 1n } }];

describe('pickAffine', () => {
  it('returns the session\'s channel and key within the band routing would use, and nothing once that is unusable', () => {
    const snap = snapshot([channel(1, 10), channel(2, 10), channel(3, 0)]);
    const breakers = new BreakerRegistry({ failures: 1, cooldownMs: 60_000 });
    const picked = pickAffine(snap, 'm', route, new Set(), breakers, { channelId: 2, keyId: 22 })!;
    expect([picked.channel.id, picked.key?.id]).toEqual([2, 22]);
    // A lower band is not kept while the top band has a usable channel.
    expect(pickAffine(snap, 'm', route, new Set(), breakers, { channelId: 3, keyId: 31 })).toBeUndefined();
    // The key refused: another key of the same channel.
    snap.byId.get(2)!.keys[1]!.refused = true;
    const moved = pickAffine(snap, 'm', route, new Set(), breakers, { channelId: 2, keyId: 22 })!;
    expect(moved.channel.id).toBe(2);
    expect(moved.key?.id).not.toBe(22);
    // The breaker open: routing picks afresh.
    breakers.onFailure(2, 'down');
    expect(pickAffine(snap, 'm', route, new Set(), breakers, { channelId: 2, keyId: 21 })).toBeUndefined();
    expect(pickAffine(snap, 'm', route, new Set([1]), breakers, { channelId: 1, keyId: 11 })).toBeUndefined();
  });
});

describe('MemoryAffinityStore', () => {
  it('forgets a session after its TTL without use, refreshes it on use, and drops the least recently used first', async () => {
    let now = 0;
    const store = new MemoryAffinityStore({ ttlSeconds: () => 1, maxEntries: 2, now: () => now });
    store.remember('a', { channelId: 1, keyId: 1 });
    store.remember('b', { channelId: 2, keyId: null });
    now = 900;
    expect(await store.recall('a')).toEqual({ channelId: 1, keyId: 1 });
    now = 1500;
    expect(await store.recall('b')).toBeUndefined();
    expect(await store.recall('a')).toEqual({ channelId: 1, keyId: 1 });
    store.remember('c', { channelId: 3, keyId: 3 });
    store.remember('d', { channelId: 4, keyId: 4 });
    expect(store.size).toBe(2);
    expect(await store.recall('a')).toBeUndefined();
  });

  it('reads the TTL on every use: a changed setting applies to the next write and refresh, 0 stores nothing', async () => {
    let now = 0;
    let ttlSeconds = 1;
    const store = new MemoryAffinityStore({ ttlSeconds: () => ttlSeconds, maxEntries: 10, now: () => now });
    ttlSeconds = 10;
    store.remember('a', { channelId: 1, keyId: 1 });
    now = 5_000;
    expect(await store.recall('a')).toEqual({ channelId: 1, keyId: 1 });
    ttlSeconds = 0;
    expect(store.enabled()).toBe(false);
    expect(await store.recall('a')).toBeUndefined();
    store.remember('b', { channelId: 2, keyId: 2 });
    expect(store.size).toBe(0);
  });
});

describe('affinitySessionOf', () => {
  const body = (system: string, first: string, more: string[] = []) => ({
    model: 'm', messages: [{ role: 'system' as const, content: system }, { role: 'user' as const, content: first }, ...more.map((c) => ({ role: 'assistant' as const, content: c }))],
  });
  const session = (raw: Record<string, unknown>, b = body('s', 'u'), userId = 1) => affinitySessionOf({ raw, body: b, userId, modelId: 'm' }, 64);

  it('a conversation keeps its session as it grows; a named session wins; users never share one', () => {
    expect(session({}, body('s', 'u'))).toBe(session({}, body('s', 'u', ['reply', 'more'])));
    expect(session({}, body('s', 'u'))).not.toBe(session({}, body('s', 'other')));
    expect(session({ prompt_cache_key: 'k' }, body('s', 'u'))).toBe(session({ prompt_cache_key: 'k' }, body('x', 'y')));
    expect(session({ metadata: { user_id: 'claude-session' } })).toBe(session({ metadata: { user_id: 'claude-session' } }, body('x', 'y')));
    expect(session({ user: 'same' }, undefined, 1)).not.toBe(session({ user: 'same' }, undefined, 2));
    // Bounded: what lies past the first 64 bytes does not change the session.
    const long = 'x'.repeat(100);
    expect(session({}, body(long, 'a'))).toBe(session({}, body(long, 'b')));
  });
});

describe('overrides', () => {
  it('JSON pointers set (creating objects), escape and remove', () => {
    const doc: Record<string, unknown> = { a: [1, 2] };
    expect(setAtPointer(doc, parseJsonPointer('/b/c~1d')!, true)).toBe(true);
    expect(setAtPointer(doc, parseJsonPointer('/a/-')!, 3)).toBe(true);
    expect(removeAtPointer(doc, parseJsonPointer('/a/0')!)).toBe(true);
    expect(doc).toEqual({ a: [2, 3], b: { 'c/d': true } });
    expect(parseJsonPointer('a/b')).toBeUndefined();
    expect(setAtPointer(doc, ['__proto__', 'x'], 1)).toBe(false);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('apply per model, leave the body bytes alone without a body rule, and never touch the key', () => {
    const rules = checkOverrides([
      { target: 'HEADER', op: 'SET', path: 'X-Region', value: 'eu' },
      { target: 'BODY', op: 'REMOVE', path: '/store', models: ['other'] },
    ], ['m', 'other']);
    expect(Array.isArray(rules)).toBe(true);
    const compiled = compileOverrides(rules);
    const request = { method: 'POST' as const, url: 'http://x', headers: { authorization: 'Bearer k', 'content-type': 'application/json' }, body: '{"store":true,  "model":"m"}' };
    const forM = withOverrides(request, compiled, 'm');
    expect(forM.body).toBe(request.body);
    expect(forM.headers).toEqual({ authorization: 'Bearer k', 'content-type': 'application/json', 'x-region': 'eu' });
    expect(JSON.parse(withOverrides(request, compiled, 'other').body as string)).toEqual({ model: 'm' });
    expect(checkOverrides([{ target: 'HEADER', op: 'SET', path: 'Authorization', value: 'x' }], ['m'])).toMatchObject({ index: 0 });
  });
});
