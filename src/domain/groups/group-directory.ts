import type { MikroORM } from '@mikro-orm/postgresql';
import type { RoutingPolicy } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { ReloadableSnapshot } from '../../lib/reloadable-snapshot';
import { parseMultiplier, UNIT_MULTIPLIER } from '../billing/pricing';
import { AUTO_GROUP, type GroupInfo, type GroupSnapshot } from './group.types';

interface GroupRow {
  id: number;
  name: string;
  open: boolean;
  price_multiplier: string;
  permits_all_models: boolean;
  permitted_tiers: string[] | null;
  permitted_vendors: string[] | null;
  permitted_models: string[] | null;
  auto_order: number;
  routing_policy: RoutingPolicy;
}

const GROUPS_SQL = `select id, name, open, price_multiplier, permits_all_models, permitted_tiers, permitted_vendors,
                           permitted_models, auto_order, routing_policy from groups`;
// Only closed groups need their member lists; open groups admit everyone.
const MEMBERS_SQL = `select g.name, gm.user_id from group_members gm join groups g on g.id = gm.group_id where not g.open`;

/**
 * Groups and closed-group memberships in memory. Anything that changes a group or its members
 * publishes topic `group` (or `all`), and the next request sees the new rules.
 */
export class GroupDirectory {
  private readonly snapshot: ReloadableSnapshot<GroupSnapshot>;

  constructor(orm: MikroORM, changeBus: ChangeBus, private readonly logger: Logger, maxAgeMs = 60_000) {
    this.snapshot = new ReloadableSnapshot(() => this.load(orm), {
      maxAgeMs,
      onBackgroundError: (err) => logger.warn('group refresh failed', { error: err as Error }),
    });
    changeBus.subscribe(({ topic }) => {
      if (topic === 'group' || topic === 'all') this.snapshot.invalidate();
    });
  }

  get(): Promise<GroupSnapshot> | GroupSnapshot {
    return this.snapshot.get();
  }

  private async load(orm: MikroORM): Promise<GroupSnapshot> {
    const connection = orm.em.getConnection();
    const [groups, members] = await Promise.all([
      connection.execute<GroupRow[]>(GROUPS_SQL),
      connection.execute<Array<{ name: string; user_id: number }>>(MEMBERS_SQL),
    ]);
    const byName = new Map<string, GroupInfo>();
    for (const r of groups) byName.set(r.name, this.toInfo(r));
    const memberMap = new Map<string, Set<number>>();
    for (const m of members) {
      let set = memberMap.get(m.name);
      if (!set) memberMap.set(m.name, (set = new Set()));
      set.add(Number(m.user_id));
    }
    const autoOrdered = [...byName.values()]
      .filter((g) => g.name !== AUTO_GROUP)
      .sort((a, b) => a.autoOrder - b.autoOrder || a.name.localeCompare(b.name));
    return { byName, members: memberMap, autoOrdered };
  }

  private toInfo(r: GroupRow): GroupInfo {
    let multiplier = UNIT_MULTIPLIER;
    try {
      multiplier = parseMultiplier(String(r.price_multiplier));
    } catch {
      this.logger.error('group has an unparsable price multiplier; pricing it at 1', { group: r.name });
    }
    return {
      id: Number(r.id),
      name: r.name,
      open: r.open,
      multiplier,
      multiplierText: String(r.price_multiplier),
      permitsAllModels: r.permits_all_models,
      permittedTiers: new Set(r.permitted_tiers ?? []),
      permittedVendors: new Set(r.permitted_vendors ?? []),
      permittedModels: new Set(r.permitted_models ?? []),
      autoOrder: Number(r.auto_order),
      routingPolicy: r.routing_policy ?? 'PRIORITY',
    };
  }
}
