import type { ISignInProvider, IUser } from '../db/entities';
import { User } from '../db/entities';
import { takeHandoff } from '../domain/accounts/oauth-flows';
import { linkedIdentities, unlinkProvider } from '../domain/accounts/provider-accounts';
import { finishFirstFactor } from '../domain/accounts/two-factor/sign-in-step';
import { hasPassword } from '../domain/accounts/ways-in';
import { listEnabledProviders, providerForFlow } from '../domain/accounts/sign-in-providers';
import { beginProviderFlow } from '../auth/provider-flows';
import { AccountDisabledError, LoginSuccess, SecondFactorRequired, actAs } from './accounts.schema';
import { builder } from './builder';
import { DomainError, ErrorInterface, NotFoundError } from './errors.schema';
import { noticeSecurityChange } from './security-notice';
import { gatewayBaseUrl, SignInProviderKindEnum } from './sign-in-providers-admin.schema';

export class InvalidHandoffError extends DomainError {
  readonly code = 'INVALID_HANDOFF';
  constructor() {
    super('This sign-in link has expired or was already used; sign in again.');
    this.name = 'InvalidHandoffError';
  }
}

export class LastWayInError extends DomainError {
  readonly code = 'LAST_WAY_IN';
  constructor() {
    super('This is the only way into your account: set a password or link another provider first.');
    this.name = 'LastWayInError';
  }
}

for (const [cls, name] of [[InvalidHandoffError, 'InvalidHandoffError'], [LastWayInError, 'LastWayInError']] as const) {
  builder.objectType(cls, { name, interfaces: [ErrorInterface], isTypeOf: (value) => value instanceof cls });
}

const SignInProviderRef = builder.objectRef<Pick<ISignInProvider, 'slug' | 'displayName' | 'kind'>>('SignInProvider').implement({
  description: 'A provider people can sign in with (a button on the sign-in and sign-up pages).',
  fields: (t) => ({
    id: t.string({ description: 'The provider\'s slug: the button goes to /auth/oauth/<id>/start.', resolve: (p) => p.slug }),
    displayName: t.exposeString('displayName'),
    kind: t.field({ type: SignInProviderKindEnum, resolve: (p) => p.kind }),
  }),
});

interface LinkedProviderView {
  provider: ISignInProvider;
  email: string | null;
  linkedAt: Date;
  lastUsedAt: Date | null;
}

