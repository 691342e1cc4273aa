import { BUDGET_PERIODS } from '../db/entities';
import {
  budgetStatus, setTokenBudget, setUserBudget, tokenBudgetStatus, userBudgetOf, type BudgetDeps, type BudgetStatus,
} from '../domain/quota/spend-budgets';
import { toEntityId } from '../domain/domain-result';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';
import { ownOrAdminScope } from './ownership';
import { TokenRef } from './tokens.schema';

// Spend budgets per key (its owner sets it) and per user (admins set it; the user reads it).

const deps = (ctx: GraphQLContext): BudgetDeps => ({ em: ctx.em, changeBus: ctx.services.changeBus });

const BudgetPeriodEnum = builder.enumType('BudgetPeriod', {
  values: BUDGET_PERIODS,
  description: 'A calendar window in the owner\'s time zone: DAY, WEEK (from Monday) or MONTH.',
});

const SpendBudgetRef = builder.objectRef<BudgetStatus>('SpendBudget').implement({
  description: 'A spend cap per window: requests that could take the window past `amount` are refused with 429 budget_exceeded until `resetsAt`.',
  fields: (t) => ({
    amount: t.expose('amount', { type: 'BigInt', description: 'Quota units per window.' }),
    period: t.field({ type: BudgetPeriodEnum, resolve: (b) => b.period }),
    spent: t.expose('spent', { type: 'BigInt', description: 'Charged in the current window.' }),
    remaining: t.expose('remaining', { type: 'BigInt', description: 'amount - spent (open holds of running requests not counted here).' }),
    resetsAt: t.expose('resetsAt', { type: 'DateTime', description: 'When the current window ends.' }),
  }),
});

const SpendBudgetInput = builder.inputType('SpendBudgetInput', {
  fields: (t) => ({
    amount: t.field({ type: 'BigInt', required: true, description: 'Quota units per window, 0 or more.' }),
    period: t.field({ type: BudgetPeriodEnum, required: true }),
  }),
});

builder.objectFields(TokenRef, (t) => ({
  budget: t.field({
    type: SpendBudgetRef,
    nullable: true,
    description: 'This key\'s spend budget and where it stands; null: none (the lifetime quotaCap still applies).',
    resolve: (tk, _args, ctx) => tokenBudgetStatus(ctx.em, tk),
  }),
}));

const UserBudgetRef = builder.objectRef<{ userId: number; budget: BudgetStatus | null }>('UserSpendBudget').implement({
  fields: (t) => ({
    userId: t.exposeID('userId'),
    budget: t.field({ type: SpendBudgetRef, nullable: true, description: 'Null: no budget over the user\'s keys.', resolve: (u) => u.budget }),
  }),
});

async function userBudgetStatus(ctx: GraphQLContext, userId: number): Promise<{ userId: number; budget: BudgetStatus | null }> {
  const row = await userBudgetOf(ctx.em, userId);
  return {
    userId,
    budget: row ? await budgetStatus(ctx.em, userId, { amount: row.amount, period: row.period, spent: row.spent, windowEndsAt: row.windowEndsAt ?? null }) : null,
  };
}

builder.queryFields((t) => ({
  userBudget: t.field({
    type: UserBudgetRef,
    description: 'A user\'s spend budget over all their keys: your own, or (admins) anyone\'s.',
    args: { userId: t.arg.id({ description: 'Default: yours.' }) },
    authScopes: (_root, args, ctx) => ownOrAdminScope(args.userId, ctx),
    resolve: (_root, args, ctx) => userBudgetStatus(ctx, args.userId == null ? ctx.viewer!.id : (toEntityId(args.userId) ?? 0)),
  }),
}));

builder.mutationFields((t) => ({
  setTokenBudget: t.field({
    type: TokenRef,
    description: 'Sets a spend budget on one of your keys (admins: any key); budget null removes it.',
    authScopes: { user: true },
    args: { tokenId: t.arg.id({ required: true }), budget: t.arg({ type: SpendBudgetInput }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'SetTokenBudgetResult' } },
    resolve: async (_root, { tokenId, budget }, ctx) => unwrap(await setTokenBudget(deps(ctx), ctx.viewer!, tokenId, budget ? { amount: BigInt(budget.amount), period: budget.period } : null)),
  }),
  setUserBudget: t.field({
    type: UserBudgetRef,
    description: 'Sets a spend budget over all of a user\'s keys; budget null removes it.',
    authScopes: { admin: true },
    args: { userId: t.arg.id({ required: true }), budget: t.arg({ type: SpendBudgetInput }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'SetUserBudgetResult' } },
    resolve: async (_root, { userId, budget }, ctx) => {
      const set = unwrap(await setUserBudget(deps(ctx), userId, budget ? { amount: BigInt(budget.amount), period: budget.period } : null));
      return userBudgetStatus(ctx, set?.user.id ?? toEntityId(userId)!);
    },
  }),
}));
