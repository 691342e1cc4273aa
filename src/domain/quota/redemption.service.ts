import type { EntityManager } from '@mikro-orm/postgresql';
import { Package, RedemptionCode, type IRedemptionCode, type RedemptionKind } from '../../db/entities';
import { generateSecret, sha256Hex } from '../../lib/key-material';
import { changeFreeQuota } from './free-quota-ledger';
import { grantSubscription } from '../subscriptions/subscription-grant';

export const MAX_CODES_PER_BATCH = 1000;

export interface CodeBatchInput {
  kind: RedemptionKind;
  quotaAmount?: bigint | null;
  packageId?: number | null;
  count: number;
  maxUses?: number | null;
  expiresAt?: Date | null;
  memo?: string | null;
  createdBy: number;
  now: Date;
}

export type CodeBatchResult =
  | { ok: true; codes: Array<{ plaintext: string; code: IRedemptionCode }> }
  | { ok: false; field: string; message: string };

export type RedeemResult =
  | { ok: true; codeId: number; kind: 'QUOTA'; quotaAmount: bigint; userId: number }
  | { ok: true; codeId: number; kind: 'PACKAGE'; subscriptionId: number; quotaAmount: bigint; userId: number }
  | { ok: false; reason: 'INVALID_CODE' | 'CODE_EXPIRED' | 'CODE_EXHAUSTED' | 'ALREADY_REDEEMED' };

/** Codes are random `rc-` secrets; only their SHA-256 is stored, the plaintext is returned here once. */
export async function generateRedemptionCodes(em: EntityManager, input: CodeBatchInput): Promise<CodeBatchResult> {
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_CODES_PER_BATCH) {
    return { ok: false, field: 'count', message: `count must be between 1 and ${MAX_CODES_PER_BATCH}` };
  }
  const maxUses = input.maxUses ?? 1;
  if (!Number.isInteger(maxUses) || maxUses < 1) return { ok: false, field: 'maxUses', message: 'maxUses must be at least 1' };
  if (input.expiresAt && input.expiresAt <= input.now) return { ok: false, field: 'expiresAt', message: 'expiresAt must be in the future' };
  let quotaAmount: bigint | null = null;
  let packageId: number | null = null;
  if (input.kind === 'QUOTA') {
    if (input.quotaAmount == null || input.quotaAmount <= 0n) return { ok: false, field: 'quotaAmount', message: 'QUOTA codes need a positive quotaAmount' };
    if (input.packageId != null) return { ok: false, field: 'packageId', message: 'QUOTA codes take no package' };
    quotaAmount = input.quotaAmount;
  } else {
    if (input.packageId == null) return { ok: false, field: 'packageId', message: 'PACKAGE codes need a package' };
    if (input.quotaAmount != null) return { ok: false, field: 'quotaAmount', message: 'PACKAGE codes take no quotaAmount' };
    if (!(await em.findOne(Package, input.packageId))) return { ok: false, field: 'packageId', message: 'package not found' };
    packageId = input.packageId;
  }
  const codes = Array.from({ length: input.count }, () => {
    const secret = generateSecret('rc-');
    const code = em.create(RedemptionCode, {
      codeHash: secret.hash,
      displayPrefix: secret.displayPrefix,
      kind: input.kind,
      quotaAmount,
      package: packageId,
      maxUses,
      expiresAt: input.expiresAt ?? null,
      memo: input.memo ?? '',
      createdBy: input.createdBy,
    });
    return { plaintext: secret.plaintext, code };
  });
  await em.flush();
  return { ok: true, codes };
}

class RedeemRollback extends Error {
  constructor(readonly reason: 'CODE_EXHAUSTED') {
    super(reason);
  }
}

/**
 * One use of a code, in one transaction: the per-(code, user) use row (unique), the conditional
 * `used_count + 1 where used_count < max_uses`, and the grant with its ledger row
 * (reference `redeem:<codeId>:<userId>`). Any step that says no rolls back the others.
 */
export async function redeemCode(em: EntityManager, userId: number, plaintext: string, now: Date): Promise<RedeemResult> {
  const [code] = await em.execute<{ id: number; kind: RedemptionKind; quota_amount: string | null; package_id: number | null; status: string; expires_at: Date | string | null }[]>(
    'select id, kind, quota_amount, package_id, status, expires_at from redemption_codes where code_hash = ?',
    [sha256Hex(plaintext.trim())],
  );
  if (!code || code.status !== 'ACTIVE') return { ok: false, reason: 'INVALID_CODE' };
  if (code.expires_at !== null && new Date(code.expires_at) <= now) return { ok: false, reason: 'CODE_EXPIRED' };
  if (code.kind === 'PACKAGE' && code.package_id === null) return { ok: false, reason: 'INVALID_CODE' }; // its package was deleted
  const reference = `redeem:${code.id}:${userId}`;

  try {
    return await em.transactional(async (tx): Promise<RedeemResult> => {
      const used = await tx.execute<{ id: number }[]>(
        `insert into redemption_uses (code_id, user_id, created_at) values (?, ?, now())
         on conflict (code_id, user_id) do nothing returning id`,
        [code.id, userId],
      );
      if (!used[0]) return { ok: false, reason: 'ALREADY_REDEEMED' };
      const counted = await tx.execute<{ id: number }[]>(
        'update redemption_codes set used_count = used_count + 1 where id = ? and used_count < max_uses returning id',
        [code.id],
      );
      if (!counted[0]) throw new RedeemRollback('CODE_EXHAUSTED');

      if (code.kind === 'QUOTA') {
        const amount = BigInt(code.quota_amount ?? '0');
        const changed = await changeFreeQuota(tx, { userId, amount, kind: 'REDEMPTION', reference });
        if (!changed.ok) throw new Error(`redemption grant failed: ${changed.reason}`);
        return { ok: true, codeId: code.id, kind: 'QUOTA', quotaAmount: amount, userId };
      }
      const granted = await grantSubscription(tx, { userId, packageId: code.package_id!, kind: 'REDEMPTION', reference, now });
      return { ok: true, codeId: code.id, kind: 'PACKAGE', subscriptionId: granted.subscriptionId, quotaAmount: granted.quotaGranted, userId };
    });
  } catch (err) {
    if (err instanceof RedeemRollback) return { ok: false, reason: err.reason };
    throw err;
  }
}
