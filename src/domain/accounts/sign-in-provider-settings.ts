import { z } from 'zod';
import { SIGN_IN_PROVIDER_KINDS, type SignInProviderKind } from '../../db/entities';

/**
 * What an operator configures for a sign-in provider, the same from the environment
 * (SIGNIN_PROVIDERS, a JSON array) and from GraphQL (createSignInProvider / updateSignInProvider).
 * The kind decides which fields matter:
 * - OIDC: `issuer` (discovery at `<issuer>/.well-known/openid-configuration`), `scopes`.
 * - GITHUB: nothing more; `authorizeUrl`, `tokenUrl` and `apiUrl` only for GitHub Enterprise (or a test double).
 * - OAUTH2: `authorizeUrl`, `tokenUrl`, `userInfoUrl`, and the user-info field names.
 */
export interface ProviderOptions {
  issuer?: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  apiUrl?: string;
  /** Space-separated; each kind has a default. */
  scopes?: string;
  /** OAUTH2: user-info field with the person's stable id (default `id`); dotted paths reach nested objects. */
  subjectField?: string;
  /** OAUTH2: user-info field with the e-mail (default `email`). */
  emailField?: string;
  /** OAUTH2: user-info field that is true when the provider verified the e-mail; unset: see `emailVerified`. */
  emailVerifiedField?: string;
  /**
   * OAUTH2 without an e-mail-verified field: whether the operator vouches that this provider only
   * hands out verified e-mails (a forum that confirms addresses at sign-up). Default false: its
   * e-mails never link to an existing account.
   */
  trustEmailVerified?: boolean;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,31}$/;
const httpUrl = z.string().max(2048).refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}, 'must be an http(s) URL');
const fieldPath = z.string().min(1).max(128).regex(/^[\w.-]+$/, 'must be a field name (letters, digits, _ - and . for nested fields)');

export const providerInputSchema = z.object({
  slug: z.string().regex(SLUG, 'must be 1-32 lower-case letters, digits or dashes, starting with a letter or digit'),
  kind: z.enum(SIGN_IN_PROVIDER_KINDS),
  displayName: z.string().trim().min(1, 'must not be empty').max(64),
  enabled: z.boolean().default(true),
  clientId: z.string().min(1, 'must not be empty').max(255),
  clientSecret: z.string().min(1).max(1024).optional(),
  issuer: httpUrl.optional(),
  authorizeUrl: httpUrl.optional(),
  tokenUrl: httpUrl.optional(),
  userInfoUrl: httpUrl.optional(),
  apiUrl: httpUrl.optional(),
  scopes: z.string().max(512).regex(/^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/, 'must be scope names separated by single spaces').optional(),
  subjectField: fieldPath.optional(),
  emailField: fieldPath.optional(),
  emailVerifiedField: fieldPath.optional(),
  trustEmailVerified: z.boolean().optional(),
}).strict().superRefine((input, ctx) => {
  const need = (field: keyof typeof input) => {
    if (input[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `is required for a ${input.kind} provider` });
  };
  if (input.kind === 'OIDC') need('issuer');
  if (input.kind === 'OAUTH2') {
    need('authorizeUrl');
    need('tokenUrl');
    need('userInfoUrl');
  }
});
export type ProviderInput = z.input<typeof providerInputSchema>;
export type CheckedProviderInput = z.output<typeof providerInputSchema>;

const OPTION_KEYS = [
  'issuer', 'authorizeUrl', 'tokenUrl', 'userInfoUrl', 'apiUrl', 'scopes', 'subjectField', 'emailField', 'emailVerifiedField', 'trustEmailVerified',
] as const satisfies ReadonlyArray<keyof ProviderOptions>;

/** The kind-specific fields of a checked input, as stored in `sign_in_providers.options`. */
export function optionsOf(input: CheckedProviderInput): ProviderOptions {
  const options: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) if (input[key] !== undefined) options[key] = input[key];
  return options as ProviderOptions;
}

export const DEFAULT_SCOPES: Record<SignInProviderKind, string> = {
  OIDC: 'openid email profile',
  // read:user for the id, user:email for /user/emails (the only place a verified e-mail is said).
  GITHUB: 'read:user user:email',
  OAUTH2: '',
};

export const GITHUB_DEFAULTS = {
  authorizeUrl: 'https://github.com/login/oauth/authorize',
  tokenUrl: 'https://github.com/login/oauth/access_token',
  apiUrl: 'https://api.github.com',
} as const;

/** The environment's SIGNIN_PROVIDERS: a JSON array of provider inputs; a bad entry names itself. */
export function parseProvidersEnv(text: string | undefined): CheckedProviderInput[] {
  if (text === undefined || text.trim() === '') return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('SIGNIN_PROVIDERS must be a JSON array of providers');
  }
  if (!Array.isArray(raw)) throw new Error('SIGNIN_PROVIDERS must be a JSON array of providers');
  return raw.map((entry, index) => {
    const parsed = providerInputSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`SIGNIN_PROVIDERS[${index}].${issue.path.join('.') || 'entry'}: ${issue.message}`);
    }
    return parsed.data;
  });
}
