import { Package, PACKAGE_STATUSES, type IPackage } from '../db/entities';
import { toEntityId } from '../domain/domain-result';
import { formatMinorUnits } from '../domain/subscriptions/money';
import {
  createPackage, setPackageStatus, updatePackage, type PackageResult,
} from '../domain/subscriptions/package.service';
import { builder } from './builder';
import { InputValidationError, NotFoundError } from './errors.schema';

export const PackageStatusEnum = builder.enumType('PackageStatus', { values: PACKAGE_STATUSES });

export const PackageRef = builder.loadableObjectRef<IPackage, number>('Package', {
  load: async (ids, ctx) => {
    const rows = await ctx.em.find(Package, { id: { $in: ids } });
    const byId = new Map(rows.map((p) => [p.id, p]));
    return ids.map((id) => byId.get(id) ?? new Error(`package ${id} not found`));
  },
  sort: (p) => p.id,
});

PackageRef.implement({
  description: 'A subscription package sold for money.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    price: t.string({
      description: 'Price as an exact decimal string in the currency, e.g. "19.98".',
      resolve: (p) => formatMinorUnits(p.priceMinor, p.currency),
    }),
    priceMinor: t.exposeInt('priceMinor', { description: 'Price in minor units (fen, cents).' }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code.' }),
    durationDays: t.exposeInt('durationDays'),
    quotaPerPeriod: t.field({ type: 'BigInt', description: 'Quota granted for each period bought.', resolve: (p) => p.quotaPerPeriod }),
    unlocksTiers: t.stringList({ description: 'Model tiers this package unlocks (e.g. SVIP).', resolve: (p) => p.unlocksTiers }),
    status: t.field({ type: PackageStatusEnum, resolve: (p) => p.status }),
    sortOrder: t.exposeInt('sortOrder'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('packages', (t) =>
  t.field({
    type: [PackageRef],
    description: 'Packages on sale, cheapest first by sort order. Admins may include archived ones.',
    args: { includeArchived: t.arg.boolean({ defaultValue: false }) },
    authScopes: (_root, args) => (args.includeArchived ? { admin: true } : { public: true }),
    resolve: (_root, args, ctx) =>
      ctx.em.find(Package, args.includeArchived ? {} : { status: 'ACTIVE' }, { orderBy: { sortOrder: 'asc', id: 'asc' } }),
  }),
);

const CreatePackageInput = builder.inputType('CreatePackageInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    priceMinor: t.int({ required: true, description: 'Price in minor units, e.g. 1998 for 19.98 CNY.' }),
    currency: t.string({ description: 'ISO 4217; default CNY.' }),
    durationDays: t.int({ required: true }),
    quotaPerPeriod: t.field({ type: 'BigInt', required: true }),
    unlocksTiers: t.stringList({ description: 'Default [SVIP].' }),
    sortOrder: t.int(),
  }),
});

const UpdatePackageInput = builder.inputType('UpdatePackageInput', {
  description: 'Only the fields given change. Existing orders keep their own amount and currency.',
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    priceMinor: t.int(),
    currency: t.string(),
    durationDays: t.int(),
    quotaPerPeriod: t.field({ type: 'BigInt' }),
    unlocksTiers: t.stringList(),
    sortOrder: t.int(),
  }),
});

function unwrap(result: PackageResult): IPackage {
  if (result.ok) return result.package;
  if (result.reason === 'NOT_FOUND') throw new NotFoundError('Package');
  throw new InputValidationError(result.field, result.message);
}

function packageId(id: string | number): number {
  const parsed = toEntityId(id);
  if (parsed === null) throw new NotFoundError('Package');
  return parsed;
}

builder.mutationFields((t) => ({
  createPackage: t.field({
    type: PackageRef,
    description: 'Admin: a new package, on sale at once.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: CreatePackageInput, required: true }) },
    errors: { types: [InputValidationError], directResult: true, union: { name: 'CreatePackageResult' } },
    resolve: async (_root, { input }, ctx) => unwrap(await createPackage(ctx.em, input)),
  }),
  updatePackage: t.field({
    type: PackageRef,
    description: 'Admin: edits a package.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdatePackageInput, required: true }) },
    errors: { types: [NotFoundError, InputValidationError], directResult: true, union: { name: 'UpdatePackageResult' } },
    resolve: async (_root, { id, input }, ctx) => unwrap(await updatePackage(ctx.em, packageId(id), input)),
  }),
  archivePackage: t.field({
    type: PackageRef,
    description: 'Admin: takes a package off sale; subscriptions already bought run their course.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'ArchivePackageResult' } },
    resolve: async (_root, { id }, ctx) => unwrap(await setPackageStatus(ctx.em, packageId(id), 'ARCHIVED')),
  }),
}));
