import { LedgerEntry, Package, User } from '../../../src/db/entities';
import type { ChangeEvent } from '../../../src/lib/change-bus';
import {
  AdjustUserQuotaDocument, MyInvitationDocument, PurchasePackageDocument, RefundOrderDocument, RegisterInvitedDocument, TopInvitersDocument,
  UpdateInvitationSettingsDocument, VerifyEmailDocument,
} from '../../generated/graphql';
import { LoopbackSmtp, verificationToken } from '../../support/loopback-smtp';
import { adminSession, expectTypename, gql, gqlData, TEST_PASSWORD } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { WEBHOOK_SECRET, balanceMismatches, postWebhook } from './money-helpers';

let smtp: LoopbackSmtp;
let app: TestApp;
let admin: string;
let weeklyId: string;
let eventCounter = 0;

/** The seeded SVIP Weekly package: 19.98 CNY for 10,000,000 quota. */
const WEEKLY_QUOTA = 10_000_000n;

beforeAll(async () => {
  smtp = await LoopbackSmtp.start();
  app = await startTestApp({
    SMTP_URL: smtp.url, PUBLIC_URL: 'https://gateway.test.local', EMAIL_VERIFICATION: 'true', SIGNUP_GRANT: '5000',
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYMENT_WEBHOOK_TOLERANCE_SECONDS: '300',
  });
  admin = await adminSession(app);
  weeklyId = String((await app.em().findOneOrFail(Package, { name: 'SVIP Weekly' })).id);
  await setRewards({ invitationRewardsEnabled: true, inviteVerifiedReward: '7000', inviteCommissionPercent: 10 });
});
afterEach(async () => expect(await balanceMismatches(app)).toEqual([]));
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function setRewards(input: { invitationRewardsEnabled?: boolean; inviteVerifiedReward?: string; inviteCommissionPercent?: number }) {
  return (await gqlData(app, UpdateInvitationSettingsDocument, { input }, admin)).updateSettings;
}

async function register(email: string, inviteCode?: string | null) {
  const { register } = await gqlData(app, RegisterInvitedDocument, { email, password: TEST_PASSWORD, inviteCode });
  const ok = expectTypename(register, 'RegisterSuccess');
  return { session: ok.sessionToken, userId: Number(ok.user.id) };
}

async function verify(email: string) {
  const token = verificationToken(await smtp.take(email));
  return (await gqlData(app, VerifyEmailDocument, { token })).verifyEmail;
}

const invitation = async (session: string) => (await gqlData(app, MyInvitationDocument, {}, session)).myInvitation;

async function inviteRows(userId: number) {
  const rows = await app.em().find(LedgerEntry, { user: userId, kind: { $in: ['INVITE_REWARD', 'INVITE_COMMISSION', 'INVITE_COMMISSION_REVERSAL'] } }, { orderBy: { id: 'asc' } });
  return rows.map((r) => ({ kind: r.kind, amount: r.amount, reference: r.reference }));
}

async function freeQuota(userId: number) {
  return (await app.em().findOneOrFail(User, userId)).freeQuota;
}

/** An inviter (verified, so their own sign-up grant is in) and their invitation code. */
async function inviter(email: string) {
  const user = await register(email);
  await verify(email);
  return { ...user, code: (await invitation(user.session)).code };
}

async function paidOrderOf(invitee: { session: string }) {
  const order = expectTypename((await gqlData(app, PurchasePackageDocument, { packageId: weeklyId }, invitee.session)).purchasePackage, 'Order');
  eventCounter++;
  const event = {
    id: `evt_inv_${eventCounter}`, type: 'payment.succeeded' as const,
    data: { orderId: order.id, amountMinor: 1998, currency: 'CNY', providerRef: `pi_inv_${eventCounter}` },
  };
  expect((await postWebhook(app, event)).json.status).toBe('processed');
  return { orderId: order.id, event };
}

