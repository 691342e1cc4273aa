import { hash, verify, Algorithm } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, t=2, p=1): ~20 ms per hash on this class of machine.
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for an account without a password (a null hash). */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return passwordHash === null ? false : await verify(passwordHash, password);
  } catch {
    return false;
  }
}
