/**
 * Vendor text (an error message, a refusal) sometimes quotes the key it was sent, whole or
 * masked ("sk-proj-abc****wxyz"), or some other credential. Everything that keeps such text (a
 * channel key's disabledReason and lastError, a channel's status reason, the breaker's last
 * error, log lines, alert webhooks, usage rows) passes it through `redactSecrets` first: the
 * probe path and the request path share this one redactor.
 *
 * Key-like: a known secret (the key the request used), a token with a vendor key prefix
 * (sk-, rk-, gsk_, xai-, AIza...), the token after "Bearer", and any unbroken run of 32 or more
 * key characters (no vendor message needs one; request ids that long are lost too, which is the
 * cheaper mistake). Every pattern is one character class repeated with nothing after it, so the
 * scan stays linear in the text's length whatever the vendor sends.
 */
const KEY_LIKE = /\b(?:sk|rk|gsk|xai)[-_][A-Za-z0-9_\-*.]{6,}|\bAIza[A-Za-z0-9_-]{10,}|\bBearer [^\s"',;]+|[A-Za-z0-9_-]{32,}/g;

export const REDACTED = '[redacted]';

/** `text` with every known secret (at least 4 characters) and every key-like token replaced by [redacted]. */
export function redactSecrets(text: string, known: ReadonlyArray<string | null | undefined> = []): string {
  let clean = text;
  for (const secret of known) {
    if (secret && secret.length >= 4) clean = clean.split(secret).join(REDACTED);
  }
  return clean.replace(KEY_LIKE, (match) => (match.startsWith('Bearer ') ? `Bearer ${REDACTED}` : REDACTED));
}
