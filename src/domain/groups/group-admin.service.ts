import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogueModel, Group, GroupMember, User, Vendor, type IGroup, type ModelTier, type RoutingPolicy } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import { isUniqueViolation } from '../../lib/pg-errors';
import { alreadyExists, invalid, notFound, ok, type CommonFailure, type Outcome } from '../domain-result';
import { AUTO_GROUP } from './group.types';

export interface GroupPatch {
  description?: string | null;
  open?: boolean | null;
  priceMultiplier?: string | null;
  permitsAllModels?: boolean | null;
  permittedTiers?: readonly ModelTier[] | null;
  permittedVendors?: readonly string[] | null;
  permittedModels?: readonly string[] | null;
  autoOrder?: number | null;
}

export interface GroupDeps {
  em: EntityManager;
  changeBus: ChangeBus;
}

const GROUP_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
// numeric(10,4): at most 6 integer digits and 4 decimals.
const MULTIPLIER = /^\d{1,6}(\.\d{1,4})?$/;

/** The form PostgreSQL's numeric(10,4) gives back, so a response matches what a later read returns. */
function normaliseMultiplier(text: string): string {
  const [whole, fraction = ''] = text.trim().split('.');
  return `${BigInt(whole!).toString()}.${fraction.padEnd(4, '0')}`;
}

async function checkPatch(em: EntityManager, patch: GroupPatch): Promise<CommonFailure | null> {
  if (patch.description != null && patch.description.length > 2000) return invalid('description', 'Use at most 2000 characters.');
  if (patch.priceMultiplier != null && !MULTIPLIER.test(patch.priceMultiplier.trim())) {
    return invalid('priceMultiplier', 'Use a decimal such as 1, 0.8 or 1.25 (at most 4 decimals).');
  }
  if (patch.autoOrder != null && Math.abs(patch.autoOrder) > 1_000_000) return invalid('autoOrder', 'Keep it within ±1000000.');
  if (patch.permittedVendors?.length) {
    const known = new Set((await em.find(Vendor, { slug: { $in: [...patch.permittedVendors] } })).map((v) => v.slug));
    const unknown = patch.permittedVendors.filter((s) => !known.has(s));
    if (unknown.length) return invalid('permittedVendors', `Unknown vendor slug(s): ${unknown.join(', ')}.`);
  }
  if (patch.permittedModels?.length) {
    const known = new Set((await em.find(CatalogueModel, { modelId: { $in: [...patch.permittedModels] } })).map((m) => m.modelId));
    const unknown = patch.permittedModels.filter((s) => !known.has(s));
    if (unknown.length) return invalid('permittedModels', `Unknown model id(s): ${unknown.join(', ')}.`);
  }
  return null;
}

function applyPatch(group: IGroup, patch: GroupPatch): void {
  if (patch.description != null) group.description = patch.description;
  if (patch.open != null) group.open = patch.open;
  if (patch.priceMultiplier != null) group.priceMultiplier = normaliseMultiplier(patch.priceMultiplier);
  if (patch.permitsAllModels != null) group.permitsAllModels = patch.permitsAllModels;
  if (patch.permittedTiers != null) group.permittedTiers = [...new Set(patch.permittedTiers)];
  if (patch.permittedVendors != null) group.permittedVendors = [...new Set(patch.permittedVendors)];
  if (patch.permittedModels != null) group.permittedModels = [...new Set(patch.permittedModels)];
  if (patch.autoOrder != null) group.autoOrder = patch.autoOrder;
}

export async function createGroup({ em, changeBus }: GroupDeps, name: string, patch: GroupPatch): Promise<Outcome<IGroup>> {
  if (!GROUP_NAME.test(name)) return invalid('name', 'Use 1-64 lower-case letters, digits, - or _, starting with a letter or digit.');
  const problem = await checkPatch(em, patch);
  if (problem) return problem;
  if (await em.count(Group, { name })) return alreadyExists('name', `Group ${name} already exists.`);
  const group = em.create(Group, { name, priceMultiplier: '1.0000' });
  applyPatch(group, patch);
  try {
    await em.flush();
  } catch (err) {
    if (isUniqueViolation(err)) return alreadyExists('name', `Group ${name} already exists.`);
    throw err;
  }
  await changeBus.publish({ topic: 'group', id: name });
  return ok(group);
}

/** The name is immutable: channels and tokens refer to groups by name. */
export async function updateGroup({ em, changeBus }: GroupDeps, name: string, patch: GroupPatch): Promise<Outcome<IGroup>> {
  const group = await em.findOne(Group, { name });
  if (!group) return notFound(`Group ${name}`);
  if (group.name === AUTO_GROUP && patch.open === false) return invalid('open', 'The auto group is always open.');
  const problem = await checkPatch(em, patch);
  if (problem) return problem;
  applyPatch(group, patch);
  await em.flush();
  await changeBus.publish({ topic: 'group', id: name });
  return ok(group);
}

export async function addGroupMember({ em, changeBus }: GroupDeps, name: string, userId: number): Promise<Outcome<IGroup>> {
  const group = await em.findOne(Group, { name });
  if (!group) return notFound(`Group ${name}`);
  if (!(await em.count(User, { id: userId }))) return notFound('User');
  // Idempotent: adding an existing member is not an error.
  await em.getConnection().execute(
    'insert into group_members (group_id, user_id, created_at) values (?, ?, now()) on conflict (group_id, user_id) do nothing',
    [group.id, userId],
  );
  await changeBus.publish({ topic: 'group', id: name });
  return ok(group);
}

export async function removeGroupMember({ em, changeBus }: GroupDeps, name: string, userId: number): Promise<Outcome<IGroup>> {
  const group = await em.findOne(Group, { name });
  if (!group) return notFound(`Group ${name}`);
  await em.nativeDelete(GroupMember, { group: group.id, user: userId });
  await changeBus.publish({ topic: 'group', id: name });
  return ok(group);
}

/** How the group's channels are chosen: PRIORITY (weights within a priority), CHEAPEST or BALANCED (src/domain/routing/channel-picker.ts). */
export async function setGroupRoutingPolicy({ em, changeBus }: GroupDeps, name: string, policy: RoutingPolicy): Promise<Outcome<IGroup>> {
  const group = await em.findOne(Group, { name });
  if (!group) return notFound(`Group ${name}`);
  group.routingPolicy = policy;
  await em.flush();
  await changeBus.publish({ topic: 'group', id: name });
  return ok(group);
}
