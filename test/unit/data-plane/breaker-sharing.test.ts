import { BreakerRegistry, type BreakerChange } from '../../../src/domain/routing/circuit-breaker';

// What one instance's breaker reports for the others (RedisBreakerSync publishes it) and how it
// takes theirs: a clock that tests move by hand.

function registry(now: { t: number }) {
  const transitions: Array<[number, BreakerChange]> = [];
  const changes: Array<[number, string, string]> = [];
  const breakers = new BreakerRegistry(
    {
      failures: 2,
      cooldownMs: 1_000,
      onTransition: (id, change) => transitions.push([id, change]),
      onStateChange: (id, state, _err, origin) => changes.push([id, state, origin]),
    },
    () => now.t,
  );
  return { breakers, transitions, changes };
}

describe('BreakerRegistry across instances', () => {
  it('reports every opening, a re-opening after a failed probe and a close, with the time it opens until', () => {
    const now = { t: 10_000 };
    const { breakers, transitions, changes } = registry(now);
    breakers.onFailure(1, 'HTTP 503');
    expect(transitions).toEqual([]);
    breakers.onFailure(1, 'HTTP 503');
    expect(transitions).toEqual([[1, { state: 'OPEN', openUntil: 11_000, lastError: 'HTTP 503' }]]);
    now.t = 11_000;
    expect(breakers.acquire(1)).toBe(true);
    breakers.onFailure(1, 'HTTP 502');
    expect(transitions.at(-1)).toEqual([1, { state: 'OPEN', openUntil: 12_000, lastError: 'HTTP 502' }]);
    now.t = 12_000;
    expect(breakers.acquire(1)).toBe(true);
    breakers.onSuccess(1);
    expect(transitions.at(-1)).toEqual([1, { state: 'CLOSED' }]);
    expect(changes).toEqual([[1, 'OPEN', 'local'], [1, 'CLOSED', 'local']]);
  });

  it('takes a remote opening until its time, keeps the later one, ignores one already over, and closes on a remote close without re-reporting', () => {
    const now = { t: 10_000 };
    const { breakers, transitions, changes } = registry(now);
    breakers.applyRemote(5, { state: 'OPEN', openUntil: 9_000, lastError: 'old' });
    expect(breakers.health(5).state).toBe('CLOSED');
    breakers.applyRemote(5, { state: 'OPEN', openUntil: 15_000, lastError: 'HTTP 503' });
    expect(breakers.health(5)).toMatchObject({ state: 'OPEN', lastError: 'HTTP 503', failures: 0, openUntil: new Date(15_000) });
    expect(breakers.canAttempt(5)).toBe(false);
    breakers.applyRemote(5, { state: 'OPEN', openUntil: 14_000, lastError: 'earlier' });
    expect(breakers.health(5).openUntil).toEqual(new Date(15_000));
    breakers.applyRemote(5, { state: 'CLOSED' });
    expect(breakers.health(5).state).toBe('CLOSED');
    expect(breakers.canAttempt(5)).toBe(true);
    expect(transitions).toEqual([]);
    expect(changes).toEqual([[5, 'OPEN', 'remote'], [5, 'CLOSED', 'remote']]);
  });
});
