import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PACKAGE_STATUSES } from './enums';

/** A subscription package sold for money. Prices are integer minor units (fen, cents). */
export const Package = defineEntity({
  name: 'Package',
  tableName: 'packages',
  checks: [{ property: 'priceMinor', expression: 'price_minor >= 0' }],
  properties: {
    id: p.integer().primary(),
    name: p.string().length(128).unique(),
    description: p.text().default(''),
    priceMinor: p.integer(),
    currency: p.character().length(3).default('CNY'),
    durationDays: p.integer(),
    /** Quota granted for each period bought. */
    quotaPerPeriod: p.bigint(),
    unlocksTiers: p.array().default(['SVIP']),
    status: p.enum([...PACKAGE_STATUSES]).default('ACTIVE'),
    sortOrder: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IPackage = InferEntity<typeof Package>;
