import { AUTO_GROUP, type GroupInfo, type GroupSnapshot, type ModelFacts, type RouteGroup } from './group.types';

export function canUseGroup(snapshot: GroupSnapshot, group: GroupInfo, userId: number): boolean {
  return group.open || group.name === AUTO_GROUP || (snapshot.members.get(group.name)?.has(userId) ?? false);
}

/** A group permits all models, or the union of the tiers, vendors and model ids it lists. */
export function groupPermitsModel(group: GroupInfo, model: ModelFacts): boolean {
  return (
    group.permitsAllModels ||
    group.permittedModels.has(model.modelId) ||
    group.permittedTiers.has(model.tier) ||
    group.permittedVendors.has(model.vendorSlug)
  );
}

export type GroupAccess =
  | { ok: true; route: RouteGroup[] }
  | { ok: false; reason: 'UNKNOWN_GROUP' | 'NOT_A_MEMBER' | 'MODEL_NOT_PERMITTED' };

const route = (g: GroupInfo): RouteGroup => ({ name: g.name, multiplier: g.multiplier, routingPolicy: g.routingPolicy });

/**
 * Which groups' channels may serve `model` for a token in `groupName`, in the order to try them.
 * An ordinary group serves only through itself. `auto` permits a model when some other group
 * the user may use permits it (and auto's own rules do not exclude it); it then routes over
 * auto's own channels and those groups, in `auto_order`, each priced at its own multiplier.
 */
export function resolveGroupAccess(snapshot: GroupSnapshot, groupName: string, userId: number, model: ModelFacts): GroupAccess {
  const group = snapshot.byName.get(groupName);
  if (!group) return { ok: false, reason: 'UNKNOWN_GROUP' };
  if (!canUseGroup(snapshot, group, userId)) return { ok: false, reason: 'NOT_A_MEMBER' };
  if (group.name !== AUTO_GROUP) {
    return groupPermitsModel(group, model) ? { ok: true, route: [route(group)] } : { ok: false, reason: 'MODEL_NOT_PERMITTED' };
  }
  if (!groupPermitsModel(group, model)) return { ok: false, reason: 'MODEL_NOT_PERMITTED' };
  const usable = snapshot.autoOrdered.filter((g) => canUseGroup(snapshot, g, userId) && groupPermitsModel(g, model));
  if (usable.length === 0) return { ok: false, reason: 'MODEL_NOT_PERMITTED' };
  const ordered = [group, ...usable].sort((a, b) => a.autoOrder - b.autoOrder || a.name.localeCompare(b.name));
  return { ok: true, route: ordered.map(route) };
}
