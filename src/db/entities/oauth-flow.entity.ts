import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { SignInProvider } from './sign-in-provider.entity';

export const OAUTH_FLOW_PURPOSES = ['SIGN_IN', 'LINK'] as const;
export type OAuthFlowPurpose = (typeof OAUTH_FLOW_PURPOSES)[number];

/**
 * A provider sign-in in progress (src/domain/accounts/oauth-flows.ts): found by the hash of its
 * `state`, used once, gone after a few minutes. After a successful callback the row carries the
 * hash of a one-time hand-off code instead, which the console exchanges for a session.
 */
export const OAuthFlow = defineEntity({
  name: 'OAuthFlow',
  tableName: 'oauth_flows',
  uniques: [{
    name: 'oauth_flows_handoff_hash_unique',
    expression: 'create unique index "oauth_flows_handoff_hash_unique" on "oauth_flows" ("handoff_hash") where "handoff_hash" is not null',
  }],
  properties: {
    id: p.integer().primary(),
    stateHash: p.character().length(64).unique(),
    provider: () => p.manyToOne(SignInProvider).deleteRule('cascade'),
    purpose: p.enum([...OAUTH_FLOW_PURPOSES]),
    /** LINK: the signed-in user who asked to link. */
    userId: p.integer().nullable(),
    /** SIGN_IN: hash of the cookie set in the browser that started it (no login CSRF). */
    browserBindingHash: p.character().length(64).nullable(),
    /** SIGN_IN: the invitation code of the link the person came through, for a first sign-in that makes the account. */
    inviteCode: p.string().length(16).nullable(),
    nonce: p.string().length(128),
    codeVerifier: p.string().length(128),
    handoffHash: p.character().length(64).nullable(),
    resultUserId: p.integer().nullable(),
    expiresAt: p.datetime().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IOAuthFlow = InferEntity<typeof OAuthFlow>;
