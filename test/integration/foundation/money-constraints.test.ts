import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { CheckIn, Group, LedgerEntry, Token, User } from '../../../src/db/entities';
import { changeFreeQuota } from '../../../src/domain/quota/free-quota-ledger';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function newUser(email: string) {
  const em = app.em();
  const user = em.create(User, { email, passwordHash: 'x' });
  await em.flush();
  return user;
}

describe('entities round-trip through PostgreSQL', () => {
  it('keeps bigint quota exact beyond 2^53', async () => {
    const em = app.em();
    const user = em.create(User, { email: 'big@test.local', passwordHash: 'x', freeQuota: 9007199254740993n });
    await em.flush();
    const loaded = await app.em().findOneOrFail(User, user.id);
    expect(loaded.freeQuota).toBe(9007199254740993n);
    expect(loaded.role).toBe('USER');
    expect(loaded.status).toBe('ACTIVE');
  });

  it('stores token allow-lists as arrays and the key only as a hash', async () => {
    const user = await newUser('arrays@test.local');
    const em = app.em();
    const group = await em.findOneOrFail(Group, { name: 'default' });
    em.create(Token, {
      user: user.id, group, name: 'k', keyHash: 'a'.repeat(64), displayPrefix: 'sk-abcdefgh',
      allowedModels: ['gpt-4o-mini'], allowedIps: ['10.0.0.0/8', '127.0.0.1'], quotaCap: 123n,
    });
    await em.flush();
    const token = await app.em().findOneOrFail(Token, { keyHash: 'a'.repeat(64) });
    expect(token.allowedModels).toEqual(['gpt-4o-mini']);
    expect(token.allowedIps).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(token.quotaCap).toBe(123n);
  });
});

describe('constraints that protect money', () => {
  it('refuses a second check-in for the same user and day', async () => {
    const user = await newUser('checkin@test.local');
    const em = app.em();
    em.create(CheckIn, { user: user.id, day: '2026-11-22', amount: 100n });
    await em.flush();
    const again = app.em();
    again.create(CheckIn, { user: user.id, day: '2026-11-22', amount: 100n });
    await expect(again.flush()).rejects.toBeInstanceOf(UniqueConstraintViolationException);
    const next = app.em();
    next.create(CheckIn, { user: user.id, day: '2026-11-23', amount: 100n });
    await expect(next.flush()).resolves.toBeUndefined();
  });

  it('refuses a second usage charge for the same request id', async () => {
    const user = await newUser('charge@test.local');
    const row = { user: user.id, bucket: 'FREE' as const, amount: -10n, balanceAfter: 0n, kind: 'USAGE_CHARGE' as const, requestId: 'req_1' };
    const em = app.em();
    em.create(LedgerEntry, row);
    await em.flush();
    const again = app.em();
    again.create(LedgerEntry, row);
    await expect(again.flush()).rejects.toBeInstanceOf(UniqueConstraintViolationException);
  });

  it('applies a referenced grant once and keeps balance = sum of ledger', async () => {
    const user = await newUser('grant@test.local');
    const grant = { userId: user.id, amount: 500n, kind: 'CHECK_IN' as const, reference: `check-in:${user.id}:2026-11-22` };
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => changeFreeQuota(app.em(), grant)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(Array(4).fill('ALREADY_APPLIED'));
    const balance = (await app.em().findOneOrFail(User, user.id)).freeQuota;
    const entries = await app.em().find(LedgerEntry, { user: user.id });
    expect(balance).toBe(500n);
    expect(entries.reduce((sum, e) => sum + e.amount, 0n)).toBe(balance);
  });

  it('never lets free quota go negative', async () => {
    const user = await newUser('negative@test.local');
    await changeFreeQuota(app.em(), { userId: user.id, amount: 100n, kind: 'ADMIN_ADJUSTMENT' });
    const result = await changeFreeQuota(app.em(), { userId: user.id, amount: -101n, kind: 'ADMIN_ADJUSTMENT' });
    expect(result).toEqual({ ok: false, reason: 'INSUFFICIENT_BALANCE' });
    expect((await app.em().findOneOrFail(User, user.id)).freeQuota).toBe(100n);
    expect(await app.em().count(LedgerEntry, { user: user.id })).toBe(1);
  });
});
