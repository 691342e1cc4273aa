import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ROUTING_POLICIES } from './enums';
import { User } from './user.entity';

export const Group = defineEntity({
  name: 'Group',
  tableName: 'groups',
  properties: {
    id: p.integer().primary(),
    /** Immutable once created: channels and tokens refer to groups by name. */
    name: p.string().length(64).unique(),
    description: p.text().default(''),
    /** Any user may put tokens in an open group; `auto` is always open. */
    open: p.boolean().default(false),
    /** Exact decimal (scale 4); cost arithmetic converts it to a bigint ratio. */
    priceMultiplier: p.decimal('string').precision(10).scale(4).default('1'),
    permitsAllModels: p.boolean().default(true),
    permittedTiers: p.array().default([]),
    permittedVendors: p.array().default([]),
    permittedModels: p.array().default([]),
    /** Order in which the `auto` group tries this group's channels (lower first). */
    autoOrder: p.integer().default(100),
    /** How the group's channels are chosen: by priority, the cheapest cost basis first, or balanced (src/domain/routing/routing-policy.ts). */
    routingPolicy: p.enum([...ROUTING_POLICIES]).default('PRIORITY'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IGroup = InferEntity<typeof Group>;

export const GroupMember = defineEntity({
  name: 'GroupMember',
  tableName: 'group_members',
  uniques: [{ properties: ['group', 'user'] }],
  properties: {
    id: p.integer().primary(),
    group: () => p.manyToOne(Group),
    user: () => p.manyToOne(User).index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IGroupMember = InferEntity<typeof GroupMember>;
