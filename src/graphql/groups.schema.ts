import { Group, GroupMember, type IGroup } from '../db/entities';
import { mayUseGroup, usableGroups } from '../domain/groups/group-access';
import {
  addGroupMember, createGroup, removeGroupMember, updateGroup, type GroupDeps,
} from '../domain/groups/group-admin.service';
import { toEntityId } from '../domain/domain-result';
import { builder } from './builder';
import { ModelTierEnum } from './catalogue.schema';
import type { GraphQLContext } from './context';
import { AlreadyExistsError, InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';
import { isAdmin } from './ownership';
import { UserRef } from './user.schema';

const deps = (ctx: GraphQLContext): GroupDeps => ({ em: ctx.em, changeBus: ctx.services.changeBus });

export const GroupRef = builder.loadableObjectRef<IGroup, number>('Group', {
  load: (ids, ctx) => ctx.em.find(Group, { id: { $in: ids } }),
  sort: (group) => group.id,
});

GroupRef.implement({
  description: 'A token group: who may use it, which models it reaches and at what price multiplier.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    open: t.exposeBoolean('open', { description: 'Any user may put tokens in an open group; otherwise members only.' }),
    priceMultiplier: t.exposeString('priceMultiplier', { description: 'Exact decimal, e.g. "1.0000".' }),
    permitsAllModels: t.exposeBoolean('permitsAllModels'),
    permittedTiers: t.field({ type: [ModelTierEnum], resolve: (g) => g.permittedTiers as Array<'FREE' | 'SVIP'> }),
    permittedVendors: t.exposeStringList('permittedVendors', { description: 'Vendor slugs.' }),
    permittedModels: t.exposeStringList('permittedModels'),
    autoOrder: t.exposeInt('autoOrder', { description: 'Where the `auto` group tries this group (lower first).' }),
    members: t.field({
      type: [UserRef],
      nullable: true,
      // Null (not an error) for non-admins: an error on a non-null field would null the whole
      // `groups` list a user's console asks for.
      description: 'Members (only meaningful for closed groups); null unless the viewer is an admin.',
      resolve: async (g, _args, ctx) =>
        isAdmin(ctx) ? (await ctx.em.find(GroupMember, { group: g.id }, { orderBy: { id: 'asc' } })).map((m) => m.user.id) : null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const groupFields = builder.inputRef<{
  description?: string | null;
  open?: boolean | null;
  priceMultiplier?: string | null;
  permitsAllModels?: boolean | null;
  permittedTiers?: Array<'FREE' | 'SVIP'> | null;
  permittedVendors?: string[] | null;
  permittedModels?: string[] | null;
  autoOrder?: number | null;
}>('GroupSettingsInput').implement({
  description: 'Absent fields keep their value (or the default when creating).',
  fields: (t) => ({
    description: t.string(),
    open: t.boolean(),
    priceMultiplier: t.string({ description: 'Decimal with at most 4 places, e.g. "0.8".' }),
    permitsAllModels: t.boolean(),
    permittedTiers: t.field({ type: [ModelTierEnum] }),
    permittedVendors: t.stringList({ description: 'Vendor slugs.' }),
    permittedModels: t.stringList({ description: 'Catalogue model ids.' }),
    autoOrder: t.int(),
  }),
});

builder.queryFields((t) => ({
  groups: t.field({
    type: [GroupRef],
    description: 'The groups the viewer may put tokens in (`auto` always among them).',
    authScopes: { user: true },
    resolve: (_root, _args, ctx) => usableGroups(ctx.em, ctx.viewer!.id),
  }),
  allGroups: t.field({
    type: [GroupRef],
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => ctx.em.find(Group, {}, { orderBy: { autoOrder: 'asc', name: 'asc' } }),
  }),
  group: t.field({
    type: GroupRef,
    nullable: true,
    description: 'A group by name, if the viewer may use it (admins: any group).',
    authScopes: { user: true },
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_root, { name }, ctx) => {
      const group = await ctx.em.findOne(Group, { name });
      if (!group) return null;
      return ctx.viewer!.role === 'ADMIN' || (await mayUseGroup(ctx.em, ctx.viewer!.id, group)) ? group : null;
    },
  }),
}));


builder.mutationFields((t) => ({
  createGroup: t.field({
    type: GroupRef,
    authScopes: { admin: true },
    args: {
      name: t.arg.string({ required: true, description: 'Immutable once created.' }),
      input: t.arg({ type: groupFields }),
    },
    errors: { types: [InputValidationError, AlreadyExistsError], directResult: true, union: { name: 'CreateGroupResult' } },
    resolve: async (_root, { name, input }, ctx) => unwrap(await createGroup(deps(ctx), name, input ?? {})),
  }),
  updateGroup: t.field({
    type: GroupRef,
    authScopes: { admin: true },
    args: { name: t.arg.string({ required: true }), input: t.arg({ type: groupFields, required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'UpdateGroupResult' } },
    resolve: async (_root, { name, input }, ctx) => unwrap(await updateGroup(deps(ctx), name, input)),
  }),
  addGroupMember: t.field({
    type: GroupRef,
    authScopes: { admin: true },
    args: { group: t.arg.string({ required: true }), userId: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'AddGroupMemberResult' } },
    resolve: async (_root, { group, userId }, ctx) => {
      const id = toEntityId(userId);
      if (id === null) throw new NotFoundError('User');
      return unwrap(await addGroupMember(deps(ctx), group, id));
    },
  }),
  removeGroupMember: t.field({
    type: GroupRef,
    authScopes: { admin: true },
    args: { group: t.arg.string({ required: true }), userId: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'RemoveGroupMemberResult' } },
    resolve: async (_root, { group, userId }, ctx) => {
      const id = toEntityId(userId);
      if (id === null) throw new NotFoundError('User');
      return unwrap(await removeGroupMember(deps(ctx), group, id));
    },
  }),
}));
