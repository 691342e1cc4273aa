import { LedgerEntry, Package, RedemptionCode, RedemptionUse, User } from '../../../src/db/entities';
import { sha256Hex } from '../../../src/lib/key-material';
import {
  GenerateRedemptionCodesDocument, RedeemCodeDocument, RedemptionCodesDocument, type GenerateRedemptionCodesInput,
} from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { balanceMismatches } from './money-helpers';

let app: TestApp;
let admin: string;
let weeklyId: string;

beforeAll(async () => {
  app = await startTestApp({ SIGNUP_GRANT: '100' });
  admin = await adminSession(app);
  weeklyId = String((await app.em().findOneOrFail(Package, { name: 'SVIP Weekly' })).id);
});
afterEach(async () => expect(await balanceMismatches(app)).toEqual([]));
afterAll(() => app.close());

async function generate(input: GenerateRedemptionCodesInput) {
  const res = (await gqlData(app, GenerateRedemptionCodesDocument, { input }, admin)).generateRedemptionCodes;
  return expectTypename(res, 'GenerateRedemptionCodesSuccess').codes;
}

describe('generateRedemptionCodes', () => {
  it('returns plaintext codes once and stores only their hashes', async () => {
    const codes = await generate({ kind: 'QUOTA', quotaAmount: '5000', count: 3, maxUses: 2, memo: 'launch' });
    expect(codes).toHaveLength(3);
    for (const { code, redemptionCode } of codes) {
      expect(code).toMatch(/^rc-[A-Za-z0-9]{32}$/);
      expect(redemptionCode).toMatchObject({ kind: 'QUOTA', quotaAmount: '5000', maxUses: 2, usedCount: 0 });
      expect(code.startsWith(redemptionCode.displayPrefix)).toBe(true);
      const stored = await app.em().findOneOrFail(RedemptionCode, Number(redemptionCode.id));
      expect(stored.codeHash).toBe(sha256Hex(code));
      expect(JSON.stringify(stored)).not.toContain(code);
    }
    const listed = (await gqlData(app, RedemptionCodesDocument, { first: 10 }, admin)).redemptionCodes.edges;
    expect(listed.length).toBeGreaterThanOrEqual(3);
  });

  it('validates the batch with typed errors and is admin-only', async () => {
    const cases: Array<[GenerateRedemptionCodesInput, string]> = [
      [{ kind: 'QUOTA', count: 1 }, 'quotaAmount'],
      [{ kind: 'QUOTA', quotaAmount: '1', count: 0 }, 'count'],
      [{ kind: 'QUOTA', quotaAmount: '1', count: 1001 }, 'count'],
      [{ kind: 'QUOTA', quotaAmount: '1', count: 1, maxUses: 0 }, 'maxUses'],
      [{ kind: 'PACKAGE', count: 1 }, 'packageId'],
      [{ kind: 'PACKAGE', packageId: '424242', count: 1 }, 'packageId'],
      [{ kind: 'QUOTA', quotaAmount: '1', count: 1, expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
    ];
    for (const [input, field] of cases) {
      const res = (await gqlData(app, GenerateRedemptionCodesDocument, { input }, admin)).generateRedemptionCodes;
      expect({ input, res }).toMatchObject({ res: { __typename: 'InputValidationError', field } });
    }
    const user = await signUp(app, 'gen-user@money.test');
    const denied = await gql(app, GenerateRedemptionCodesDocument, { input: { kind: 'QUOTA', quotaAmount: '1', count: 1 } }, user.session);
    expect(denied.errors?.[0]?.message).toMatch(/not authorized/i);
  });
});

describe('redeemCode', () => {
  it('credits free quota once per user with a REDEMPTION ledger row', async () => {
    const [{ code, redemptionCode }] = await generate({ kind: 'QUOTA', quotaAmount: '5000', count: 1, maxUses: 5 });
    const user = await signUp(app, 'redeem-quota@money.test');
    const first = expectTypename((await gqlData(app, RedeemCodeDocument, { code: `  ${code} ` }, user.session)).redeemCode, 'RedeemCodeSuccess');
    expect(first).toMatchObject({ kind: 'QUOTA', quotaAmount: '5000', subscription: null, user: { freeQuota: '5100' } });
    const again = (await gqlData(app, RedeemCodeDocument, { code }, user.session)).redeemCode;
    expect(again).toMatchObject({ __typename: 'AlreadyRedeemedError', code: 'ALREADY_REDEEMED' });
    const rows = await app.em().find(LedgerEntry, { user: user.userId, kind: 'REDEMPTION' });
    expect(rows.map((r) => [r.amount, r.reference])).toEqual([[5000n, `redeem:${redemptionCode.id}:${user.userId}`]]);
  });

  it('applies a 3-use code exactly 3 times when 10 users redeem it at once', async () => {
    const [{ code, redemptionCode }] = await generate({ kind: 'QUOTA', quotaAmount: '700', count: 1, maxUses: 3 });
    const users = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(app, `crowd-${i}@money.test`)));
    const results = await Promise.all(users.map((u) => gqlData(app, RedeemCodeDocument, { code }, u.session)));
    const names = results.map((r) => r.redeemCode.__typename);
    expect(names.filter((n) => n === 'RedeemCodeSuccess')).toHaveLength(3);
    expect(names.filter((n) => n === 'CodeExhaustedError')).toHaveLength(7);

    const id = Number(redemptionCode.id);
    expect((await app.em().findOneOrFail(RedemptionCode, id)).usedCount).toBe(3);
    expect(await app.em().count(RedemptionUse, { code: id })).toBe(3);
    expect(await app.em().count(LedgerEntry, { kind: 'REDEMPTION', reference: { $like: `redeem:${id}:%` } })).toBe(3);
    const balances = await app.em().find(User, { id: { $in: users.map((u) => u.userId) } });
    expect(balances.map((u) => u.freeQuota).sort()).toEqual([100n, 100n, 100n, 100n, 100n, 100n, 100n, 800n, 800n, 800n].sort());
  });

  it('applies a code once when one user sends it 10 times at once', async () => {
    const [{ code }] = await generate({ kind: 'QUOTA', quotaAmount: '50', count: 1, maxUses: 100 });
    const user = await signUp(app, 'impatient@money.test');
    const results = await Promise.all(Array.from({ length: 10 }, () => gqlData(app, RedeemCodeDocument, { code }, user.session)));
    const names = results.map((r) => r.redeemCode.__typename);
    expect(names.filter((n) => n === 'RedeemCodeSuccess')).toHaveLength(1);
    expect(names.filter((n) => n === 'AlreadyRedeemedError')).toHaveLength(9);
    expect((await app.em().findOneOrFail(User, user.userId)).freeQuota).toBe(150n);
  });

  it('answers unknown, expired and disabled codes with typed errors', async () => {
    const user = await signUp(app, 'redeem-errors@money.test');
    expect((await gqlData(app, RedeemCodeDocument, { code: 'rc-nope' }, user.session)).redeemCode).toMatchObject({ __typename: 'InvalidCodeError' });

    const [expiring, disabled] = await generate({ kind: 'QUOTA', quotaAmount: '1', count: 2, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await app.em().execute(`update redemption_codes set expires_at = now() - interval '1 second' where id = ?`, [Number(expiring!.redemptionCode.id)]);
    await app.em().execute(`update redemption_codes set status = 'DISABLED' where id = ?`, [Number(disabled!.redemptionCode.id)]);
    expect((await gqlData(app, RedeemCodeDocument, { code: expiring!.code }, user.session)).redeemCode).toMatchObject({ __typename: 'CodeExpiredError' });
    expect((await gqlData(app, RedeemCodeDocument, { code: disabled!.code }, user.session)).redeemCode).toMatchObject({ __typename: 'InvalidCodeError' });
    expect(await app.em().count(RedemptionUse, { user: user.userId })).toBe(0);
  });

  it('PACKAGE codes create, then extend, a subscription like a paid order', async () => {
    const codes = await generate({ kind: 'PACKAGE', packageId: weeklyId, count: 2 });
    const user = await signUp(app, 'redeem-package@money.test');
    const first = expectTypename((await gqlData(app, RedeemCodeDocument, { code: codes[0]!.code }, user.session)).redeemCode, 'RedeemCodeSuccess');
    expect(first).toMatchObject({ kind: 'PACKAGE', quotaAmount: '10000000', user: { freeQuota: '100', totalQuota: '10000100' } });
    expect(first.subscription).toMatchObject({ status: 'ACTIVE', quotaTotal: '10000000', package: { id: weeklyId } });
    const second = expectTypename((await gqlData(app, RedeemCodeDocument, { code: codes[1]!.code }, user.session)).redeemCode, 'RedeemCodeSuccess');
    expect(second.subscription!.id).toBe(first.subscription!.id);
    expect(second.subscription!.quotaTotal).toBe('20000000');
    const rows = await app.em().find(LedgerEntry, { subscription: Number(first.subscription!.id) }, { orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.kind, r.bucket, r.amount])).toEqual([
      ['REDEMPTION', 'SUBSCRIPTION', 10_000_000n],
      ['REDEMPTION', 'SUBSCRIPTION', 10_000_000n],
    ]);
  });
});
