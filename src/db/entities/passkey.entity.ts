import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity';

/** A WebAuthn credential a user registered (a passkey): its public key, never a secret. */
export const Passkey = defineEntity({
  name: 'Passkey',
  tableName: 'passkeys',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).index(),
    /** The credential id as the authenticator sent it, base64url. */
    credentialId: p.string().length(1024).unique(),
    /** COSE public key, base64url. */
    publicKey: p.text(),
    /** Signature counter: an assertion whose counter does not grow (a cloned authenticator) is refused. */
    signCount: p.bigint('number').default(0),
    transports: p.json<string[]>(),
    name: p.string().length(64),
    /** Synced between devices (a cloud passkey) rather than bound to one authenticator. */
    backedUp: p.boolean().default(false),
    lastUsedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IPasskey = InferEntity<typeof Passkey>;