const LinkedSignInProviderRef = builder.objectRef<LinkedProviderView>('LinkedSignInProvider').implement({
  fields: (t) => ({
    provider: t.field({ type: SignInProviderRef, resolve: (l) => l.provider }),
    enabled: t.boolean({ description: 'False when the operator switched the provider off: it lets nobody in until it is on again.', resolve: (l) => l.provider.enabled }),
    email: t.string({ nullable: true, description: 'The e-mail the provider last reported.', resolve: (l) => l.email }),
    linkedAt: t.expose('linkedAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
  }),
});

const SignInMethodsRef = builder.objectRef<{ hasPassword: boolean; providers: LinkedProviderView[] }>('SignInMethods').implement({
  fields: (t) => ({
    hasPassword: t.exposeBoolean('hasPassword'),
    providers: t.field({ type: [LinkedSignInProviderRef], resolve: (m) => m.providers }),
  }),
});

const ProviderLinkStartRef = builder.objectRef<{ authorizationUrl: string }>('ProviderLinkStart').implement({
  fields: (t) => ({
    authorizationUrl: t.exposeString('authorizationUrl', { description: 'Send the browser here; it comes back to /account.' }),
  }),
});

const UnlinkSuccessRef = builder.objectRef<{ provider: string }>('UnlinkSignInProviderSuccess').implement({
  fields: (t) => ({ provider: t.exposeString('provider') }),
});

builder.queryFields((t) => ({
  signInProviders: t.field({
    type: [SignInProviderRef],
    description: 'The enabled sign-in providers, for the buttons on the sign-in and sign-up pages.',
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => listEnabledProviders(ctx.em),
  }),
  mySignInMethods: t.field({
    type: SignInMethodsRef,
    description: "The viewer's ways in: a password, and the providers they linked.",
    authScopes: { user: true },
    resolve: async (_root, _args, ctx) => {
      const userId = ctx.viewer!.id;
      const identities = await linkedIdentities(ctx.em, userId);
      return {
        hasPassword: await hasPassword(ctx.em, userId),
        providers: identities.map((i) => ({ provider: i.provider, email: i.email ?? null, linkedAt: i.createdAt, lastUsedAt: i.lastUsedAt ?? null })),
      };
    },
  }),
}));

builder.mutationFields((t) => ({
  completeProviderSignIn: t.field({
    type: LoginSuccess,
    description: 'Exchanges the one-time hand-off code the provider callback put in the console URL (#handoff=...) for a session, once, within a minute.',
    authScopes: { public: true },
    args: { handoff: t.arg.string({ required: true }) },
    errors: { types: [InvalidHandoffError, AccountDisabledError, SecondFactorRequired], directResult: true, union: { name: 'CompleteProviderSignInResult' } },
    resolve: async (_root, { handoff }, ctx) => {
      const { config, clock } = ctx.services;
      const taken = await takeHandoff(ctx.em, handoff, clock.now());
      if (!taken) throw new InvalidHandoffError();
      const user: IUser | null = await ctx.em.findOne(User, { id: taken.userId, deletedAt: null });
      if (!user) throw new InvalidHandoffError();
      if (user.status !== 'ACTIVE') throw new AccountDisabledError();
      // The provider is the first factor: an account with two-factor on gets the same second step as a password sign-in.
      const step = await finishFirstFactor({ em: ctx.em, sessionTtlMs: config.sessionTtlMs }, user.id);
      if (step.kind === 'SECOND_FACTOR') throw new SecondFactorRequired(step.challengeToken, step.expiresAt);
      await actAs(ctx, user, step.session.sessionId);
      return { sessionToken: step.session.token, expiresAt: step.session.expiresAt, user };
    },
  }),
  beginSignInProviderLink: t.field({
    type: ProviderLinkStartRef,
    description: "Starts linking a provider to the viewer's account: send the browser to the returned URL.",
    authScopes: { user: true },
    args: { provider: t.arg.string({ required: true, description: 'The provider id (slug) from signInProviders.' }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'BeginSignInProviderLinkResult' } },
    resolve: async (_root, args, ctx) => {
      const provider = args.provider.length <= 32 ? await providerForFlow(ctx.em, ctx.services.secretBox, args.provider) : null;
      if (!provider) throw new NotFoundError('sign-in provider');
      const url = await beginProviderFlow(ctx.services, ctx.em, provider, gatewayBaseUrl(ctx), { purpose: 'LINK', userId: ctx.viewer!.id });
      return { authorizationUrl: url.href };
    },
  }),
  unlinkSignInProvider: t.field({
    type: UnlinkSuccessRef,
    description: "Removes a provider from the viewer's ways in; refused when it is the last one (LastWayInError).",
    authScopes: { user: true },
    args: { provider: t.arg.string({ required: true }) },
    errors: { types: [NotFoundError, LastWayInError], directResult: true, union: { name: 'UnlinkSignInProviderResult' } },
    resolve: async (_root, args, ctx) => {
      const viewer = ctx.viewer!;
      const result = await unlinkProvider(ctx.em, viewer.id, args.provider, ctx.clientAddress);
      if (!result.ok) throw result.reason === 'LAST_WAY_IN' ? new LastWayInError() : new NotFoundError('linked sign-in provider');
      await noticeSecurityChange(ctx, { kind: 'PROVIDER_UNLINKED', detail: { providerName: result.provider.displayName } });
      return { provider: result.provider.slug };
    },
  }),
}));
