import { createContextCache } from '@pothos/core';
import DataLoader from 'dataloader';
import { CHANNEL_KEY_STATUSES, ChannelKey, type IChannelKey } from '../db/entities';
import { addChannelKeys, removeChannelKey, setChannelKeyEnabled, type ChannelKeyDeps } from '../domain/channels/channel-keys';
import { findChannel } from '../domain/channels/channel-admin.service';
import { builder } from './builder';
import { ChannelRef } from './channels.schema';
import type { GraphQLContext } from './context';
import { InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';

const deps = (ctx: GraphQLContext): ChannelKeyDeps => ({ em: ctx.em, changeBus: ctx.services.changeBus, secretBox: ctx.services.secretBox });

export const ChannelKeyStatusEnum = builder.enumType('ChannelKeyStatus', {
  values: CHANNEL_KEY_STATUSES,
  description: 'DISABLED_AUTO: the upstream refused the key. DISABLED_MANUAL: an admin took it out.',
});

/** The key itself is never a field: only its last 4 characters and its state. */
export const ChannelKeyRef = builder.objectRef<IChannelKey>('ChannelKey').implement({
  description: 'One upstream key of a channel. Requests rotate over the ENABLED keys.',
  fields: (t) => ({
    id: t.exposeID('id'),
    last4: t.exposeString('last4'),
    status: t.field({ type: ChannelKeyStatusEnum, resolve: (k) => k.status }),
    disabledReason: t.exposeString('disabledReason', { nullable: true }),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true }),
    lastError: t.exposeString('lastError', { nullable: true }),
    lastErrorAt: t.expose('lastErrorAt', { type: 'DateTime', nullable: true }),
    usedCount: t.field({ type: 'BigInt', description: 'Requests sent with this key (added every few seconds).', resolve: (k) => k.usedCount }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

/** One query per request for the keys of every channel on the page. */
const keysLoader = createContextCache(
  (ctx: GraphQLContext) =>
    new DataLoader<number, IChannelKey[]>(async (channelIds) => {
      const rows = await ctx.em.find(ChannelKey, { channel: { $in: [...channelIds] } }, { orderBy: { id: 'asc' }, refresh: true });
      return channelIds.map((id) => rows.filter((k) => k.channel.id === id));
    }),
);

builder.objectFields(ChannelRef, (t) => ({
  keys: t.field({
    type: [ChannelKeyRef],
    description: 'Upstream keys, oldest first; none means a keyless upstream.',
    resolve: (c, _args, ctx) => keysLoader(ctx).load(c.id),
  }),
  hasSecret: t.boolean({
    deprecationReason: 'Use keys.',
    resolve: async (c, _args, ctx) => (await keysLoader(ctx).load(c.id)).length > 0,
  }),
  secretLast4: t.string({
    nullable: true,
    deprecationReason: 'Use keys { last4 }.',
    resolve: async (c, _args, ctx) => (await keysLoader(ctx).load(c.id))[0]?.last4 ?? null,
  }),
}));

builder.mutationFields((t) => ({
  addChannelKeys: t.field({
    type: ChannelRef,
    description: 'Adds upstream keys to a channel (answers the channel); they are encrypted at rest and never returned.',
    authScopes: { admin: true },
    args: { channelId: t.arg.id({ required: true }), keys: t.arg.stringList({ required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'AddChannelKeysResult' } },
    resolve: async (_root, { channelId, keys }, ctx) => {
      const channel = await findChannel(ctx.em, channelId);
      if (!channel) throw new NotFoundError('Channel');
      unwrap(await addChannelKeys(deps(ctx), channel, keys));
      return channel;
    },
  }),
  removeChannelKey: t.field({
    type: ChannelRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'RemoveChannelKeyResult' } },
    resolve: async (_root, { id }, ctx) => unwrap(await removeChannelKey(deps(ctx), id)),
  }),
  enableChannelKey: t.field({
    type: ChannelKeyRef,
    description: 'Puts a key back into rotation (also one the upstream refused earlier).',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError, InputValidationError], directResult: true, union: { name: 'EnableChannelKeyResult' } },
    resolve: async (_root, { id }, ctx) => unwrap(await setChannelKeyEnabled(deps(ctx), id, true)),
  }),
  disableChannelKey: t.field({
    type: ChannelKeyRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), reason: t.arg.string() },
    errors: { types: [NotFoundError, InputValidationError], directResult: true, union: { name: 'DisableChannelKeyResult' } },
    resolve: async (_root, { id, reason }, ctx) => unwrap(await setChannelKeyEnabled(deps(ctx), id, false, reason)),
  }),
}));
