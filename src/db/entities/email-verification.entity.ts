import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity';

/** A link sent to prove a user owns their e-mail address: single use, expiring, stored hashed. */
export const EmailVerification = defineEntity({
  name: 'EmailVerification',
  tableName: 'email_verifications',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).index(),
    /** SHA-256 hex of the token in the link; the token itself is never stored. */
    tokenHash: p.character().length(64).unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IEmailVerification = InferEntity<typeof EmailVerification>;
