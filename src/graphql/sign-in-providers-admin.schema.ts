import { SIGN_IN_PROVIDER_KINDS, type ISignInProvider } from '../db/entities';
import type { ProviderOptions } from '../domain/accounts/sign-in-provider-settings';
import { createProvider, deleteProvider, listAllProviders, updateProvider } from '../domain/accounts/sign-in-providers';
import { toEntityId } from '../domain/domain-result';
import { redirectUriOf } from '../auth/provider-flows';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { AlreadyExistsError, InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';

export const SignInProviderKindEnum = builder.enumType('SignInProviderKind', {
  values: SIGN_IN_PROVIDER_KINDS,
  description: 'OIDC: any OpenID Connect provider by issuer URL (Google, Keycloak, ...). GITHUB: GitHub OAuth apps. OAUTH2: a plain OAuth 2.0 provider with a user-info URL (LinuxDO and the like).',
});

/** Where the gateway is reached, for the redirect URL an operator registers at the provider. */
export function gatewayBaseUrl(ctx: GraphQLContext): string {
  return ctx.services.config.publicUrl ?? new URL(ctx.request.url).origin;
}

const option = <K extends keyof ProviderOptions>(row: ISignInProvider, key: K): ProviderOptions[K] => (row.options as ProviderOptions)[key];

const SignInProviderConfigRef = builder.objectRef<ISignInProvider>('SignInProviderConfig').implement({
  description: "A sign-in provider as the operator configured it (admins only). The client secret is never returned.",
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug', { description: 'Its name in URLs and in `signInProviders`.' }),
    kind: t.field({ type: SignInProviderKindEnum, resolve: (p) => p.kind }),
    displayName: t.exposeString('displayName'),
    enabled: t.exposeBoolean('enabled'),
    clientId: t.exposeString('clientId'),
    clientSecretSet: t.boolean({ description: 'Whether a client secret is stored (sealed).', resolve: (p) => (p.clientSecretSealed ?? null) !== null }),
    redirectUrl: t.string({
      description: 'The callback URL to register at the provider (built from PUBLIC_URL, else from the address this request came to).',
      resolve: (p, _args, ctx) => redirectUriOf(gatewayBaseUrl(ctx), p.slug),
    }),
    issuer: t.string({ nullable: true, resolve: (p) => option(p, 'issuer') ?? null }),
    authorizeUrl: t.string({ nullable: true, resolve: (p) => option(p, 'authorizeUrl') ?? null }),
    tokenUrl: t.string({ nullable: true, resolve: (p) => option(p, 'tokenUrl') ?? null }),
    userInfoUrl: t.string({ nullable: true, resolve: (p) => option(p, 'userInfoUrl') ?? null }),
    apiUrl: t.string({ nullable: true, resolve: (p) => option(p, 'apiUrl') ?? null }),
    scopes: t.string({ nullable: true, resolve: (p) => option(p, 'scopes') ?? null }),
    subjectField: t.string({ nullable: true, resolve: (p) => option(p, 'subjectField') ?? null }),
    emailField: t.string({ nullable: true, resolve: (p) => option(p, 'emailField') ?? null }),
    emailVerifiedField: t.string({ nullable: true, resolve: (p) => option(p, 'emailVerifiedField') ?? null }),
    trustEmailVerified: t.boolean({ resolve: (p) => option(p, 'trustEmailVerified') === true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

type InputFields = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

const providerFields = (t: InputFields) => ({
  displayName: t.string({ required: true, description: 'The button says "Sign in with <displayName>".' }),
  enabled: t.boolean({ description: 'Default true.' }),
  clientId: t.string({ required: true }),
  clientSecret: t.string({ description: 'Sealed at rest, never returned. On update, absent keeps the stored one.' }),
  issuer: t.string({ description: 'OIDC: the issuer URL (discovery at <issuer>/.well-known/openid-configuration).' }),
  authorizeUrl: t.string({ description: 'OAUTH2 (and GitHub Enterprise): the authorization endpoint.' }),
  tokenUrl: t.string({ description: 'OAUTH2 (and GitHub Enterprise): the token endpoint.' }),
  userInfoUrl: t.string({ description: 'OAUTH2: the user-info endpoint (GET with the access token).' }),
  apiUrl: t.string({ description: 'GITHUB: the REST API base for GitHub Enterprise; default https://api.github.com.' }),
  scopes: t.string({ description: 'Space-separated; defaults: OIDC "openid email profile", GITHUB "read:user user:email", OAUTH2 none.' }),
  subjectField: t.string({ description: 'OAUTH2: user-info field with the stable user id (default "id"; dots reach nested fields).' }),
  emailField: t.string({ description: 'OAUTH2: user-info field with the e-mail (default "email").' }),
  emailVerifiedField: t.string({ description: 'OAUTH2: user-info field that is true for a verified e-mail.' }),
  trustEmailVerified: t.boolean({ description: 'OAUTH2 without emailVerifiedField: the operator vouches every e-mail it returns is verified. Default false.' }),
});

const CreateSignInProviderInput = builder.inputType('CreateSignInProviderInput', {
  fields: (t) => ({
    slug: t.string({ required: true, description: '1-32 of a-z, 0-9 and -; part of the redirect URL, fixed once created.' }),
    kind: t.field({ type: SignInProviderKindEnum, required: true }),
    ...providerFields(t),
  }),
});

const UpdateSignInProviderInput = builder.inputType('UpdateSignInProviderInput', {
  description: 'Replaces the settings (slug and kind stay); absent optional fields are cleared, except clientSecret, which is kept.',
  fields: (t) => providerFields(t),
});

/** GraphQL null and absent mean the same here: not given. */
function present<T extends Record<string, unknown>>(input: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]: Exclude<T[K], null> };
}

const DeleteSignInProviderSuccess = builder.objectRef<{ id: string }>('DeleteSignInProviderSuccess').implement({
  fields: (t) => ({ id: t.exposeID('id') }),
});

builder.queryField('adminSignInProviders', (t) => t.field({
  type: [SignInProviderConfigRef],
  description: 'Every configured sign-in provider, enabled or not.',
  authScopes: { admin: true },
  resolve: (_root, _args, ctx) => listAllProviders(ctx.em),
}));

builder.mutationFields((t) => ({
  createSignInProvider: t.field({
    type: SignInProviderConfigRef,
    description: 'Adds a sign-in provider; its button shows at once on the sign-in and sign-up pages when enabled.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: CreateSignInProviderInput, required: true }) },
    errors: { types: [InputValidationError, AlreadyExistsError], directResult: true, union: { name: 'CreateSignInProviderResult' } },
    resolve: async (_root, { input }, ctx) => unwrap(await createProvider(ctx.em, ctx.services.secretBox, present(input))),
  }),
  updateSignInProvider: t.field({
    type: SignInProviderConfigRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateSignInProviderInput, required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'UpdateSignInProviderResult' } },
    resolve: async (_root, { id, input }, ctx) => {
      const providerId = toEntityId(id);
      if (providerId === null) throw new NotFoundError('sign-in provider');
      return unwrap(await updateProvider(ctx.em, ctx.services.secretBox, providerId, present(input)));
    },
  }),
  deleteSignInProvider: t.field({
    type: DeleteSignInProviderSuccess,
    description: 'Deletes a provider nobody has linked; one with links is refused (disable it instead).',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'DeleteSignInProviderResult' } },
    resolve: async (_root, { id }, ctx) => {
      const providerId = toEntityId(id);
      if (providerId === null) throw new NotFoundError('sign-in provider');
      unwrap(await deleteProvider(ctx.em, providerId));
      return { id: String(providerId) };
    },
  }),
}));
