import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const TAG_BYTES = 16;
const IV_BYTES = 12;
const KDF_SALT = 'model-gateway/secret-box';

interface BoxKey {
  /** Public name of the key, written into every envelope it seals, so `open` knows which key to use. */
  id: string;
  /** AES-256-GCM key derived with HKDF-SHA256 from the configured secret. */
  aead: Buffer;
  /** What the first version used (a bare SHA-256 of the secret), only to read `v1` envelopes. */
  legacy: Buffer;
}

function deriveKey(secret: string): BoxKey {
  const aead = Buffer.from(hkdfSync('sha256', secret, KDF_SALT, 'aes-256-gcm key', 32));
  const id = Buffer.from(hkdfSync('sha256', secret, KDF_SALT, 'key id', 6)).toString('hex');
  return { id, aead, legacy: createHash('sha256').update(secret).digest() };
}

/** The associated data binding a channel's key to that channel: a ciphertext copied to another row does not open. */
export function channelSecretContext(channelId: number): string {
  return `channel:${channelId}`;
}

/** Binds an authenticator-app secret to its user, like a channel's key to its channel. */
export function totpSecretContext(userId: number): string {
  return `totp:${userId}`;
}

/**
 * AES-256-GCM envelope for secrets at rest: `v2:<key id>:<iv>:<tag>:<ciphertext>` (base64url
 * parts, 16-byte tag enforced on open). The key comes from SECRET_KEY through HKDF, and every
 * envelope is bound to its context (the row it belongs to) as associated data.
 *
 * Rotation: the box seals with the current key and opens envelopes of the current key or of any
 * previous one (SECRET_KEY_PREVIOUS), chosen by the key id. Writers re-seal what `needsReseal`
 * reports, and `npm run reseal-secrets` re-seals every channel at once, after which the previous
 * key can be dropped. `v1` envelopes (before key ids and context) are still read, with either key.
 */
export class SecretBox {
  private readonly current: BoxKey;
  private readonly keys: BoxKey[];

  constructor(secret: string, previous: readonly string[] = []) {
    this.current = deriveKey(secret);
    this.keys = [this.current, ...previous.map(deriveKey)];
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.aead, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v2', this.current.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  open(envelope: string, context: string): string {
    const parts = envelope.split(':');
    if (parts[0] === 'v1' && parts.length === 4) return this.openV1(parts);
    const [version, keyId, iv, tag, body] = parts;
    if (version !== 'v2' || parts.length !== 5 || !iv || !tag || body === undefined) throw new Error('unrecognised secret envelope');
    const key = this.keys.find((k) => k.id === keyId);
    if (!key) throw new Error(`secret sealed with an unknown key (id ${keyId}); set SECRET_KEY_PREVIOUS`);
    return decrypt(key.aead, iv, tag, body, context);
  }

  /** True when the envelope is not sealed with the current key in the current format. */
  needsReseal(envelope: string): boolean {
    return !envelope.startsWith(`v2:${this.current.id}:`);
  }

  private openV1([, iv, tag, body]: string[]): string {
    for (const key of this.keys) {
      try {
        return decrypt(key.legacy, iv!, tag!, body!, null);
      } catch {
        // Try the next key.
      }
    }
    throw new Error('secret sealed with an unknown key; set SECRET_KEY_PREVIOUS');
  }
}

function decrypt(key: Buffer, iv: string, tag: string, body: string, context: string | null): string {
  const tagBytes = Buffer.from(tag, 'base64url');
  const ivBytes = Buffer.from(iv, 'base64url');
  // GCM would accept a truncated tag (down to 4 bytes), which makes forgery far cheaper.
  if (tagBytes.length !== TAG_BYTES || ivBytes.length !== IV_BYTES) throw new Error('malformed secret envelope');
  const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
  if (context !== null) decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tagBytes);
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export function lastFour(secret: string): string {
  return secret.slice(-4);
}
