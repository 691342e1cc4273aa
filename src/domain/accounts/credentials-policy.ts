import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but an unbounded body would let one request burn CPU. */
export const PASSWORD_MAX_LENGTH = 256;

const emailSchema = z.email().max(320);

/** Emails are stored lower-cased so uniqueness is case-insensitive. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type CredentialProblem = { field: 'email' | 'password' | 'newPassword'; message: string };

export function checkEmail(normalised: string): CredentialProblem | null {
  return emailSchema.safeParse(normalised).success ? null : { field: 'email', message: 'Enter a valid email address.' };
}

export function checkNewPassword(password: string, field: 'password' | 'newPassword' = 'password'): CredentialProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return { field, message: `Use at least ${PASSWORD_MIN_LENGTH} characters.` };
  if (password.length > PASSWORD_MAX_LENGTH) return { field, message: `Use at most ${PASSWORD_MAX_LENGTH} characters.` };
  return null;
}
