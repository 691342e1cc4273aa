import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';

/**
 * The outer shape of what `navigator.credentials.create()/get()` answered (as
 * @simplewebauthn/browser serialises it). Only the shape is checked here, so a malformed body is
 * a clear INVALID_INPUT; the library then verifies every signed byte.
 */
const base64url = z.string().min(1).max(16_384).regex(/^[\w-]*$/, 'must be base64url');
const common = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

const registrationSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }).passthrough(),
});

const authenticationSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }).passthrough(),
});

export type ParsedResponse<T> = { ok: true; value: T } | { ok: false; message: string };

function parse<T>(schema: z.ZodType, text: string): ParsedResponse<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: 'must be the JSON the browser returned' };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `${issue.path.join('.') || 'response'}: ${issue.message}` };
  }
  return { ok: true, value: parsed.data as T };
}

export const parseRegistrationResponse = (text: string) => parse<RegistrationResponseJSON>(registrationSchema, text);
export const parseAuthenticationResponse = (text: string) => parse<AuthenticationResponseJSON>(authenticationSchema, text);
