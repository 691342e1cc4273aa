import type { EntityManager } from '@mikro-orm/postgresql';
import type { LedgerKind } from '../../db/entities';
import { changeFreeQuota } from '../quota/free-quota-ledger';
import type { RuntimeSettingsValues } from '../settings/settings-definitions';

/** What an inviter earns, from the runtime settings in force when the rewarded event happens. */
export interface InvitationRewardRules {
  enabled: boolean;
  /** Free quota when the invitee confirms their e-mail address. */
  verifiedReward: bigint;
  /** Percent of the quota each paid order of the invitee grants. */
  commissionPercent: number;
}

export function invitationRewardRules(
  settings: Pick<RuntimeSettingsValues, 'invitationRewardsEnabled' | 'inviteVerifiedReward' | 'inviteCommissionPercent'>,
): InvitationRewardRules {
  return { enabled: settings.invitationRewardsEnabled, verifiedReward: settings.inviteVerifiedReward, commissionPercent: settings.inviteCommissionPercent };
}

/** A change an invitation made to an inviter's free quota (signed), so the caller can announce it once committed. */
export interface InviterCredit {
  inviterId: number;
  amount: bigint;
}

/** Rewards are never given: for callers that create accounts no invitation can pay for (an admin's). */
export const NO_INVITATION_REWARDS: InvitationRewardRules = { enabled: false, verifiedReward: 0n, commissionPercent: 0 };

const verifiedReference = (inviteeId: number) => `invite:${inviteeId}`;
const commissionReference = (orderId: number) => `invite-commission:order:${orderId}`;

async function alreadyRecorded(tx: EntityManager, kind: LedgerKind, reference: string): Promise<boolean> {
  // Asked first rather than caught: a unique violation would abort the caller's whole transaction.
  const rows = await tx.execute<unknown[]>('select 1 from ledger_entries where kind = ? and reference = ?', [kind, reference]);
  return rows.length > 0;
}

/** The live account that invited this user, if any. */
async function inviterOf(tx: EntityManager, userId: number): Promise<number | null> {
  const [row] = await tx.execute<{ inviter: number | null }[]>(
    `select i.id as inviter from users u join users i on i.id = u.invited_by_id and i.deleted_at is null where u.id = ?`, [userId],
  );
  return row?.inviter ?? null;
}

/**
 * Credits the inviter of a user whose address was just confirmed (by the mailed link, or by a
 * sign-in provider vouching for it at sign-up). Keyed `invite:<invitee id>` in the ledger, so an
 * invitee pays their inviter once whatever happens later. Runs in the caller's transaction.
 */
export async function rewardInviterForVerification(
  tx: EntityManager, inviteeId: number, rules: InvitationRewardRules,
): Promise<InviterCredit | null> {
  if (!rules.enabled || rules.verifiedReward <= 0n) return null;
  const inviterId = await inviterOf(tx, inviteeId);
  const reference = verifiedReference(inviteeId);
  if (inviterId === null || (await alreadyRecorded(tx, 'INVITE_REWARD', reference))) return null;
  const credit = await changeFreeQuota(tx, {
    userId: inviterId, amount: rules.verifiedReward, kind: 'INVITE_REWARD', reference, memo: `invited user ${inviteeId} confirmed their e-mail`,
  });
  if (!credit.ok) throw new Error(`invitation reward failed: ${credit.reason}`);
  return { inviterId, amount: rules.verifiedReward };
}

/**
 * Credits the inviter of the user who paid an order with `commissionPercent` of the quota the
 * order granted, rounded down. The share is of quota rather than money: orders come in many
 * currencies and the gateway keeps no exchange rates, while the quota an order grants is its
 * value in the gateway's own unit. Keyed by order, so a replayed payment notice credits once
 * (the order's PENDING -> PAID update already lets only one through). Runs in the caller's transaction.
 */
export async function creditOrderCommission(
  tx: EntityManager, order: { orderId: number; userId: number; quotaGranted: bigint }, rules: InvitationRewardRules,
): Promise<InviterCredit | null> {
  if (!rules.enabled || rules.commissionPercent <= 0) return null;
  const amount = (order.quotaGranted * BigInt(rules.commissionPercent)) / 100n;
  if (amount <= 0n) return null;
  const inviterId = await inviterOf(tx, order.userId);
  const reference = commissionReference(order.orderId);
  if (inviterId === null || (await alreadyRecorded(tx, 'INVITE_COMMISSION', reference))) return null;
  const credit = await changeFreeQuota(tx, {
    userId: inviterId, amount, kind: 'INVITE_COMMISSION', reference, memo: `${rules.commissionPercent}% of order ${order.orderId}`,
  });
  if (!credit.ok) throw new Error(`invitation commission failed: ${credit.reason}`);
  return { inviterId, amount };
}

/**
 * Takes back the commission a refunded order paid, once (keyed by order like the credit), whether
 * or not rewards are still switched on: the order it was a share of no longer stands. Only what
 * the inviter has not spent or reserved can be taken (a balance never goes below zero); the ledger
 * row says how much was taken and its memo what could not be. Runs in the caller's transaction.
 */
export async function reverseOrderCommission(tx: EntityManager, orderId: number): Promise<InviterCredit | null> {
  const reference = commissionReference(orderId);
  const [credited] = await tx.execute<{ user_id: number; amount: string }[]>(
    `select user_id, amount from ledger_entries where kind = 'INVITE_COMMISSION' and reference = ?`, [reference],
  );
  if (!credited || (await alreadyRecorded(tx, 'INVITE_COMMISSION_REVERSAL', reference))) return null;
  const owed = BigInt(credited.amount);
  const [inviter] = await tx.execute<{ spendable: string }[]>(
    'select greatest(free_quota - free_reserved, 0) as spendable from users where id = ? for update', [credited.user_id],
  );
  const spendable = BigInt(inviter?.spendable ?? '0');
  const taken = owed < spendable ? owed : spendable;
  const memo = taken === owed ? `order ${orderId} refunded` : `order ${orderId} refunded; ${owed - taken} already spent, not taken back`;
  const debit = await changeFreeQuota(tx, { userId: credited.user_id, amount: -taken, kind: 'INVITE_COMMISSION_REVERSAL', reference, memo });
  if (!debit.ok) throw new Error(`invitation commission reversal failed: ${debit.reason}`);
  return { inviterId: credited.user_id, amount: -taken };
}
