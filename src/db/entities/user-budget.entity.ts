import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BUDGET_PERIODS } from './enums';
import { User } from './user.entity';

/**
 * A user's spend budget per calendar window in their time zone, over all their keys. A table of
 * its own (not columns on users) so the charge that counts into it locks it last, after the
 * bucket and the token (see the migration Migration20261127200820_spend_budgets).
 */
export const UserBudget = defineEntity({
  name: 'UserBudget',
  tableName: 'user_budgets',
  checks: [{ name: 'user_budgets_amount_check', expression: 'amount >= 0' }],
  properties: {
    user: () => p.oneToOne(User).primary().owner(),
    amount: p.bigint(),
    period: p.enum([...BUDGET_PERIODS]),
    /** Charged in the window ending at windowEndsAt (kept by a trigger on the USAGE_CHARGE ledger rows). */
    spent: p.bigint().default(0),
    windowEndsAt: p.datetime().nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IUserBudget = InferEntity<typeof UserBudget>;
