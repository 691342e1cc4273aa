import { BreakerRegistry, RECENT_WINDOW } from '../../../src/domain/routing/circuit-breaker';

describe('BreakerRegistry recent outcomes', () => {
  it('counts the latest RECENT_WINDOW outcomes only', () => {
    const b = new BreakerRegistry({ failures: 1_000, cooldownMs: 1000 }, () => 0);
    expect(b.health(7)).toMatchObject({ recentRequests: 0, recentFailures: 0 });
    for (let i = 0; i < RECENT_WINDOW; i++) b.onFailure(7, 'boom');
    expect(b.health(7)).toMatchObject({ recentRequests: RECENT_WINDOW, recentFailures: RECENT_WINDOW });
    for (let i = 0; i < 30; i++) b.onSuccess(7);
    expect(b.health(7)).toMatchObject({ recentRequests: RECENT_WINDOW, recentFailures: RECENT_WINDOW - 30, successes: 30, failures: RECENT_WINDOW });
    for (let i = 0; i < RECENT_WINDOW; i++) b.onSuccess(7);
    expect(b.health(7)).toMatchObject({ recentRequests: RECENT_WINDOW, recentFailures: 0, consecutiveFailures: 0 });
  });

  it('an inconclusive request is not an outcome', () => {
    const b = new BreakerRegistry({ failures: 3, cooldownMs: 1000 }, () => 0);
    b.onSuccess(1);
    b.onInconclusive(1);
    expect(b.health(1)).toMatchObject({ recentRequests: 1, recentFailures: 0 });
  });
});
