import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogueModel, Group, Package, User, Vendor, type ICatalogueModel, type IModelPrice, type IVendor, type Modality, type ModelType } from '../../db/entities';
import type { PriceSheet } from '../billing/billing.types';
import { hashPassword } from '../accounts/password';
import { priceSheetOf, pricesInEffect, recordPrice, samePrices } from '../catalogue/model-prices';
import { changeFreeQuota } from '../quota/free-quota-ledger';
import { randomToken } from '../../lib/key-material';
import { STARTER_MODELS, STARTER_PACKAGES, STARTER_VENDORS, starterPrices, type StarterModel } from './starter-catalogue';

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
  return seedAdmin(em, options, true);
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

const STARTER_MEMO = 'starter catalogue';

async function seedCatalogue(em: EntityManager): Promise<void> {
  const vendors = new Map<string, IVendor>();
  for (const v of STARTER_VENDORS) {
    vendors.set(v.slug, (await em.findOne(Vendor, { slug: v.slug })) ?? em.create(Vendor, { ...v }));
  }
  await em.flush();
  const existing = new Map((await em.find(CatalogueModel, { modelId: { $in: STARTER_MODELS.map((m) => m.modelId) } })).map((m) => [m.modelId, m]));
  const now = new Date();
  const current = await pricesInEffect(em, [...existing.values()].map((m) => m.id), now);
  for (const starter of STARTER_MODELS) {
    const prices = starterPrices(starter);
    const {
      vendor, inputPrice, outputPrice, cacheReadPrice, cacheWritePrice, cacheWrite1hPrice, audioMinutePrice, longContext, requestPrice, media,
      searchUnitPrice, audioInputPrice, audioOutputPrice, ...m
    } = starter;
    const model = existing.get(m.modelId);
    if (!model) {
      recordPrice(em, em.create(CatalogueModel, { ...m, vendor: vendors.get(vendor)! }), prices, { effectiveAt: now, kind: 'INITIAL', memo: STARTER_MEMO });
      continue;
    }
    refreshStarterModel(em, model, m, current.get(model.id), prices, now);
  }
  await em.flush();
}

/**
 * A starter model nobody touched follows the starter list when it changes (new list prices as a
 * new version effective now; modalities where the column still holds its migration default).
 * A price an admin set, or a model an admin edited, stays as it is.
 */
function refreshStarterModel(
  em: EntityManager, model: ICatalogueModel, starter: Pick<StarterModel, 'inputModalities' | 'outputModalities'>,
  inEffect: IModelPrice | undefined, prices: PriceSheet, now: Date,
): void {
  const same = (a: readonly string[], b: readonly string[]) => a.join() === b.join();
  const migrated = migrationModalities(model.type);
  if (same(model.inputModalities, migrated.input) && same(model.outputModalities, migrated.output)) {
    if (!same(model.inputModalities, starter.inputModalities)) model.inputModalities = starter.inputModalities;
    if (!same(model.outputModalities, starter.outputModalities)) model.outputModalities = starter.outputModalities;
  }
  const seeded = inEffect && inEffect.createdBy == null && inEffect.memo.startsWith(STARTER_MEMO) && inEffect.kind !== 'VENDOR_DISCOUNT';
  if (!seeded || samePrices(priceSheetOf(inEffect), prices)) return;
  recordPrice(em, model, prices, { effectiveAt: now, kind: 'SET', memo: `${STARTER_MEMO} update` });
}

/** What Migration20261126180000_model_modalities gave rows that existed before modalities. */
function migrationModalities(type: ModelType): { input: Modality[]; output: Modality[] } {
  if (type === 'SPEECH_TO_TEXT') return { input: ['AUDIO'], output: ['TEXT'] };
  if (type === 'EMBEDDING') return { input: ['TEXT'], output: ['EMBEDDING'] };
  return { input: ['TEXT'], output: ['TEXT'] };
}


async function seedPackages(em: EntityManager): Promise<void> {
  for (const pkg of STARTER_PACKAGES) {
    if (!(await em.findOne(Package, { name: pkg.name }))) em.create(Package, { ...pkg, unlocksTiers: ['SVIP'] });
  }
  await em.flush();
}

/**
 * The admin account of ADMIN_EMAIL. At start-up it is created when no account (live or deleted)
 * has ever held the address, and nothing else: an account that exists is the operator's from
 * then on, so a restart never promotes, re-enables or brings back one that another admin demoted,
 * disabled or deleted, nor promotes whoever signed up with the address (README, "Users").
 * `npm run admin -- create-admin` (`startup: false`) is the deliberate way: it creates the
 * account or promotes the live one.
 */
export async function seedAdmin(em: EntityManager, options: SeedOptions, startup = false): Promise<SeedResult> {
  const email = options.adminEmail.toLowerCase();
  const accounts = await em.find(User, { email }, { orderBy: { id: 'desc' } });
  const existing = accounts.find((u) => u.deletedAt === null);
  // The id the demo set-up gives its key to: a deleted admin's rather than a stranger's who took the address since.
  const known = (existing?.role === 'ADMIN' ? existing : accounts.find((u) => u.deletedAt !== null)) ?? existing;
  if (startup && known) {
    return { adminId: known.id, generatedAdminPassword: undefined, adminCreated: false };
  }
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
