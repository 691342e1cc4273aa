import type { BreakerHealth } from '../../../src/domain/routing/circuit-breaker';
import { combineHealth } from '../../../src/domain/routing/channel-health-reports';

// How the cluster-wide channel health view combines what each live instance saw.

const closed: BreakerHealth = {
  state: 'CLOSED', consecutiveFailures: 0, successes: 0, failures: 0, lastError: null, lastErrorAt: null, openUntil: null, recentRequests: 0, recentFailures: 0,
};

it('open anywhere is open; counts add up; the latest error and the longest streak win', () => {
  const a: BreakerHealth = {
    ...closed, state: 'OPEN', consecutiveFailures: 3, failures: 3, successes: 1, recentRequests: 4, recentFailures: 3,
    lastError: 'HTTP 503', lastErrorAt: new Date('2026-11-27T10:00:00Z'), openUntil: new Date('2026-11-27T10:10:00Z'),
  };
  const b: BreakerHealth = {
    ...closed, consecutiveFailures: 1, failures: 1, successes: 7, recentRequests: 8, recentFailures: 1,
    lastError: 'HTTP 429', lastErrorAt: new Date('2026-11-27T10:05:00Z'),
  };
  expect(combineHealth([b, a])).toEqual({
    state: 'OPEN', consecutiveFailures: 3, successes: 8, failures: 4, recentRequests: 12, recentFailures: 4,
    lastError: 'HTTP 429', lastErrorAt: new Date('2026-11-27T10:05:00Z'), openUntil: new Date('2026-11-27T10:10:00Z'),
  });
});

it('half-open beats closed, and a closed channel has no open-until', () => {
  expect(combineHealth([closed, { ...closed, state: 'HALF_OPEN', openUntil: new Date(0) }]).state).toBe('HALF_OPEN');
  expect(combineHealth([closed, closed])).toEqual(closed);
  expect(combineHealth([])).toEqual(closed);
});
