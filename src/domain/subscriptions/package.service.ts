import type { EntityManager } from '@mikro-orm/postgresql';
import { MODEL_TIERS, Package, type IPackage } from '../../db/entities';
import { isUniqueViolation } from '../../lib/pg-errors';
import { isKnownCurrency } from './money';

export interface PackageFields {
  name?: string | null;
  description?: string | null;
  priceMinor?: number | null;
  currency?: string | null;
  durationDays?: number | null;
  quotaPerPeriod?: bigint | null;
  unlocksTiers?: string[] | null;
  sortOrder?: number | null;
}

export type PackageResult =
  | { ok: true; package: IPackage }
  | { ok: false; reason: 'INVALID'; field: string; message: string }
  | { ok: false; reason: 'NOT_FOUND' };

type Invalid = { ok: false; reason: 'INVALID'; field: string; message: string };
const invalid = (field: string, message: string): Invalid => ({ ok: false, reason: 'INVALID', field, message });

function validate(f: PackageFields): Invalid | null {
  if (f.name != null && (f.name.trim().length === 0 || f.name.length > 128)) return invalid('name', 'name must be 1-128 characters');
  if (f.priceMinor != null && (!Number.isInteger(f.priceMinor) || f.priceMinor < 0)) return invalid('priceMinor', 'priceMinor must be a whole number >= 0');
  if (f.currency != null && !isKnownCurrency(f.currency)) return invalid('currency', 'currency must be an ISO 4217 code such as CNY or USD');
  if (f.durationDays != null && (!Number.isInteger(f.durationDays) || f.durationDays < 1 || f.durationDays > 3660)) {
    return invalid('durationDays', 'durationDays must be between 1 and 3660');
  }
  if (f.quotaPerPeriod != null && f.quotaPerPeriod < 0n) return invalid('quotaPerPeriod', 'quotaPerPeriod must be >= 0');
  if (f.unlocksTiers != null && f.unlocksTiers.some((t) => !(MODEL_TIERS as readonly string[]).includes(t))) {
    return invalid('unlocksTiers', `unlocksTiers must be among ${MODEL_TIERS.join(', ')}`);
  }
  return null;
}

async function save(em: EntityManager, pkg: IPackage): Promise<PackageResult> {
  try {
    await em.flush();
    return { ok: true, package: pkg };
  } catch (err) {
    if (isUniqueViolation(err)) return invalid('name', 'a package with this name exists');
    throw err;
  }
}

export async function createPackage(em: EntityManager, fields: PackageFields & Required<Pick<PackageFields, 'name'>>): Promise<PackageResult> {
  const problem = validate(fields);
  if (problem) return problem;
  if (fields.priceMinor == null) return invalid('priceMinor', 'priceMinor is required');
  if (fields.durationDays == null) return invalid('durationDays', 'durationDays is required');
  if (fields.quotaPerPeriod == null) return invalid('quotaPerPeriod', 'quotaPerPeriod is required');
  const pkg = em.create(Package, {
    name: fields.name!.trim(),
    description: fields.description ?? '',
    priceMinor: fields.priceMinor,
    currency: fields.currency ?? 'CNY',
    durationDays: fields.durationDays,
    quotaPerPeriod: fields.quotaPerPeriod,
    unlocksTiers: fields.unlocksTiers ?? ['SVIP'],
    sortOrder: fields.sortOrder ?? 0,
  });
  return save(em, pkg);
}

/** Orders keep their own amount and currency, so editing a package never changes an existing order. */
export async function updatePackage(em: EntityManager, id: number, fields: PackageFields): Promise<PackageResult> {
  const problem = validate(fields);
  if (problem) return problem;
  const pkg = await em.findOne(Package, id);
  if (!pkg) return { ok: false, reason: 'NOT_FOUND' };
  if (fields.name != null) pkg.name = fields.name.trim();
  if (fields.description != null) pkg.description = fields.description;
  if (fields.priceMinor != null) pkg.priceMinor = fields.priceMinor;
  if (fields.currency != null) pkg.currency = fields.currency;
  if (fields.durationDays != null) pkg.durationDays = fields.durationDays;
  if (fields.quotaPerPeriod != null) pkg.quotaPerPeriod = fields.quotaPerPeriod;
  if (fields.unlocksTiers != null) pkg.unlocksTiers = fields.unlocksTiers;
  if (fields.sortOrder != null) pkg.sortOrder = fields.sortOrder;
  return save(em, pkg);
}

/** Archived packages disappear from the shop; paid subscriptions to them run their course. */
export async function setPackageStatus(em: EntityManager, id: number, status: IPackage['status']): Promise<PackageResult> {
  const pkg = await em.findOne(Package, id);
  if (!pkg) return { ok: false, reason: 'NOT_FOUND' };
  pkg.status = status;
  return save(em, pkg);
}
