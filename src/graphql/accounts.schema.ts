import type { IUser } from '../db/entities';
import { login } from '../domain/accounts/login.service';
import { changePassword } from '../domain/accounts/password-change.service';
import { registerUser } from '../domain/accounts/registration.service';
import { issueSession, revokeSession } from '../domain/accounts/session-store';
import { isTotpEnabled } from '../domain/accounts/two-factor/two-factor.service';
import { revokePlaygroundKeys } from '../domain/tokens/playground-key';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { mailVerificationLink } from './verification-mail';
import { DomainError, ErrorInterface, InputValidationError } from './errors.schema';
import { noticeSecurityChange } from './security-notice';
import { UserRef } from './user.schema';

export class EmailTakenError extends DomainError {
  readonly code = 'EMAIL_TAKEN';
  constructor() {
    super('An account with this email already exists.');
    this.name = 'EmailTakenError';
  }
}

/** Deliberately the same for an unknown email and a wrong password. */
export class InvalidCredentialsError extends DomainError {
  readonly code = 'INVALID_CREDENTIALS';
  constructor() {
    super('Email or password is incorrect.');
    this.name = 'InvalidCredentialsError';
  }
}

export class AccountDisabledError extends DomainError {
  readonly code = 'ACCOUNT_DISABLED';
  constructor() {
    super('This account is disabled.');
    this.name = 'AccountDisabledError';
  }
}

export class RegistrationClosedError extends DomainError {
  readonly code = 'REGISTRATION_CLOSED';
  constructor(message = 'Registration is closed; ask an administrator for an account.') {
    super(message);
    this.name = 'RegistrationClosedError';
  }
}

export class TooManyAttemptsError extends DomainError {
  readonly code = 'TOO_MANY_ATTEMPTS';
  constructor(readonly retryAt: Date, message = 'Too many sign-in attempts; try again later.') {
    super(message);
    this.name = 'TooManyAttemptsError';
  }
}

for (const [cls, name] of [
  [EmailTakenError, 'EmailTakenError'],
  [InvalidCredentialsError, 'InvalidCredentialsError'],
  [AccountDisabledError, 'AccountDisabledError'],
  [RegistrationClosedError, 'RegistrationClosedError'],
] as const) {
  builder.objectType(cls, { name, interfaces: [ErrorInterface], isTypeOf: (value) => value instanceof cls });
}

builder.objectType(TooManyAttemptsError, {
  name: 'TooManyAttemptsError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof TooManyAttemptsError,
  fields: (t) => ({ retryAt: t.expose('retryAt', { type: 'DateTime', description: 'When sign-in is allowed again.' }) }),
});

