import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity';

export const AUTH_CHALLENGE_KINDS = ['SECOND_FACTOR', 'PASSKEY_REGISTRATION', 'PASSKEY_SIGN_IN'] as const;
export type AuthChallengeKind = (typeof AUTH_CHALLENGE_KINDS)[number];

/**
 * A short-lived, single-use step of a sign-in or passkey ceremony, kept in the database so any
 * instance can finish what another began. The client holds a random token; only its SHA-256 is
 * stored. SECOND_FACTOR: the password was right, a code is still due. PASSKEY_*: the WebAuthn
 * challenge the authenticator must sign.
 */
export const AuthChallenge = defineEntity({
  name: 'AuthChallenge',
  tableName: 'auth_challenges',
  properties: {
    id: p.integer().primary(),
    tokenHash: p.character().length(64).unique(),
    kind: p.enum([...AUTH_CHALLENGE_KINDS]),
    user: () => p.manyToOne(User).nullable().index(),
    /** The WebAuthn challenge (base64url) for the passkey kinds. */
    challenge: p.text().nullable(),
    /** Wrong codes given against this challenge; it is dropped after a few. */
    failures: p.integer().default(0),
    expiresAt: p.datetime().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IAuthChallenge = InferEntity<typeof AuthChallenge>;
