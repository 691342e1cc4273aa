import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const SIGN_IN_PROVIDER_KINDS = ['OIDC', 'GITHUB', 'OAUTH2'] as const;
export type SignInProviderKind = (typeof SIGN_IN_PROVIDER_KINDS)[number];

/**
 * An OAuth 2.0 / OpenID Connect provider people may sign in with, configured by the operator
 * (src/domain/accounts/sign-in-providers.ts). `options` holds the kind's own settings (issuer,
 * endpoints, field names); the client secret is sealed with the SecretBox, bound to this row.
 */
export const SignInProvider = defineEntity({
  name: 'SignInProvider',
  tableName: 'sign_in_providers',
  properties: {
    id: p.integer().primary(),
    /** The provider's name in URLs (`/auth/oauth/<slug>/callback`) and in GraphQL. */
    slug: p.string().length(32).unique(),
    kind: p.enum([...SIGN_IN_PROVIDER_KINDS]),
    displayName: p.string().length(64),
    enabled: p.boolean().default(true),
    clientId: p.string().length(255),
    clientSecretSealed: p.text().nullable().lazy(true, false),
    options: p.json<Record<string, unknown>>().default('{}'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type ISignInProvider = InferEntity<typeof SignInProvider>;
