import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { LEDGER_KINDS, QUOTA_BUCKETS } from './enums';
import { Subscription } from './subscription.entity';
import { User } from './user.entity';

/**
 * Every change of a balance. For each bucket, balance = sum(amount) of its rows.
 * (request_id, kind) is unique so a request is charged at most once; (kind, reference)
 * is unique so a grant tied to an event (order paid, check-in, code use) happens once. The
 * latter is partial (rows with a reference) so the charge-once lookup can never use it
 * (migration Migration20261122050000_ledger_reference_partial). The table is partitioned by month,
 * so both are enforced by key tables a trigger writes, under these constraint names
 * (docs/data-at-scale.md); the schema comparison leaves the table to its migrations.
 */
export const LedgerEntry = defineEntity({
  name: 'LedgerEntry',
  tableName: 'ledger_entries',
  indexes: [{ properties: ['user', 'createdAt'] }, { properties: ['subscription'] }],
  uniques: [
    { name: 'ledger_entries_request_kind_unique', properties: ['requestId', 'kind'] },
    {
      name: 'ledger_entries_kind_reference_unique',
      expression:
        'create unique index "ledger_entries_kind_reference_unique" on "ledger_entries" ("kind", "reference") where "reference" is not null',
    },
  ],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    user: () => p.manyToOne(User),
    bucket: p.enum([...QUOTA_BUCKETS]),
    subscription: () => p.manyToOne(Subscription).nullable(),
    /** Signed: positive credits, negative debits. */
    amount: p.bigint(),
    /** The bucket's balance right after this entry. */
    balanceAfter: p.bigint(),
    kind: p.enum([...LEDGER_KINDS]),
    requestId: p.string().length(64).nullable(),
    reference: p.string().length(128).nullable(),
    memo: p.text().nullable(),
    actor: () => p.manyToOne(User).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ILedgerEntry = InferEntity<typeof LedgerEntry>;
