import type { EntityManager } from '@mikro-orm/postgresql';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { Passkey, User, type IPasskey, type IUser } from '../../../db/entities';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import { claimAttempt, type AccountThrottles } from '../abuse-throttle';
import { createChallenge, takeChallenge, type IssuedChallenge } from '../auth-challenges';
import { recordSecurityEvent } from '../security-events';
import { issueSession, type IssuedSession } from '../session-store';
import { parseAuthenticationResponse, parseRegistrationResponse } from './passkey-response';

/**
 * The WebAuthn library, loaded on the first passkey ceremony: with the certificate parsers it
 * brings it is over half a megabyte of JavaScript most processes never run.
 */
function webauthn(): typeof import('@simplewebauthn/server') {
  return require('@simplewebauthn/server') as typeof import('@simplewebauthn/server');
}

export interface RelyingParty {
  rpId: string;
  rpName: string;
  /** Every origin the console is served from; a ceremony signed for any other is refused. */
  origins: string[];
}

/** A ceremony waits for a person to touch a key or unlock a phone: minutes, not seconds. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
const CEREMONY_TIMEOUT_MS = 120_000;
export const PASSKEY_NAME_MAX = 64;
/** Far more than anyone keeps; bounds the list an account can grow. */
const MAX_PASSKEYS_PER_USER = 20;

export type PasskeyFailure =
  | { ok: false; reason: 'CHALLENGE_EXPIRED' }
  | { ok: false; reason: 'REJECTED'; message: string }
  | { ok: false; reason: 'INVALID_INPUT'; field: string; message: string };

/**
 * The WebAuthn user handle: stable per account, so an authenticator keeps one passkey per account
 * here, and free of personal data (it is stored on the authenticator).
 */
const userHandle = (userId: number) => new TextEncoder().encode(`gw-user-${userId}`);

