import type { EntityManager } from '@mikro-orm/postgresql';
import { Group, GroupMember, type IGroup } from '../../db/entities';
import { AUTO_GROUP } from './group.types';

/** The control plane's view of group access, straight from the database (the data plane uses GroupDirectory). */
export async function mayUseGroup(em: EntityManager, userId: number, group: IGroup): Promise<boolean> {
  if (group.open || group.name === AUTO_GROUP) return true;
  return (await em.count(GroupMember, { group: group.id, user: userId })) > 0;
}

/** Open groups, `auto`, and the closed groups the user is a member of, by name. */
export async function usableGroups(em: EntityManager, userId: number): Promise<IGroup[]> {
  const memberships = await em.find(GroupMember, { user: userId }, { fields: ['group'] });
  const memberOf = memberships.map((m) => m.group.id);
  return em.find(
    Group,
    { $or: [{ open: true }, { name: AUTO_GROUP }, ...(memberOf.length ? [{ id: { $in: memberOf } }] : [])] },
    { orderBy: { autoOrder: 'asc', name: 'asc' } },
  );
}
