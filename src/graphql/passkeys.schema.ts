import type { IPasskey } from '../db/entities';
import {
  beginPasskeyRegistration, beginPasskeySignIn, finishPasskeyRegistration, finishPasskeySignIn, listPasskeys, removePasskey,
  type PasskeyFailure,
} from '../domain/accounts/passkeys/passkey.service';
import { toEntityId } from '../domain/domain-result';
import { actAs, LoginSuccess, TooManyAttemptsError } from './accounts.schema';
import { builder } from './builder';
import { DomainError, ErrorInterface, InputValidationError, NotFoundError } from './errors.schema';
import { noticeSecurityChange } from './security-notice';
import { ChallengeExpiredError } from './two-factor.schema';

export class PasskeyRejectedError extends DomainError {
  readonly code = 'PASSKEY_REJECTED';
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyRejectedError';
  }
}

builder.objectType(PasskeyRejectedError, { name: 'PasskeyRejectedError', interfaces: [ErrorInterface], isTypeOf: (value) => value instanceof PasskeyRejectedError });

const PasskeyRef = builder.objectRef<IPasskey>('Passkey').implement({
  description: 'A passkey (WebAuthn credential) registered to the viewer; signs in alone, with no password or code.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    backedUp: t.exposeBoolean('backedUp', { description: 'Synced between devices (e.g. by a password manager) rather than bound to one.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
  }),
});

const PasskeyCeremonyRef = builder.objectRef<{ token: string; expiresAt: Date; options: unknown }>('PasskeyCeremony').implement({
  description: 'The first half of a passkey ceremony: pass optionsJson to the browser (startRegistration/startAuthentication of '
    + '@simplewebauthn/browser, or navigator.credentials), then its answer with ceremonyToken to the matching finish mutation.',
  fields: (t) => ({
    ceremonyToken: t.exposeString('token', { description: 'Single use.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    optionsJson: t.string({ description: 'PublicKeyCredentialCreationOptionsJSON or ...RequestOptionsJSON.', resolve: (c) => JSON.stringify(c.options) }),
  }),
});

const RemovePasskeySuccess = builder.objectRef<{ passkeyId: number }>('RemovePasskeySuccess').implement({
  fields: (t) => ({ passkeyId: t.exposeID('passkeyId') }),
});

function passkeyFailure(result: PasskeyFailure | { ok: false; reason: 'TOO_MANY_ATTEMPTS'; retryAt: Date }): never {
  if (result.reason === 'CHALLENGE_EXPIRED') throw new ChallengeExpiredError();
  if (result.reason === 'INVALID_INPUT') throw new InputValidationError(result.field, result.message);
  if (result.reason === 'TOO_MANY_ATTEMPTS') throw new TooManyAttemptsError(result.retryAt);
  throw new PasskeyRejectedError(result.message);
}

builder.queryField('myPasskeys', (t) =>
  t.field({
    type: [PasskeyRef],
    description: "The viewer's passkeys, oldest first.",
    authScopes: { user: true },
    resolve: (_root, _args, ctx) => listPasskeys(ctx.em, ctx.viewer!.id),
  }),
);

builder.mutationFields((t) => ({
  beginPasskeyRegistration: t.field({
    type: PasskeyCeremonyRef,
    description: 'Starts registering a passkey for the viewer (a discoverable credential, so it can later sign in with no e-mail typed).',
    authScopes: { user: true },
    resolve: async (_root, _args, ctx) => {
      const { ceremony, options } = await beginPasskeyRegistration(ctx.em, ctx.services.config.webauthn, ctx.viewer!);
      return { ...ceremony, options };
    },
  }),
  finishPasskeyRegistration: t.field({
    type: PasskeyRef,
    description: "Registers the passkey the browser created: its origin, RP ID and the ceremony's challenge are checked.",
    authScopes: { user: true },
    args: {
      ceremonyToken: t.arg.string({ required: true }),
      name: t.arg.string({ required: true, description: '1 to 64 characters, e.g. "Work laptop".' }),
      response: t.arg.string({ required: true, description: 'The RegistrationResponseJSON the browser returned, as a JSON string.' }),
    },
    errors: { types: [PasskeyRejectedError, ChallengeExpiredError, InputValidationError], directResult: true, union: { name: 'FinishPasskeyRegistrationResult' } },
    resolve: async (_root, args, ctx) => {
      const result = await finishPasskeyRegistration(ctx.em, ctx.services.config.webauthn, { id: ctx.viewer!.id, address: ctx.clientAddress }, args);
      if (!result.ok) passkeyFailure(result);
      await noticeSecurityChange(ctx, { kind: 'PASSKEY_ADDED', detail: { name: result.passkey.name } });
      return result.passkey;
    },
  }),
  removePasskey: t.field({
    type: RemovePasskeySuccess,
    description: 'Removes one of the viewer\'s passkeys; it no longer signs in.',
    authScopes: { user: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'RemovePasskeyResult' } },
    resolve: async (_root, args, ctx) => {
      const id = toEntityId(args.id);
      const removed = id === null ? null : await removePasskey(ctx.em, { id: ctx.viewer!.id, address: ctx.clientAddress }, id);
      if (id === null || removed === null) throw new NotFoundError('Passkey');
      await noticeSecurityChange(ctx, { kind: 'PASSKEY_REMOVED', detail: { name: removed.name } });
      return { passkeyId: id };
    },
  }),
  beginPasskeySignIn: t.field({
    type: PasskeyCeremonyRef,
    description: 'Starts signing in with a passkey, no account named: the browser offers the passkeys it holds for this site.',
    authScopes: { public: true },
    resolve: async (_root, _args, ctx) => {
      const { ceremony, options } = await beginPasskeySignIn(ctx.em, ctx.services.config.webauthn);
      return { ...ceremony, options };
    },
  }),
  finishPasskeySignIn: t.field({
    type: LoginSuccess,
    description: 'Signs in with the passkey the browser used (it satisfies two-factor: no code follows). Throttled per address like sign-in.',
    authScopes: { public: true },
    args: {
      ceremonyToken: t.arg.string({ required: true }),
      response: t.arg.string({ required: true, description: 'The AuthenticationResponseJSON the browser returned, as a JSON string.' }),
    },
    errors: {
      types: [PasskeyRejectedError, ChallengeExpiredError, InputValidationError, TooManyAttemptsError], directResult: true, union: { name: 'FinishPasskeySignInResult' },
    },
    resolve: async (_root, args, ctx) => {
      const { config, rateLimiter } = ctx.services;
      const result = await finishPasskeySignIn(
        { em: ctx.em, rp: config.webauthn, sessionTtlMs: config.sessionTtlMs, limiter: rateLimiter, throttles: config.accountThrottles },
        { ceremonyToken: args.ceremonyToken, response: args.response, address: ctx.clientAddress },
      );
      if (!result.ok) passkeyFailure(result);
      await actAs(ctx, result.user, result.session.sessionId);
      return { sessionToken: result.session.token, expiresAt: result.session.expiresAt, user: result.user };
    },
  }),
}));
