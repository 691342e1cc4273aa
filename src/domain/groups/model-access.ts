import type { CatalogueEntry, CatalogueSnapshot } from '../catalogue/catalogue.types';
import type { VerifiedKey } from '../tokens/key-verification.types';
import { resolveGroupAccess } from './group-permissions';
import type { GroupSnapshot, RouteGroup } from './group.types';

export type ModelAccess =
  | { ok: true; model: CatalogueEntry; route: RouteGroup[] }
  | {
      ok: false;
      reason: 'MODEL_NOT_FOUND' | 'GROUP_UNKNOWN' | 'GROUP_NOT_USABLE' | 'GROUP_DOES_NOT_PERMIT' | 'SUBSCRIPTION_REQUIRED' | 'MODEL_NOT_ALLOWED' | 'IP_NOT_ALLOWED';
    };

export interface AccessFacts {
  catalogue: CatalogueSnapshot;
  groups: GroupSnapshot;
  key: VerifiedKey;
  /** Tiers the user's active subscriptions unlock; only consulted for tiers other than FREE. */
  unlockedTiers: () => Promise<ReadonlySet<string>> | ReadonlySet<string>;
  clientIp: string | undefined;
}

/**
 * Whether this key may call `modelId`, checked in the order DESIGN §3 promises callers:
 * catalogue (hidden models do not exist), group, tier/subscription, the key's own allow-lists.
 */
export async function checkModelAccess(facts: AccessFacts, modelId: string): Promise<ModelAccess> {
  const model = facts.catalogue.byId.get(modelId);
  if (!model || model.status === 'HIDDEN') return { ok: false, reason: 'MODEL_NOT_FOUND' };
  const group = resolveGroupAccess(facts.groups, facts.key.groupName, facts.key.userId, model);
  if (!group.ok) {
    const reason = group.reason === 'UNKNOWN_GROUP' ? 'GROUP_UNKNOWN' : group.reason === 'NOT_A_MEMBER' ? 'GROUP_NOT_USABLE' : 'GROUP_DOES_NOT_PERMIT';
    return { ok: false, reason };
  }
  if (model.tier !== 'FREE' && !(await facts.unlockedTiers()).has(model.tier)) return { ok: false, reason: 'SUBSCRIPTION_REQUIRED' };
  if (facts.key.allowedModels && !facts.key.allowedModels.has(modelId)) return { ok: false, reason: 'MODEL_NOT_ALLOWED' };
  if (facts.key.allowedIps && !facts.key.allowedIps.allows(facts.clientIp)) return { ok: false, reason: 'IP_NOT_ALLOWED' };
  return { ok: true, model, route: group.route };
}
