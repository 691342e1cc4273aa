import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogueModel, Group, Package, User, Vendor, type IVendor } from '../entities';
import { hashPassword } from '../../domain/accounts/password';
import { recordPrice } from '../../domain/catalogue/model-prices';
import { changeFreeQuota } from '../../domain/quota/free-quota-ledger';
import { randomToken } from '../../lib/key-material';
import { STARTER_MODELS, STARTER_PACKAGES, STARTER_VENDORS } from './starter-catalogue';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string | undefined;
  signupGrant: bigint;
}

export interface SeedResult {
  adminId: number;
  /** Set only when this run created the admin with a generated password: print it once. */
  generatedAdminPassword: string | undefined;
  adminCreated: boolean;
}

/**
 * Idempotent: creates what is missing and never overwrites what an operator changed,
 * so it runs on every start.
 */
export async function seed(em: EntityManager, options: SeedOptions): Promise<SeedResult> {
  await seedGroups(em);
  await seedCatalogue(em);
  await seedPackages(em);
  return seedAdmin(em, options);
}

async function seedGroups(em: EntityManager): Promise<void> {
  const groups = [
    { name: 'auto', description: 'Routes over every group you may use, in the configured order.', open: true, autoOrder: 0 },
    { name: 'default', description: 'The standard channel pool.', open: true, autoOrder: 10 },
  ];
  for (const g of groups) {
    if (!(await em.findOne(Group, { name: g.name }))) em.create(Group, g);
  }
  await em.flush();
}

async function seedCatalogue(em: EntityManager): Promise<void> {
  const vendors = new Map<string, IVendor>();
  for (const v of STARTER_VENDORS) {
    vendors.set(v.slug, (await em.findOne(Vendor, { slug: v.slug })) ?? em.create(Vendor, { ...v }));
  }
  await em.flush();
  const existing = new Set((await em.find(CatalogueModel, {}, { fields: ['modelId'] })).map((m) => m.modelId));
  const now = new Date();
  for (const { vendor, inputPrice, outputPrice, cacheReadPrice, cacheWritePrice, audioMinutePrice, ...m } of STARTER_MODELS) {
    if (existing.has(m.modelId)) continue;
    const model = em.create(CatalogueModel, { ...m, vendor: vendors.get(vendor)! });
    const prices = { inputPrice, outputPrice, cacheReadPrice: cacheReadPrice ?? null, cacheWritePrice: cacheWritePrice ?? null, requestPrice: 0n, audioMinutePrice: audioMinutePrice ?? 0n };
    recordPrice(em, model, prices, { effectiveAt: now, kind: 'INITIAL', memo: 'starter catalogue' });
  }
  await em.flush();
}

async function seedPackages(em: EntityManager): Promise<void> {
  for (const pkg of STARTER_PACKAGES) {
    if (!(await em.findOne(Package, { name: pkg.name }))) em.create(Package, { ...pkg, unlocksTiers: ['SVIP'] });
  }
  await em.flush();
}

/** The admin account of ADMIN_EMAIL: created (generated password unless given) or promoted. Also `npm run admin -- create-admin`. */
export async function seedAdmin(em: EntityManager, options: SeedOptions): Promise<SeedResult> {
  const email = options.adminEmail.toLowerCase();
  const existing = await em.findOne(User, { email });
  if (existing) {
    if (existing.role !== 'ADMIN') {
      existing.role = 'ADMIN';
      await em.flush();
    }
    return { adminId: existing.id, generatedAdminPassword: undefined, adminCreated: false };
  }
  const generated = options.adminPassword === undefined ? randomToken(20) : undefined;
  const admin = em.create(User, {
    email,
    passwordHash: await hashPassword(options.adminPassword ?? generated!),
    role: 'ADMIN',
  });
  await em.flush();
  await changeFreeQuota(em, { userId: admin.id, amount: options.signupGrant, kind: 'SIGNUP_GRANT', reference: `signup:${admin.id}` });
  return { adminId: admin.id, generatedAdminPassword: generated, adminCreated: true };
}
