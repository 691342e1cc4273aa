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
  const now = new Date();
  await em.createQueryBuilder(Group).insert([
    { name: 'auto', description: 'Routes over every group you may use, in the configured order.', open: true, autoOrder: 0, createdAt: now, updatedAt: now },
    { name: 'default', description: 'The standard channel pool.', open: true, autoOrder: 10, createdAt: now, updatedAt: now },
  ]).onConflict('name').ignore().execute();
}

const STARTER_MEMO = 'starter catalogue';

async function seedCatalogue(em: EntityManager): Promise<void> {
  const now = new Date();
  // Conflicts on either unique key (name, slug) are skipped: a vendor an admin renamed onto a
  // starter name keeps its row, and the starter models of a vendor not made here wait for it.
  await em.createQueryBuilder(Vendor).insert(STARTER_VENDORS.map((v) => ({ ...v, createdAt: now }))).onConflict().ignore().execute();
  const vendors = new Map((await em.find(Vendor, { slug: { $in: STARTER_VENDORS.map((v) => v.slug) } })).map((v) => [v.slug, v]));
  const existing = new Map((await em.find(CatalogueModel, { modelId: { $in: STARTER_MODELS.map((m) => m.modelId) } })).map((m) => [m.modelId, m]));
  const current = await pricesInEffect(em, [...existing.values()].map((m) => m.id), now);
  const starters = new Map(STARTER_MODELS.map((m) => [m.modelId, m]));
  for (const [modelId, model] of existing) {
    const starter = starters.get(modelId)!;
    refreshStarterModel(em, model, starter, current.get(model.id), starterPrices(starter), now);
  }
  await em.flush();
  const missing = STARTER_MODELS.filter((m) => !existing.has(m.modelId) && vendors.has(m.vendor));
  if (missing.length > 0) await insertStarterModels(em, missing, vendors, now);
}

/**
 * The starter models not in the catalogue yet, each with its initial price in the same
 * transaction. A model another run inserted first is skipped (it has its price from that run).
 */
async function insertStarterModels(em: EntityManager, models: StarterModel[], vendors: Map<string, IVendor>, now: Date): Promise<void> {
  const rows = models.map((starter) => {
    const {
      vendor, inputPrice, outputPrice, cacheReadPrice, cacheWritePrice, cacheWrite1hPrice, audioMinutePrice, longContext, requestPrice, media,
      searchUnitPrice, audioInputPrice, audioOutputPrice, ...m
    } = starter;
    return { ...m, vendor: vendors.get(vendor)!.id, createdAt: now, updatedAt: now };
  });
  const byModelId = new Map(models.map((m) => [m.modelId, m]));
  await em.transactional(async (tx) => {
    const inserted = await tx.createQueryBuilder(CatalogueModel)
      .insert(rows).onConflict('modelId').ignore().returning(['id', 'modelId']).execute<Array<{ id: number; modelId: string }>>('all');
    for (const { id, modelId } of inserted) {
      recordPrice(tx, tx.getReference(CatalogueModel, id), starterPrices(byModelId.get(modelId)!), { effectiveAt: now, kind: 'INITIAL', memo: STARTER_MEMO });
    }
  });
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
  const now = new Date();
  await em.createQueryBuilder(Package)
    .insert(STARTER_PACKAGES.map((pkg) => ({ ...pkg, unlocksTiers: ['SVIP'], createdAt: now, updatedAt: now })))
    .onConflict('name').ignore().execute();
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
  const passwordHash = await hashPassword(options.adminPassword ?? generated!);
  const now = new Date();
  // The account and its signup grant in one transaction. Another run (an instance starting
  // beside this one, the admin command) may have made the live account since the look above:
  // the insert then does nothing, and the look again finds that account.
  const adminId = await em.transactional(async (tx) => {
    const [created] = await tx.createQueryBuilder(User)
      .insert({ email, passwordHash, role: 'ADMIN', createdAt: now, updatedAt: now }).onConflict().ignore().returning(['id']).execute<Array<{ id: number }>>('all');
    if (created) await changeFreeQuota(tx, { userId: created.id, amount: options.signupGrant, kind: 'SIGNUP_GRANT', reference: `signup:${created.id}` });
    return created?.id;
  });
  if (adminId === undefined) return seedAdmin(em, options, startup);
  return { adminId, generatedAdminPassword: generated, adminCreated: true };
}
