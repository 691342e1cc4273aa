import type { IpAllowList } from './ip-allow-list';

/** A key that passed verification: everything the data plane needs about it, from memory. */
export interface VerifiedKey {
  tokenId: number;
  userId: number;
  groupName: string;
  quotaCap: bigint | null;
  /** Null: every model the group permits. */
  allowedModels: ReadonlySet<string> | null;
  /** Null: any address. */
  allowedIps: IpAllowList | null;
  expiresAt: Date | null;
  /** Requests per minute; null: the gateway default; 0: unlimited. */
  rateLimitRpm: number | null;
  /** Requests in progress at once; null: the gateway default; 0: no per-key limit (the per-user one still applies). */
  maxConcurrent: number | null;
}

export type KeyVerification =
  | { status: 'VALID'; key: VerifiedKey }
  | { status: 'NOT_FOUND' | 'REVOKED' | 'DISABLED' | 'EXPIRED' | 'USER_DISABLED' };

export type KeyRefusal = Exclude<KeyVerification['status'], 'VALID'>;
