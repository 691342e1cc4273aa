import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity';

/**
 * A user's authenticator-app secret (TOTP, RFC 6238). The row exists from the moment setup starts;
 * two-factor is on only once `enabledAt` is set (the user proved their app shows the same codes).
 */
export const UserTotp = defineEntity({
  name: 'UserTotp',
  tableName: 'user_totp',
  properties: {
    user: () => p.oneToOne(User).primary().owner(),
    /** The base32 secret sealed by the SecretBox (bound to the user), never stored in clear. */
    secretCiphertext: p.text(),
    enabledAt: p.datetime().nullable(),
    /** The last 30-second step a code was accepted for: a code seen once is refused after. */
    lastUsedStep: p.bigint('number').nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IUserTotp = InferEntity<typeof UserTotp>;
