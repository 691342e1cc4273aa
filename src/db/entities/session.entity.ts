import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity';

export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.integer().primary(),
    /** SHA-256 hex of the opaque session token; the token itself is never stored. */
    tokenHash: p.character().length(64).unique(),
    user: () => p.manyToOne(User).index(),
    expiresAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastUsedAt: p.datetime().nullable(),
  },
});
export type ISession = InferEntity<typeof Session>;
