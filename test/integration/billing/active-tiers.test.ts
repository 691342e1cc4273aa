import type { SqlRunner } from '../../../src/db/sql-runner';
import { ActiveTiersCache } from '../../../src/domain/billing/active-tiers-cache';
import { LocalChangeBus } from '../../../src/lib/change-bus';
import { createSubscription, createUser, newBilling, openBillingDb, type BillingDb } from './billing-fixtures';

let db: BillingDb;
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(() => db.close());

/** The real runner, counting the queries that reach the database. */
function countingRunner(sql: SqlRunner): { sql: SqlRunner; calls: () => number } {
  let calls = 0;
  const counted: SqlRunner = (text, params) => {
    calls++;
    return sql(text, params);
  };
  return { sql: counted, calls: () => calls };
}

describe('activeTiers', () => {
  it('reports the tiers of active subscriptions only', async () => {
    const { billing } = await newBilling(db);
    const userId = await createUser(db);
    await createSubscription(db, userId, { quota: 1n, endsInMs: -1_000, tiers: ['EXPIRED_TIER'] });
    await createSubscription(db, userId, { quota: 1n, status: 'CANCELLED', tiers: ['CANCELLED_TIER'] });
    await createSubscription(db, userId, { quota: 1n, tiers: ['SVIP'] });
    await createSubscription(db, userId, { quota: 1n, tiers: ['SVIP', 'GOLD'] });
    expect([...(await billing.activeTiers(userId))].sort()).toEqual(['GOLD', 'SVIP']);
    expect((await billing.activeTiers(await createUser(db))).size).toBe(0);
  });

  it('serves from cache until the change bus says the user\'s subscriptions changed', async () => {
    const counter = countingRunner(db.sql);
    const bus = new LocalChangeBus();
    const cache = new ActiveTiersCache(counter.sql, bus, { maxAgeMs: 60_000 });
    const userId = await createUser(db);
    const otherId = await createUser(db);
    expect((await cache.get(userId)).size).toBe(0);
    expect((await cache.get(otherId)).size).toBe(0);
    await createSubscription(db, userId, { quota: 1n });
    expect((await cache.get(userId)).size).toBe(0); // still cached
    expect(counter.calls()).toBe(2);

    await bus.publish({ topic: 'subscription', id: String(userId) });
    expect([...(await cache.get(userId))]).toEqual(['SVIP']);
    expect((await cache.get(otherId)).size).toBe(0); // untouched by another user's event
    expect(counter.calls()).toBe(3);

    await bus.publish({ topic: 'all' });
    await cache.get(userId);
    await cache.get(otherId);
    expect(counter.calls()).toBe(5);
    cache.dispose();
  });

  it('shares one query between concurrent misses and drops a load that an invalidation overtook', async () => {
    const counter = countingRunner(db.sql);
    const bus = new LocalChangeBus();
    const cache = new ActiveTiersCache(counter.sql, bus, { maxAgeMs: 60_000 });
    const userId = await createUser(db);
    const sets = await Promise.all(Array.from({ length: 20 }, () => cache.get(userId)));
    expect(counter.calls()).toBe(1);
    expect(new Set(sets).size).toBe(1);

    await bus.publish({ topic: 'subscription', id: String(userId) });
    const stale = cache.get(userId); // starts a load...
    await createSubscription(db, userId, { quota: 1n });
    await bus.publish({ topic: 'subscription', id: String(userId) }); // ...that this change overtakes
    await stale;
    expect([...(await cache.get(userId))]).toEqual(['SVIP']);
    cache.dispose();
  });

  it('expires an entry when a subscription it saw ends, without any event', async () => {
    const bus = new LocalChangeBus();
    const cache = new ActiveTiersCache(db.sql, bus, { maxAgeMs: 60_000 });
    const userId = await createUser(db);
    await createSubscription(db, userId, { quota: 1n, endsInMs: 400 });
    expect([...(await cache.get(userId))]).toEqual(['SVIP']);
    await new Promise((r) => setTimeout(r, 600));
    expect((await cache.get(userId)).size).toBe(0);
    cache.dispose();
  });
});
