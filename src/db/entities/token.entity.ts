import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BUDGET_PERIODS, TOKEN_STATUSES } from './enums';
import { Group } from './group.entity';
import { User } from './user.entity';

export const Token = defineEntity({
  name: 'Token',
  tableName: 'tokens',
  indexes: [{ properties: ['user', 'createdAt'] }],
  checks: [
    { property: 'reservedQuota', expression: 'reserved_quota >= 0' },
    { name: 'tokens_budget_amount_check', expression: 'budget_amount is null or budget_amount >= 0' },
  ],
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User),
    group: () => p.manyToOne(Group).index(),
    name: p.string().length(128),
    /** SHA-256 hex of the whole `sk-` key: the hot lookup of the data plane. */
    keyHash: p.character().length(64).unique(),
    /** What the console shows, e.g. `sk-a1b2c3d4`. */
    displayPrefix: p.string().length(24),
    status: p.enum([...TOKEN_STATUSES]).default('ACTIVE'),
    /** An admin (not the owner) disabled it: only an admin may enable it again. */
    disabledByAdmin: p.boolean().default(false),
    expiresAt: p.datetime().nullable(),
    /** Optional cap on what this key may spend in total (quota units). */
    quotaCap: p.bigint().nullable(),
    usedQuota: p.bigint().default(0),
    /** Held by in-flight requests against the cap. */
    reservedQuota: p.bigint().default(0),
    /**
     * A spend budget per calendar window (DAY, WEEK or MONTH in the owner's time zone), beside the
     * lifetime cap; both null: none. Charges and open holds count against it (gw_reserve_spare).
     */
    budgetAmount: p.bigint().nullable(),
    budgetPeriod: p.enum([...BUDGET_PERIODS]).nullable(),
    /** Charged in the window that ends at budgetWindowEndsAt (kept by a trigger on used_quota). */
    budgetSpent: p.bigint().default(0),
    budgetWindowEndsAt: p.datetime().nullable(),
    allowedModels: p.array().nullable(),
    allowedIps: p.array().nullable(),
    /** Requests per minute for this key; null: the gateway default (RATE_LIMIT_RPM); 0: unlimited. */
    rateLimitRpm: p.integer().nullable(),
    /** Requests in progress at once for this key; null: the gateway default (the defaultMaxConcurrentPerKey setting); 0: no per-key limit. */
    maxConcurrent: p.integer().nullable(),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    /** Soft deletion: kept for the ledger and usage rows that name it, gone everywhere else. */
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IToken = InferEntity<typeof Token>;
