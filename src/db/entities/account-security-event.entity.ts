import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity';

/**
 * A change of how someone signs in (a second factor turned on or off, a passkey added, a
 * provider linked...): who, what, when and from which address, shown to the account's owner.
 * `detail` carries what the kind needs to be read (a passkey's name), never a secret.
 */
export const AccountSecurityEvent = defineEntity({
  name: 'AccountSecurityEvent',
  tableName: 'account_security_events',
  indexes: [{ properties: ['user', 'createdAt'] }],
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User),
    kind: p.text(),
    detail: p.json<Record<string, unknown>>(),
    ip: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IAccountSecurityEvent = InferEntity<typeof AccountSecurityEvent>;
