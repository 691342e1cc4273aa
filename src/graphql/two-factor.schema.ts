import { listSecurityEvents, type SecurityEventRow } from '../domain/accounts/security-event-list';
import { completeSecondFactor } from '../domain/accounts/two-factor/sign-in-step';
import {
  beginTotpSetup, confirmTotpSetup, disableTotp, regenerateBackupCodes, twoFactorStatus, type Actor, type TwoFactorDeps,
} from '../domain/accounts/two-factor/two-factor.service';
import { AccountDisabledError, actAs, LoginSuccess, TooManyAttemptsError } from './accounts.schema';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { noticeSecurityChange } from './security-notice';
import { DomainError, ErrorInterface } from './errors.schema';

export class InvalidSecondFactorCodeError extends DomainError {
  readonly code = 'INVALID_SECOND_FACTOR_CODE';
  constructor() {
    super('That code is not right (or was already used). Check the time on your device and try the current code.');
    this.name = 'InvalidSecondFactorCodeError';
  }
}

export class ChallengeExpiredError extends DomainError {
  readonly code = 'CHALLENGE_EXPIRED';
  constructor() {
    super('This step has expired or was already used; start again.');
    this.name = 'ChallengeExpiredError';
  }
}

export type TwoFactorStateCode = 'TOTP_ALREADY_ENABLED' | 'TOTP_NOT_ENABLED' | 'TOTP_SETUP_NOT_STARTED';
const STATE_MESSAGES: Record<TwoFactorStateCode, string> = {
  TOTP_ALREADY_ENABLED: 'Two-factor authentication is already on; turn it off first to set up another app.',
  TOTP_NOT_ENABLED: 'Two-factor authentication is not on.',
  TOTP_SETUP_NOT_STARTED: 'Start two-factor setup first (beginTotpSetup).',
};

export class TwoFactorStateError extends DomainError {
  constructor(readonly code: TwoFactorStateCode) {
    super(STATE_MESSAGES[code]);
    this.name = 'TwoFactorStateError';
  }
}

for (const [cls, name] of [[InvalidSecondFactorCodeError, 'InvalidSecondFactorCodeError'], [ChallengeExpiredError, 'ChallengeExpiredError'], [TwoFactorStateError, 'TwoFactorStateError']] as const) {
  builder.objectType(cls, { name, interfaces: [ErrorInterface], isTypeOf: (value) => value instanceof cls });
}

const TwoFactorStatusRef = builder.objectRef<{ totpEnabled: boolean; backupCodesRemaining: number; setupRequired: boolean }>('TwoFactorStatus').implement({
  fields: (t) => ({
    totpEnabled: t.exposeBoolean('totpEnabled', { description: 'An authenticator app is set up: sign-in asks for its code.' }),
    backupCodesRemaining: t.exposeInt('backupCodesRemaining', { description: 'Unused backup codes.' }),
    setupRequired: t.exposeBoolean('setupRequired', {
      description: 'The operator requires two-factor for administrators and this one has none: only setting it up works until it is on.',
    }),
  }),
});

const TotpSetupRef = builder.objectRef<{ secret: string; uri: string }>('TotpSetup').implement({
  description: 'A new authenticator secret, not in force until confirmTotpSetup gets a matching code.',
  fields: (t) => ({
    otpauthUri: t.exposeString('uri', { description: 'What the QR code carries (otpauth://totp/...).' }),
    secret: t.exposeString('secret', { description: 'The same secret in base32, for typing into an app by hand.' }),
  }),
});

const BackupCodesRef = builder.objectRef<{ codes: string[] }>('BackupCodes').implement({
  description: 'Ten single-use codes, each signs in once instead of an authenticator code. Shown only now: only their hashes are kept.',
  fields: (t) => ({ codes: t.exposeStringList('codes') }),
});

