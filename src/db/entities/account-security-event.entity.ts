import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity';

/**
 * One change of how a user signs in (a provider linked or unlinked, a second factor or passkey
 * added or removed): who, what, when, from which address. Written by recordSecurityEvent
 * (src/domain/accounts/security-events.ts), shown to the user on the Account page.
 */
export const AccountSecurityEvent = defineEntity({
  name: 'AccountSecurityEvent',
  tableName: 'account_security_events',
  indexes: [{ properties: ['user', 'createdAt'] }],
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** What happened, e.g. PROVIDER_LINKED; free text so other sign-in methods add their own kinds. */
    kind: p.text(),
    /** What it concerned (which provider, which factor); never a secret. */
    detail: p.json<Record<string, unknown>>().default('{}'),
    /** The caller's address (TRUSTED_PROXIES rules); null when unknown. */
    ip: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IAccountSecurityEvent = InferEntity<typeof AccountSecurityEvent>;