describe('invitations', () => {
  it('gives every user a stable code; a sign-up through it is recorded, and verification pays the inviter once', async () => {
    const alice = await inviter('alice@invite.test');
    expect(alice.code).toMatch(/^[a-zA-Z0-9]{10}$/);
    expect((await invitation(alice.session)).code).toBe(alice.code);
    const before = await freeQuota(alice.userId);

    const bob = await register('bob@invite.test', alice.code);
    expect((await app.em().findOneOrFail(User, bob.userId)).invitedBy?.id).toBe(alice.userId);
    // Joined, but nothing is paid before Bob confirms his address.
    expect(await invitation(alice.session)).toMatchObject({ joined: 1, verified: 0, rewardsEarned: '0' });
    expect(await inviteRows(alice.userId)).toEqual([]);

    expect(await verify('bob@invite.test')).toMatchObject({ __typename: 'VerifyEmailSuccess', granted: '5000' });
    expect(await inviteRows(alice.userId)).toEqual([{ kind: 'INVITE_REWARD', amount: 7000n, reference: `invite:${bob.userId}` }]);
    expect(await freeQuota(alice.userId)).toBe(before + 7000n);
    expect(await invitation(alice.session)).toMatchObject({ joined: 1, verified: 1, rewardsEarned: '7000' });
    // Bob's own grant is his sign-up grant only; the invitation gives the invitee nothing extra.
    expect(await freeQuota(bob.userId)).toBe(5000n);
  });

  it('credits a share of each paid order once, however often the notice is replayed, and takes it back once on refund', async () => {
    const carol = await inviter('carol@invite.test');
    const dave = await register('dave@invite.test', carol.code);
    await verify('dave@invite.test');
    const afterReward = await freeQuota(carol.userId);

    const seen: ChangeEvent[] = [];
    const unsubscribe = app.server.services.changeBus.subscribe((e) => seen.push(e));
    const { orderId, event } = await paidOrderOf(dave);
    unsubscribe();
    // Other processes hear that Carol's balance changed (their quota leases for her are given back).
    expect(seen).toContainEqual({ topic: 'user', id: String(carol.userId) });
    const commission = (WEEKLY_QUOTA * 10n) / 100n;
    const reference = `invite-commission:order:${orderId}`;
    expect(await freeQuota(carol.userId)).toBe(afterReward + commission);
    // The same notice again, and a second notice for the same payment: neither credits again.
    expect((await postWebhook(app, event)).json.status).toBe('duplicate');
    expect((await postWebhook(app, { ...event, id: `${event.id}-again` })).json).toMatchObject({ status: 'ignored', orderStatus: 'PAID' });
    expect((await inviteRows(carol.userId)).filter((r) => r.kind === 'INVITE_COMMISSION')).toEqual([{ kind: 'INVITE_COMMISSION', amount: commission, reference }]);
    expect(await invitation(carol.session)).toMatchObject({ joined: 1, verified: 1, rewardsEarned: String(7000n + commission) });

    const refund = { ...event, id: `${event.id}-refund`, type: 'payment.refunded' as const };
    expect((await postWebhook(app, refund)).json.status).toBe('processed');
    expect((await postWebhook(app, refund)).json.status).toBe('duplicate');
    expect((await postWebhook(app, { ...refund, id: `${refund.id}-again` })).json).toMatchObject({ status: 'ignored', orderStatus: 'REFUNDED' });
    expect((await inviteRows(carol.userId)).filter((r) => r.kind !== 'INVITE_REWARD')).toEqual([
      { kind: 'INVITE_COMMISSION', amount: commission, reference },
      { kind: 'INVITE_COMMISSION_REVERSAL', amount: -commission, reference },
    ]);
    expect(await freeQuota(carol.userId)).toBe(afterReward);
    expect(await invitation(carol.session)).toMatchObject({ rewardsEarned: '7000' });
  });

  it('an admin refund takes back only what the inviter has not spent; the balance never goes below zero', async () => {
    const erin = await inviter('erin@invite.test');
    const frank = await register('frank@invite.test', erin.code);
    await verify('frank@invite.test');
    const { orderId } = await paidOrderOf(frank);
    const commission = (WEEKLY_QUOTA * 10n) / 100n;
    // Erin spends all but 1,000 units of her free quota (an admin adjustment stands in for usage).
    const spend = (await freeQuota(erin.userId)) - 1000n;
    const adjusted = (await gqlData(app, AdjustUserQuotaDocument, { userId: String(erin.userId), amount: String(-spend), memo: 'spent' }, admin)).adjustUserQuota;
    expect(adjusted.__typename).not.toMatch(/Error$/);

    const refunded = expectTypename((await gqlData(app, RefundOrderDocument, { orderId }, admin)).refundOrder, 'Order');
    expect(refunded.status).toBe('REFUNDED');
    const reversal = (await inviteRows(erin.userId)).find((r) => r.kind === 'INVITE_COMMISSION_REVERSAL');
    expect(reversal).toEqual({ kind: 'INVITE_COMMISSION_REVERSAL', amount: -1000n, reference: `invite-commission:order:${orderId}` });
    expect(await freeQuota(erin.userId)).toBe(0n);
    expect(commission).toBeGreaterThan(1000n);
  });

  it('switched off, invitations are still recorded but nothing is paid; an unknown code signs up without an inviter', async () => {
    const grace = await inviter('grace@invite.test');
    await setRewards({ invitationRewardsEnabled: false });
    try {
      const heidi = await register('heidi@invite.test', grace.code);
      await verify('heidi@invite.test');
      await paidOrderOf(heidi);
      expect(await invitation(grace.session)).toMatchObject({ joined: 1, verified: 1, rewardsEarned: '0' });
      expect(await inviteRows(grace.userId)).toEqual([]);
    } finally {
      await setRewards({ invitationRewardsEnabled: true });
    }
    const ivan = await register('ivan@invite.test', 'NoSuchCode1');
    expect((await app.em().findOneOrFail(User, ivan.userId)).invitedBy).toBeNull();
  });

  it('lists the top inviters to admins only', async () => {
    const judy = await inviter('judy@invite.test');
    for (const name of ['k1', 'k2', 'k3']) {
      await register(`${name}@invite.test`, judy.code);
      await verify(`${name}@invite.test`);
    }
    const top = (await gqlData(app, TopInvitersDocument, { limit: 2 }, admin)).topInviters;
    expect(top).toHaveLength(2);
    expect(top[0]).toMatchObject({ user: { email: 'judy@invite.test' }, joined: 3, verified: 3, rewardsEarned: '21000' });
    const refused = await gql(app, TopInvitersDocument, {}, judy.session);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses a commission percent out of range, naming the setting', async () => {
    expect(await setRewards({ inviteCommissionPercent: 101 })).toMatchObject({ __typename: 'InputValidationError', code: 'INVALID_INPUT' });
  });
});
