import type { EntityManager } from '@mikro-orm/postgresql';
import { BUDGET_PERIODS, User, UserBudget, type BudgetPeriod, type IToken, type IUserBudget } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import { invalid, notFound, ok, toEntityId, type Outcome } from '../domain-result';
import { findVisibleToken, type TokenOwner } from '../tokens/token.service';

/**
 * Spend budgets: at most `amount` quota units charged per calendar DAY, WEEK (from Monday) or
 * MONTH in the owner's time zone (UTC without one), per key and per user, beside a key's
 * lifetime cap. The data plane enforces them in the hold itself (gw_reserve_spare in the
 * migration Migration20261127200820_spend_budgets): charges in the window plus open holds never
 * pass the amount, so concurrent requests cannot overshoot; a request refused answers 429
 * `budget_exceeded` with the reset time.
 *
 * A budget set or changed mid-window starts from what was already spent in the window: the key's
 * usage rows, the user's ledger charges (a usage row is written a few milliseconds after its
 * charge, so a request finishing at that instant may be missed by the key's figure).
 */
export interface BudgetInput {
  amount: bigint;
  period: BudgetPeriod;
}

export interface BudgetStatus {
  amount: bigint;
  period: BudgetPeriod;
  /** Charged in the current window. */
  spent: bigint;
  remaining: bigint;
  /** When the current window ends and the budget starts afresh. */
  resetsAt: Date;
}

export interface BudgetDeps {
  em: EntityManager;
  changeBus: ChangeBus;
}

const MAX_BUDGET = 2n ** 62n;

function checkBudget(budget: BudgetInput | null): Outcome<null> {
  if (budget === null) return ok(null);
  if (budget.amount < 0n || budget.amount > MAX_BUDGET) return invalid('amount', 'A budget is a whole number of quota units, 0 or more.');
  if (!BUDGET_PERIODS.includes(budget.period)) return invalid('period', 'DAY, WEEK or MONTH.');
  return ok(null);
}

/** Sets (or with null removes) a key's budget; its owner or an admin. Counting starts from the window's usage so far. */
export async function setTokenBudget(
  deps: BudgetDeps, viewer: TokenOwner, tokenId: string | number, budget: BudgetInput | null,
): Promise<Outcome<IToken>> {
  const checked = checkBudget(budget);
  if (!checked.ok) return checked;
  const token = await findVisibleToken(deps.em, viewer, tokenId);
  if (!token) return notFound('Token');
  if (token.status === 'REVOKED') return invalid('tokenId', 'A revoked token cannot be changed.');
  const connection = deps.em.getConnection();
  if (budget === null) {
    await connection.execute(`update tokens set budget_amount = null, budget_period = null, budget_spent = 0, budget_window_ends_at = null where id = ?`, [token.id]);
  } else {
    await connection.execute(
      `update tokens t set budget_amount = ?, budget_period = ?, budget_window_ends_at = gw_budget_window_end(?, u.timezone, now()),
              budget_spent = coalesce((select sum(l.cost) from usage_logs l
                                        where l.token_id = t.id and l.created_at >= gw_budget_window_start(?, u.timezone, now())), 0)
         from users u where u.id = t.user_id and t.id = ?`,
      [budget.amount.toString(), budget.period, budget.period, budget.period, token.id],
    );
  }
  await deps.em.refresh(token);
  // A quota lease sized before this budget is given back (leases listen for token changes).
  await deps.changeBus.publish({ topic: 'token', id: token.keyHash });
  return ok(token);
}

/** Sets (or with null removes) a user's budget over all their keys; admins. Counting starts from the window's charges so far. */
export async function setUserBudget(deps: BudgetDeps, userId: string | number, budget: BudgetInput | null): Promise<Outcome<IUserBudget | null>> {
  const checked = checkBudget(budget);
  if (!checked.ok) return checked;
  const id = toEntityId(userId);
  const user = id === null ? null : await deps.em.findOne(User, { id });
  if (!user) return notFound('User');
  const connection = deps.em.getConnection();
  if (budget === null) {
    await connection.execute(`delete from user_budgets where user_id = ?`, [user.id]);
  } else {
    await connection.execute(
      `insert into user_budgets (user_id, amount, period, spent, window_ends_at, updated_at)
       select u.id, ?, ?, coalesce((select sum(-l.amount) from ledger_entries l
                                      where l.user_id = u.id and l.kind = 'USAGE_CHARGE' and l.created_at >= gw_budget_window_start(?, u.timezone, now())), 0),
              gw_budget_window_end(?, u.timezone, now()), now()
         from users u where u.id = ?
       on conflict (user_id) do update set amount = excluded.amount, period = excluded.period, spent = excluded.spent,
                                           window_ends_at = excluded.window_ends_at, updated_at = now()`,
      [budget.amount.toString(), budget.period, budget.period, budget.period, user.id],
    );
  }
  // The user's quota leases are given back, so the next hold is checked against the new budget.
  await deps.changeBus.publish({ topic: 'user', id: String(user.id) });
  deps.em.clear();
  return ok(budget === null ? null : await deps.em.findOneOrFail(UserBudget, { user: user.id }));
}

export function userBudgetOf(em: EntityManager, userId: number): Promise<IUserBudget | null> {
  return em.findOne(UserBudget, { user: userId });
}

/** Where a budget stands now; a window that has ended reads as a fresh one (the next charge resets it in the database). */
export async function budgetStatus(
  em: EntityManager, userId: number, budget: { amount: bigint; period: BudgetPeriod; spent: bigint; windowEndsAt: Date | null },
): Promise<BudgetStatus> {
  const now = new Date();
  const current = budget.windowEndsAt !== null && budget.windowEndsAt.getTime() > now.getTime();
  const spent = current ? budget.spent : 0n;
  let resetsAt = budget.windowEndsAt;
  if (!current || resetsAt === null) {
    const rows = await em.getConnection().execute<Array<{ ends: Date | string }>>(
      `select gw_budget_window_end(?, u.timezone, now()) as ends from users u where u.id = ?`, [budget.period, userId],
    );
    resetsAt = new Date(rows[0]!.ends);
  }
  return { amount: budget.amount, period: budget.period, spent, remaining: budget.amount > spent ? budget.amount - spent : 0n, resetsAt };
}

export function tokenBudgetStatus(em: EntityManager, token: IToken): Promise<BudgetStatus> | null {
  if (token.budgetAmount == null || token.budgetPeriod == null) return null;
  return budgetStatus(em, token.user.id, {
    amount: token.budgetAmount, period: token.budgetPeriod, spent: token.budgetSpent, windowEndsAt: token.budgetWindowEndsAt ?? null,
  });
}
