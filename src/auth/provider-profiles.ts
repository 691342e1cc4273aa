import type { ProviderProfile } from '../domain/accounts/provider-accounts';
import type { ProviderOptions } from '../domain/accounts/sign-in-provider-settings';

/** One entry of GitHub's `GET /user/emails`. */
export interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility?: string | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * GitHub: the subject is the numeric account id (a login can be renamed and then taken by
 * someone else); the e-mail is the PRIMARY one from /user/emails, counted as verified only when
 * GitHub says so. /user's own `email` is the public profile address, which GitHub never verifies.
 */
export function readGitHubProfile(user: unknown, emails: unknown): ProviderProfile {
  if (!isObject(user) || (typeof user.id !== 'number' && typeof user.id !== 'string')) throw new Error('GitHub /user has no id');
  if (!Array.isArray(emails)) throw new Error('GitHub /user/emails is not a list');
  const primary = (emails as unknown[]).find((e): e is GitHubEmail => isObject(e) && e.primary === true && typeof e.email === 'string');
  return { subject: String(user.id), email: primary?.email ?? null, emailVerified: primary?.verified === true };
}

/** `a.b.c` into nested objects; undefined when any step is missing. */
function fieldAt(value: unknown, path: string): unknown {
  let current = value;
  for (const step of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[step];
  }
  return current;
}

/**
 * A generic OAuth 2.0 provider's user-info (LinuxDO and the like), read by the configured field
 * names. The e-mail counts as verified only by the configured field being true, or, without one,
 * when the operator vouched for the provider (`trustEmailVerified`).
 */
export function readUserInfoProfile(info: unknown, options: ProviderOptions): ProviderProfile {
  const subject = fieldAt(info, options.subjectField ?? 'id');
  if ((typeof subject !== 'string' || subject === '') && typeof subject !== 'number') throw new Error(`user-info has no "${options.subjectField ?? 'id'}"`);
  const email = fieldAt(info, options.emailField ?? 'email');
  const verifiedField = options.emailVerifiedField === undefined ? undefined : fieldAt(info, options.emailVerifiedField);
  const verified = options.emailVerifiedField === undefined ? options.trustEmailVerified === true : verifiedField === true || verifiedField === 'true';
  const address = typeof email === 'string' && email !== '' ? email : null;
  return { subject: String(subject), email: address, emailVerified: address !== null && verified };
}
