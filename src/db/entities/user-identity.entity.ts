import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { SignInProvider } from './sign-in-provider.entity';
import { User } from './user.entity';

/** A user's account at a sign-in provider: (provider, subject) is theirs alone; one per provider and user. */
export const UserIdentity = defineEntity({
  name: 'UserIdentity',
  tableName: 'user_identities',
  uniques: [{ properties: ['provider', 'subject'] }, { properties: ['user', 'provider'] }],
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    provider: () => p.manyToOne(SignInProvider),
    /** The provider's stable id of the person (OIDC `sub`, GitHub's numeric id); never the e-mail. */
    subject: p.string().length(255),
    /** The e-mail the provider last reported, for display only. */
    email: p.string().length(320).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastUsedAt: p.datetime().nullable(),
  },
});
export type IUserIdentity = InferEntity<typeof UserIdentity>;
