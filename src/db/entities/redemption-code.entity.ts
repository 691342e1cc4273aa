import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { REDEMPTION_KINDS, REDEMPTION_STATUSES } from './enums';
import { Package } from './package.entity';
import { User } from './user.entity';

export const RedemptionCode = defineEntity({
  name: 'RedemptionCode',
  tableName: 'redemption_codes',
  checks: [{ property: 'maxUses', expression: 'max_uses >= 1' }, { property: 'usedCount', expression: 'used_count >= 0' }, { name: 'redemption_codes_uses_within_max', expression: 'used_count <= max_uses' }],
  properties: {
    id: p.integer().primary(),
    /** SHA-256 hex of the code; the plaintext is shown once when generated. */
    codeHash: p.character().length(64).unique(),
    displayPrefix: p.string().length(24),
    kind: p.enum([...REDEMPTION_KINDS]),
    quotaAmount: p.bigint().nullable(),
    package: () => p.manyToOne(Package).nullable(),
    maxUses: p.integer().default(1),
    usedCount: p.integer().default(0),
    expiresAt: p.datetime().nullable(),
    status: p.enum([...REDEMPTION_STATUSES]).default('ACTIVE'),
    memo: p.text().default(''),
    createdBy: () => p.manyToOne(User).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IRedemptionCode = InferEntity<typeof RedemptionCode>;

/** One row per (code, user): a user redeems a given code at most once. */
export const RedemptionUse = defineEntity({
  name: 'RedemptionUse',
  tableName: 'redemption_uses',
  uniques: [{ properties: ['code', 'user'] }],
  properties: {
    id: p.integer().primary(),
    code: () => p.manyToOne(RedemptionCode),
    user: () => p.manyToOne(User).index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IRedemptionUse = InferEntity<typeof RedemptionUse>;
