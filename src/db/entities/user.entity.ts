import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { USER_ROLES, USER_STATUSES } from './enums';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  checks: [{ property: 'freeQuota', expression: 'free_quota >= 0' }, { property: 'freeReserved', expression: 'free_reserved >= 0' }],
  // Unique among live accounts only: a deleted user's address can be signed up with again, and
  // the deleted row keeps it for the books (Migration20261126190500_users_email_live_unique).
  uniques: [
    {
      name: 'users_email_unique',
      expression: 'create unique index "users_email_unique" on "users" ("email") where "deleted_at" is null',
    },
  ],
  properties: {
    id: p.integer().primary(),
    /** Stored lower-cased so uniqueness is case-insensitive; one live account per address. */
    email: p.string().length(320),
    /** Null for an account made by a sign-in provider that never set a password. */
    passwordHash: p.string().length(255).nullable().lazy(true, false),
    role: p.enum([...USER_ROLES]).default('USER'),
    status: p.enum([...USER_STATUSES]).default('ACTIVE'),
    /** IANA zone for the check-in day; null means the configured default. */
    timezone: p.string().length(64).nullable(),
    /** When the user proved they own the address (the verification link); null: not proven. */
    emailVerifiedAt: p.datetime().nullable(),
    freeQuota: p.bigint().default(0),
    /** Held by in-flight requests; spendable = free_quota - free_reserved. */
    freeReserved: p.bigint().default(0),
    /** The code in this user's invitation link; given out the first time it is needed. */
    inviteCode: p.string().length(16).nullable().unique(),
    /** Who invited this user (the owner of the link they signed up through). */
    invitedBy: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    /** Soft deletion: kept for the ledger and usage rows that name it, gone everywhere else. */
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IUser = InferEntity<typeof User>;