export async function listPasskeys(em: EntityManager, userId: number): Promise<IPasskey[]> {
  return em.find(Passkey, { user: userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

/** Options for `navigator.credentials.create()`, excluding the account's passkeys already registered. */
export async function beginPasskeyRegistration(
  em: EntityManager, rp: RelyingParty, user: { id: number; email: string },
): Promise<{ ceremony: IssuedChallenge; options: PublicKeyCredentialCreationOptionsJSON }> {
  const existing = await listPasskeys(em, user.id);
  const options = await webauthn().generateRegistrationOptions({
    rpName: rp.rpName, rpID: rp.rpId, userName: user.email, userID: userHandle(user.id), timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    // A discoverable credential is what lets the sign-in page offer "sign in with a passkey" with no e-mail typed.
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
  });
  const ceremony = await createChallenge(em, { kind: 'PASSKEY_REGISTRATION', userId: user.id, challenge: options.challenge, ttlMs: PASSKEY_CHALLENGE_TTL_MS });
  return { ceremony, options };
}

export async function finishPasskeyRegistration(
  em: EntityManager, rp: RelyingParty, actor: { id: number; address: string },
  input: { ceremonyToken: string; name: string; response: string },
): Promise<{ ok: true; passkey: IPasskey } | PasskeyFailure> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > PASSKEY_NAME_MAX) {
    return { ok: false, reason: 'INVALID_INPUT', field: 'name', message: `Name the passkey (1 to ${PASSKEY_NAME_MAX} characters).` };
  }
  const response = parseRegistrationResponse(input.response);
  if (!response.ok) return { ok: false, reason: 'INVALID_INPUT', field: 'response', message: response.message };
  const challenge = await takeChallenge(em, input.ceremonyToken, 'PASSKEY_REGISTRATION');
  // Another user's ceremony answers like an expired one: nothing tells whose it was.
  if (!challenge || challenge.userId !== actor.id || !challenge.challenge) return { ok: false, reason: 'CHALLENGE_EXPIRED' };
  if ((await em.count(Passkey, { user: actor.id })) >= MAX_PASSKEYS_PER_USER) {
    return { ok: false, reason: 'REJECTED', message: `An account keeps at most ${MAX_PASSKEYS_PER_USER} passkeys; remove one first.` };
  }
  let verified;
  try {
    verified = await webauthn().verifyRegistrationResponse({
      response: response.value, expectedChallenge: challenge.challenge, expectedOrigin: rp.origins, expectedRPID: rp.rpId,
      requireUserVerification: false,
    });
  } catch (err) {
    return { ok: false, reason: 'REJECTED', message: (err as Error).message };
  }
  if (!verified.verified) return { ok: false, reason: 'REJECTED', message: 'The authenticator response did not verify.' };
  const { credential, credentialBackedUp } = verified.registrationInfo;
  if ((await em.count(Passkey, { credentialId: credential.id })) > 0) {
    return { ok: false, reason: 'REJECTED', message: 'This passkey is already registered.' };
  }
  const passkey = await em.transactional(async (tx) => {
    const created = tx.create(Passkey, {
      user: actor.id, credentialId: credential.id, publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter, transports: credential.transports ?? response.value.response.transports ?? [], name, backedUp: credentialBackedUp,
    });
    await tx.flush();
    await recordSecurityEvent(tx, { userId: actor.id, kind: 'PASSKEY_ADDED', detail: { name, passkeyId: created.id }, ip: actor.address });
    return created;
  });
  return { ok: true, passkey };
}

/** Removes one of the actor's passkeys; answers its name, or null when they have no such passkey. */
export async function removePasskey(em: EntityManager, actor: { id: number; address: string }, passkeyId: number): Promise<{ name: string } | null> {
  return em.transactional(async (tx) => {
    const passkey = await tx.findOne(Passkey, { id: passkeyId, user: actor.id });
    if (!passkey) return null;
    tx.remove(passkey);
    await tx.flush();
    await recordSecurityEvent(tx, { userId: actor.id, kind: 'PASSKEY_REMOVED', detail: { name: passkey.name, passkeyId }, ip: actor.address });
    return { name: passkey.name };
  });
}

/** Options for `navigator.credentials.get()` with no account named: the authenticator offers its passkeys for this site. */
export async function beginPasskeySignIn(em: EntityManager, rp: RelyingParty): Promise<{ ceremony: IssuedChallenge; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await webauthn().generateAuthenticationOptions({ rpID: rp.rpId, timeout: CEREMONY_TIMEOUT_MS, userVerification: 'preferred', allowCredentials: [] });
  const ceremony = await createChallenge(em, { kind: 'PASSKEY_SIGN_IN', userId: null, challenge: options.challenge, ttlMs: PASSKEY_CHALLENGE_TTL_MS });
  return { ceremony, options };
}

export interface PasskeySignInDeps {
  em: EntityManager;
  rp: RelyingParty;
  sessionTtlMs: number;
  limiter: RateLimiter;
  throttles: AccountThrottles;
}

/**
 * Signs in with a passkey alone. A passkey is possession of a device plus (usually) its unlock,
 * so it satisfies two-factor: no code is asked after it. Attempts count against the sign-in
 * throttle of the address; the signature counter must grow (a cloned authenticator is refused).
 */
export async function finishPasskeySignIn(
  deps: PasskeySignInDeps, input: { ceremonyToken: string; response: string; address: string },
): Promise<{ ok: true; session: IssuedSession; user: IUser } | PasskeyFailure | { ok: false; reason: 'TOO_MANY_ATTEMPTS'; retryAt: Date }> {
  const { em, rp } = deps;
  const claim = await claimAttempt(deps.limiter, [{ name: 'signin-ip', rule: deps.throttles.signInPerIp, subject: input.address }]);
  if (!claim.allowed) return { ok: false, reason: 'TOO_MANY_ATTEMPTS', retryAt: claim.retryAt };
  const response = parseAuthenticationResponse(input.response);
  if (!response.ok) return { ok: false, reason: 'INVALID_INPUT', field: 'response', message: response.message };
  const challenge = await takeChallenge(em, input.ceremonyToken, 'PASSKEY_SIGN_IN');
  if (!challenge?.challenge) return { ok: false, reason: 'CHALLENGE_EXPIRED' };
  const passkey = await em.findOne(Passkey, { credentialId: response.value.id });
  const rejected = { ok: false, reason: 'REJECTED', message: 'This passkey is not registered here, or its signature did not verify.' } as const;
  if (!passkey) return rejected;
  let verified;
  try {
    verified = await webauthn().verifyAuthenticationResponse({
      response: response.value, expectedChallenge: challenge.challenge, expectedOrigin: rp.origins, expectedRPID: rp.rpId,
      credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.signCount, transports: passkey.transports },
      requireUserVerification: false,
    });
  } catch (err) {
    return { ok: false, reason: 'REJECTED', message: (err as Error).message };
  }
  if (!verified.verified) return rejected;
  // Compare-and-set on the counter: two sign-ins with one assertion cannot both pass.
  const updated = await em.nativeUpdate(
    Passkey,
    { id: passkey.id, signCount: passkey.signCount },
    { signCount: verified.authenticationInfo.newCounter, lastUsedAt: new Date(), backedUp: verified.authenticationInfo.credentialBackedUp },
  );
  if (updated !== 1) return rejected;
  const user = await em.findOne(User, { id: passkey.user.id, deletedAt: null, status: 'ACTIVE' });
  if (!user) return rejected;
  return { ok: true, session: await issueSession(em, user.id, deps.sessionTtlMs), user };
}