const SecurityEventRef = builder.objectRef<SecurityEventRow>('SecurityEvent').implement({
  description: 'A change of how the account signs in.',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind', {
      description: 'TOTP_ENABLED, TOTP_DISABLED, BACKUP_CODES_REGENERATED, BACKUP_CODE_USED, PASSKEY_ADDED, PASSKEY_REMOVED, or a sign-in provider\'s kind.',
    }),
    detail: t.string({ description: 'What the kind needs to be read (a passkey\'s name), as a JSON object.', resolve: (e) => JSON.stringify(e.detail) }),
    ip: t.exposeString('ip', { nullable: true, description: 'The address the change came from.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

function deps(ctx: GraphQLContext): TwoFactorDeps {
  return { em: ctx.em, secretBox: ctx.services.secretBox, limiter: ctx.services.rateLimiter, throttles: ctx.services.config.accountThrottles };
}

function actor(ctx: GraphQLContext): Actor {
  return { id: ctx.viewer!.id, email: ctx.viewer!.email, address: ctx.clientAddress };
}

function codeFailure(result: { reason: string; retryAt?: Date }): never {
  if (result.reason === 'TOO_MANY_ATTEMPTS') throw new TooManyAttemptsError(result.retryAt!, 'Too many codes tried; try again later.');
  if (result.reason === 'ALREADY_ENABLED') throw new TwoFactorStateError('TOTP_ALREADY_ENABLED');
  if (result.reason === 'NOT_ENABLED') throw new TwoFactorStateError('TOTP_NOT_ENABLED');
  if (result.reason === 'NOT_STARTED') throw new TwoFactorStateError('TOTP_SETUP_NOT_STARTED');
  throw new InvalidSecondFactorCodeError();
}

const MAX_EVENTS = 200;

builder.queryFields((t) => ({
  myTwoFactor: t.field({
    type: TwoFactorStatusRef,
    description: "The viewer's second factors.",
    authScopes: { signedIn: true },
    resolve: async (_root, _args, ctx) => ({ ...(await twoFactorStatus(ctx.em, ctx.viewer!.id)), setupRequired: ctx.viewer!.twoFactorSetupRequired }),
  }),
  mySecurityEvents: t.field({
    type: [SecurityEventRef],
    description: 'Changes of how the viewer signs in, newest first.',
    authScopes: { signedIn: true },
    args: { limit: t.arg.int({ description: `1 to ${MAX_EVENTS}; default 50.` }) },
    resolve: (_root, args, ctx) => listSecurityEvents(ctx.em, ctx.viewer!.id, Math.min(Math.max(args.limit ?? 50, 1), MAX_EVENTS)),
  }),
}));

builder.mutationFields((t) => ({
  beginTotpSetup: t.field({
    type: TotpSetupRef,
    description: 'Starts setting up an authenticator app (again, if a setup was left unfinished). Show otpauthUri as a QR code.',
    authScopes: { signedIn: true },
    errors: { types: [TwoFactorStateError], directResult: true, union: { name: 'BeginTotpSetupResult' } },
    resolve: async (_root, _args, ctx) => {
      const result = await beginTotpSetup(deps(ctx), ctx.viewer!, ctx.services.config.webauthn.rpName);
      if (!result.ok) codeFailure(result);
      return result;
    },
  }),
  confirmTotpSetup: t.field({
    type: BackupCodesRef,
    description: 'Turns two-factor on with a code from the app just set up; answers the ten backup codes, shown once. Wrong codes count against the sign-in throttles.',
    authScopes: { signedIn: true },
    args: { code: t.arg.string({ required: true }) },
    errors: { types: [InvalidSecondFactorCodeError, TwoFactorStateError, TooManyAttemptsError], directResult: true, union: { name: 'ConfirmTotpSetupResult' } },
    resolve: async (_root, args, ctx) => {
      const result = await confirmTotpSetup(deps(ctx), actor(ctx), args.code);
      if (!result.ok) codeFailure(result);
      await noticeSecurityChange(ctx, { kind: 'TOTP_ENABLED' });
      // The rest of this request (and every later one) is no longer limited to setting up.
      ctx.viewer = { ...ctx.viewer!, twoFactorSetupRequired: false };
      return { codes: result.backupCodes };
    },
  }),
  disableTotp: t.field({
    type: TwoFactorStatusRef,
    description: 'Turns two-factor off; takes a current authenticator code or a backup code.',
    authScopes: { user: true },
    args: { code: t.arg.string({ required: true }) },
    errors: { types: [InvalidSecondFactorCodeError, TwoFactorStateError, TooManyAttemptsError], directResult: true, union: { name: 'DisableTotpResult' } },
    resolve: async (_root, args, ctx) => {
      const result = await disableTotp(deps(ctx), actor(ctx), args.code);
      if (!result.ok) codeFailure(result);
      await noticeSecurityChange(ctx, { kind: 'TOTP_DISABLED' });
      return { ...(await twoFactorStatus(ctx.em, ctx.viewer!.id)), setupRequired: false };
    },
  }),
  regenerateBackupCodes: t.field({
    type: BackupCodesRef,
    description: 'Replaces the backup codes with ten new ones (the old stop working); takes a current code.',
    authScopes: { user: true },
    args: { code: t.arg.string({ required: true }) },
    errors: { types: [InvalidSecondFactorCodeError, TwoFactorStateError, TooManyAttemptsError], directResult: true, union: { name: 'RegenerateBackupCodesResult' } },
    resolve: async (_root, args, ctx) => {
      const result = await regenerateBackupCodes(deps(ctx), actor(ctx), args.code);
      if (!result.ok) codeFailure(result);
      await noticeSecurityChange(ctx, { kind: 'BACKUP_CODES_REGENERATED' });
      return { codes: result.backupCodes };
    },
  }),
  completeSignIn: t.field({
    type: LoginSuccess,
    description: 'The second step of signing in: the challengeToken from SecondFactorRequired and a code from the authenticator app '
      + '(or a backup code, used up). Wrong codes count against the sign-in throttles; five on one challenge end it.',
    authScopes: { public: true },
    args: { challengeToken: t.arg.string({ required: true }), code: t.arg.string({ required: true }) },
    errors: {
      types: [InvalidSecondFactorCodeError, ChallengeExpiredError, TooManyAttemptsError, AccountDisabledError], directResult: true, union: { name: 'CompleteSignInResult' },
    },
    resolve: async (_root, args, ctx) => {
      const result = await completeSecondFactor(
        { ...deps(ctx), sessionTtlMs: ctx.services.config.sessionTtlMs },
        { challengeToken: args.challengeToken, code: args.code, address: ctx.clientAddress },
      );
      if (!result.ok) {
        if (result.reason === 'CHALLENGE_EXPIRED') throw new ChallengeExpiredError();
        if (result.reason === 'ACCOUNT_DISABLED') throw new AccountDisabledError();
        codeFailure(result);
      }
      await actAs(ctx, result.user, result.session.sessionId);
      return { sessionToken: result.session.token, expiresAt: result.session.expiresAt, user: result.user };
    },
  }),
}));