const RegisterSuccess = builder.objectRef<{ sessionToken: string; expiresAt: Date; user: IUser }>('RegisterSuccess').implement({
  fields: (t) => ({
    sessionToken: t.exposeString('sessionToken', { description: 'The new account is signed in: send as `Authorization: Bearer <sessionToken>`.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    user: t.field({ type: UserRef, resolve: (r) => r.user }),
  }),
});

/**
 * The password was right and the account has two-factor on: no session yet. Send the code from
 * the authenticator app (or a backup code) with `challengeToken` to completeSignIn before
 * `expiresAt`. A typed result (not a success) so a client unaware of two-factor shows its message.
 */
export class SecondFactorRequired extends DomainError {
  readonly code = 'SECOND_FACTOR_REQUIRED';
  constructor(readonly challengeToken: string, readonly expiresAt: Date) {
    super('Enter the code from your authenticator app (or a backup code) to finish signing in.');
    this.name = 'SecondFactorRequired';
  }
}

builder.objectType(SecondFactorRequired, {
  name: 'SecondFactorRequired',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof SecondFactorRequired,
  fields: (t) => ({
    challengeToken: t.exposeString('challengeToken', { description: 'Single use; pass to completeSignIn with the code.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

/**
 * The rest of this request acts as the user who just signed in (or up), so the result's `user`
 * (balances included) is readable instead of failing the whole payload as not authorized.
 */
export async function actAs(ctx: GraphQLContext, user: IUser, sessionId: number): Promise<void> {
  const twoFactorSetupRequired = user.role === 'ADMIN' && ctx.services.settings.current().adminTwoFactorRequired && !(await isTotpEnabled(ctx.em, user.id));
  ctx.viewer = { id: user.id, email: user.email, role: user.role, sessionId, twoFactorSetupRequired };
}

export const LoginSuccess = builder.objectRef<{ sessionToken: string; expiresAt: Date; user: IUser }>('LoginSuccess').implement({
  fields: (t) => ({
    sessionToken: t.exposeString('sessionToken', {
      description: 'Send as `Authorization: Bearer <sessionToken>`; only its hash is stored.',
    }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    user: t.field({ type: UserRef, resolve: (r) => r.user }),
  }),
});

const ChangePasswordSuccess = builder.objectRef<{ revokedSessions: number }>('ChangePasswordSuccess').implement({
  fields: (t) => ({
    revokedSessions: t.exposeInt('revokedSessions', { description: 'Other sessions that were signed out.' }),
  }),
});

builder.mutationFields((t) => ({
  register: t.field({
    type: RegisterSuccess,
    description: 'Creates an account, grants the sign-up quota and signs the new user in. While e-mail verification is required '
      + 'the account starts unverified, a link is mailed, and the grant waits for verifyEmail (the user may sign in meanwhile).',
    authScopes: { public: true },
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      inviteCode: t.arg.string({ description: 'The code of the invitation link the person came through; an unknown code is ignored.' }),
    },
    errors: {
      types: [EmailTakenError, InputValidationError, TooManyAttemptsError, RegistrationClosedError], directResult: true, union: { name: 'RegisterResult' },
    },
    resolve: async (_root, args, ctx) => {
      const { config, rateLimiter, settings } = ctx.services;
      const current = settings.current();
      const result = await registerUser(
        { em: ctx.em, settings: current, limiter: rateLimiter, throttles: config.accountThrottles },
        { email: args.email, password: args.password, inviteCode: args.inviteCode ?? null, address: ctx.clientAddress },
      );
      if (result.ok) {
        if (current.emailVerificationRequired) await mailVerificationLink(ctx, result.user);
        const session = await issueSession(ctx.em, result.user.id, config.sessionTtlMs);
        await actAs(ctx, result.user, session.sessionId);
        return { sessionToken: session.token, expiresAt: session.expiresAt, user: result.user };
      }
      if (result.reason === 'EMAIL_TAKEN') throw new EmailTakenError();
      if (result.reason === 'REGISTRATION_CLOSED') throw new RegistrationClosedError();
      if (result.reason === 'PASSWORD_SIGNUP_OFF') throw new RegistrationClosedError('Sign-up with a password is off; sign up with one of the sign-in providers.');
      if (result.reason === 'TOO_MANY_ATTEMPTS') throw new TooManyAttemptsError(result.retryAt, 'Too many sign-ups from here; try again later.');
      throw new InputValidationError(result.field, result.message);
    },
  }),
  login: t.field({
    type: LoginSuccess,
    description: 'Exchanges email and password for a session token. Attempts are throttled per address and per address and email (TooManyAttemptsError). '
      + 'An account with two-factor on answers SecondFactorRequired instead: finish with completeSignIn.',
    authScopes: { public: true },
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    errors: {
      types: [InvalidCredentialsError, AccountDisabledError, TooManyAttemptsError, SecondFactorRequired],
      directResult: true,
      union: { name: 'LoginResult' },
    },
    resolve: async (_root, args, ctx) => {
      const { config, rateLimiter } = ctx.services;
      const result = await login(
        { em: ctx.em, sessionTtlMs: config.sessionTtlMs, limiter: rateLimiter, throttles: config.accountThrottles },
        { ...args, address: ctx.clientAddress },
      );
      if (result.ok) {
        const { step } = result;
        if (step.kind === 'SECOND_FACTOR') throw new SecondFactorRequired(step.challengeToken, step.expiresAt);
        await actAs(ctx, result.user, step.session.sessionId);
        return { sessionToken: step.session.token, expiresAt: step.session.expiresAt, user: result.user };
      }
      if (result.reason === 'TOO_MANY_ATTEMPTS') throw new TooManyAttemptsError(result.retryAt);
      if (result.reason === 'ACCOUNT_DISABLED') throw new AccountDisabledError();
      throw new InvalidCredentialsError();
    },
  }),
  logout: t.boolean({
    description: "Ends the session this request was made with, and revokes the viewer's live console playground keys (the page's own revoke would need the session).",
    authScopes: { signedIn: true },
    resolve: async (_root, _args, ctx) => {
      await revokeSession(ctx.em, ctx.viewer!.sessionId);
      await revokePlaygroundKeys({ em: ctx.em, changeBus: ctx.services.changeBus }, ctx.viewer!.id);
      return true;
    },
  }),
  changePassword: t.field({
    type: ChangePasswordSuccess,
    description: "Replaces the viewer's password and signs out all their other sessions.",
    authScopes: { user: true },
    args: { currentPassword: t.arg.string({ required: true }), newPassword: t.arg.string({ required: true }) },
    errors: {
      types: [InvalidCredentialsError, InputValidationError],
      directResult: true,
      union: { name: 'ChangePasswordResult' },
    },
    resolve: async (_root, args, ctx) => {
      const result = await changePassword(ctx.em, { ...ctx.viewer!, address: ctx.clientAddress }, args);
      if (result.ok) {
        await noticeSecurityChange(ctx, { kind: 'PASSWORD_CHANGED' });
        return { revokedSessions: result.revokedSessions };
      }
      if (result.reason === 'INVALID_CREDENTIALS') throw new InvalidCredentialsError();
      throw new InputValidationError(result.field, result.message);
    },
  }),
}));
