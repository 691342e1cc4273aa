import { z } from 'zod';
import { MAX_FREE_QUOTA } from '../domain/settings/settings-definitions';
import { bool, positiveInt, quota, timezone } from './env-values';

/** Accounts: the first values of the sign-up and display settings, mail, sessions, sign-in and passkeys, and sign-in throttles. */
export const accountsEnv = {
  // REGISTRATION_OPEN .. QUOTA_PER_USD seed the runtime settings: only their first value, when the
  // settings row does not exist yet; after that the database (updateSettings) wins.
  REGISTRATION_OPEN: bool.default(true),
  PASSWORD_SIGNUP: bool.default(true),
  EMAIL_VERIFICATION: bool.default(false),
  ADMIN_TWO_FACTOR_REQUIRED: bool.default(false),
  SIGNUP_GRANT: quota.refine((v) => v <= MAX_FREE_QUOTA, `must be at most ${MAX_FREE_QUOTA}`).default(500000n),
  CHECKIN_AMOUNT: quota.refine((v) => v <= MAX_FREE_QUOTA, `must be at most ${MAX_FREE_QUOTA}`).default(100000n),
  DEFAULT_TIMEZONE: timezone.default('UTC'),
  DISPLAY_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD or CNY').default('USD'),
  /** Quota units shown as one unit of DISPLAY_CURRENCY. QUOTA_PER_USD is its older name. */
  QUOTA_PER_UNIT: positiveInt.optional(),
  QUOTA_PER_USD: positiveInt.default(500000),
  /** SMTP server for e-mail (smtp://user:pass@host:587, smtps://...:465); unset: mails are only logged. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Model Gateway <no-reply@localhost>'),
  EMAIL_VERIFICATION_TTL_HOURS: positiveInt.default(24),
  SESSION_TTL_HOURS: positiveInt.default(24 * 7),
  /** Sign-in providers to create at start when missing (docs/sign-in-providers.md); a JSON array. */
  SIGNIN_PROVIDERS: z.string().optional(),
  /**
   * Origins (scheme://host[:port], comma-separated) the console is served from, which passkey
   * ceremonies must come from; default: PUBLIC_URL's origin. WEBAUTHN_RP_ID defaults to the first
   * origin's host name (passkeys are bound to it: changing it strands every registered passkey).
   */
  WEBAUTHN_ORIGINS: z.string().optional(),
  WEBAUTHN_RP_ID: z.string().regex(/^[a-z0-9.-]{1,253}$/i, 'must be a host name such as gateway.example.com').optional(),
  WEBAUTHN_RP_NAME: z.string().min(1).max(64).default('Model gateway'),
  /** Sign-in attempts per address per 15 minutes, whatever the account (0 = off). */
  SIGNIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(0).default(50),
  /** Sign-in attempts per address and email per 15 minutes (0 = off). */
  SIGNIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(0).default(10),
  /** Sign-ups per address per hour (0 = off). */
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(0).default(5),
  /** Sign-ups per hour from everywhere together (0 = off). */
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(0).default(300),
};
