import type { FilterQuery } from '@mikro-orm/postgresql';
import { CHANNEL_PROTOCOLS, CHANNEL_STATUSES, Channel, type IChannel } from '../db/entities';
import {
  createChannel, findChannel, setChannelEnabled, updateChannel, type ChannelDeps,
} from '../domain/channels/channel-admin.service';
import { builder } from './builder';
import { ChannelOverrideInput } from './channel-override-types';
import type { GraphQLContext } from './context';
import { InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';
import { keysetConnection } from './pagination';

export const channelDeps = (ctx: GraphQLContext): ChannelDeps => ({
  em: ctx.em, changeBus: ctx.services.changeBus, secretBox: ctx.services.secretBox,
  allowPrivateUpstreams: ctx.services.config.channelAllowPrivate, actorId: ctx.viewer?.id ?? null,
});

export const ChannelProtocolEnum = builder.enumType('ChannelProtocol', { values: CHANNEL_PROTOCOLS });
export const ChannelStatusEnum = builder.enumType('ChannelStatus', {
  values: CHANNEL_STATUSES,
  description: 'DISABLED_AUTO is set by the gateway itself, e.g. when the upstream rejects the key.',
});

const ModelMappingRef = builder.objectRef<{ model: string; upstreamModel: string }>('ModelMapping').implement({
  fields: (t) => ({
    model: t.exposeString('model', { description: 'Catalogue model id.' }),
    upstreamModel: t.exposeString('upstreamModel', { description: 'The name sent to this upstream.' }),
  }),
});

/** The secret key is never a field: only whether one is set and its last 4 characters. */
export const ChannelRef = builder.objectRef<IChannel>('Channel').implement({
  description: 'An upstream the gateway forwards requests to.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    protocol: t.field({ type: ChannelProtocolEnum, resolve: (c) => c.protocol }),
    baseUrl: t.exposeString('baseUrl'),
    models: t.exposeStringList('models'),
    modelMapping: t.field({
      type: [ModelMappingRef],
      resolve: (c) => Object.entries(c.modelMapping).map(([model, upstreamModel]) => ({ model, upstreamModel })),
    }),
    groups: t.exposeStringList('groups'),
    tags: t.exposeStringList('tags', { description: 'Labels for bulk edits.' }),
    priority: t.exposeInt('priority', { description: 'Higher priorities are tried first.' }),
    weight: t.exposeInt('weight', { description: 'Share of traffic among channels of equal priority.' }),
    status: t.field({ type: ChannelStatusEnum, resolve: (c) => c.status }),
    demo: t.exposeBoolean('demo', {
      description: 'The built-in demo echo channel (local fake upstream, answers are echoes): never used for a model any other enabled channel serves. Turn it off with DEMO_UPSTREAM=false.',
    }),
    statusReason: t.exposeString('statusReason', { nullable: true }),
    firstByteTimeoutMs: t.exposeInt('firstByteTimeoutMs'),
    totalTimeoutMs: t.exposeInt('totalTimeoutMs'),
    lastTestAt: t.expose('lastTestAt', { type: 'DateTime', nullable: true }),
    lastTestOk: t.exposeBoolean('lastTestOk', { nullable: true }),
    lastTestLatencyMs: t.exposeInt('lastTestLatencyMs', { nullable: true }),
    lastTestError: t.exposeString('lastTestError', { nullable: true }),
    lastErrorAt: t.expose('lastErrorAt', { type: 'DateTime', nullable: true }),
    lastError: t.exposeString('lastError', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const ModelMappingInput = builder.inputType('ModelMappingInput', {
  fields: (t) => ({ model: t.string({ required: true }), upstreamModel: t.string({ required: true }) }),
});

const CreateChannelInput = builder.inputType('CreateChannelInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    protocol: t.field({ type: ChannelProtocolEnum, required: true }),
    baseUrl: t.string({ required: true, description: 'e.g. https://api.openai.com/v1' }),
    secretKey: t.string({ description: 'A single upstream key (older form of keys). Encrypted at rest; never returned.' }),
    keys: t.stringList({ description: 'Upstream keys; requests rotate over them. Encrypted at rest; never returned.' }),
    tags: t.stringList({ description: 'Labels for bulk edits.' }),
    models: t.stringList({ description: 'Catalogue model ids this channel serves.' }),
    modelMapping: t.field({ type: [ModelMappingInput], description: 'Upstream names where they differ from ours.' }),
    groups: t.stringList({ description: 'Group names this channel serves.' }),
    priority: t.int(),
    weight: t.int(),
    firstByteTimeoutMs: t.int(),
    totalTimeoutMs: t.int(),
    overrides: t.field({ type: [ChannelOverrideInput], description: 'Request overrides (body fields by JSON pointer, headers).' }),
  }),
});

const UpdateChannelInput = builder.inputType('UpdateChannelInput', {
  description: 'Absent fields stay as they are; secretKey: null removes every key. Lists (keys too) replace the old list.',
  fields: (t) => ({
    name: t.string(),
    protocol: t.field({ type: ChannelProtocolEnum }),
    baseUrl: t.string(),
    secretKey: t.string({ description: 'Makes this the channel\'s only key.' }),
    keys: t.stringList({ description: 'Replaces every key; use addChannelKeys to add.' }),
    tags: t.stringList(),
    models: t.stringList(),
    modelMapping: t.field({ type: [ModelMappingInput] }),
    groups: t.stringList(),
    priority: t.int(),
    weight: t.int(),
    firstByteTimeoutMs: t.int(),
    totalTimeoutMs: t.int(),
    overrides: t.field({ type: [ChannelOverrideInput], description: 'Replaces every override; an empty list removes them.' }),
  }),
});

const ChannelFilterInput = builder.inputType('ChannelFilter', {
  fields: (t) => ({
    status: t.field({ type: ChannelStatusEnum }),
    protocol: t.field({ type: ChannelProtocolEnum }),
    group: t.string({ description: 'Channels serving this group.' }),
    model: t.string({ description: 'Channels serving this model id.' }),
    tag: t.string({ description: 'Channels carrying this tag.' }),
    nameContains: t.string(),
  }),
});

builder.queryFields((t) => ({
  channels: t.connection(
    {
      type: ChannelRef,
      description: 'Every channel, newest first.',
      authScopes: { admin: true },
      args: { filter: t.arg({ type: ChannelFilterInput }) },
      resolve: (_root, args, ctx) => {
        const f = args.filter ?? {};
        const where: FilterQuery<IChannel> = { deletedAt: null };
        if (f.status) where.status = f.status;
        if (f.protocol) where.protocol = f.protocol;
        if (f.group) where.groups = { $contains: [f.group] };
        if (f.model) where.models = { $contains: [f.model] };
        if (f.tag) where.tags = { $contains: [f.tag] };
        if (f.nameContains) where.name = { $ilike: `%${f.nameContains.replace(/[\\%_]/g, '\\$&')}%` };
        return keysetConnection(ctx.em, Channel, where, args);
      },
    },
    { name: 'ChannelConnection' },
    { name: 'ChannelEdge' },
  ),
  channel: t.field({
    type: ChannelRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'ChannelResult' } },
    resolve: async (_root, { id }, ctx) => {
      const channel = await findChannel(ctx.em, id);
      if (!channel) throw new NotFoundError('Channel');
      return channel;
    },
  }),
}));

builder.mutationFields((t) => ({
  createChannel: t.field({
    type: ChannelRef,
    authScopes: { admin: true },
    args: { input: t.arg({ type: CreateChannelInput, required: true }) },
    errors: { types: [InputValidationError], directResult: true, union: { name: 'CreateChannelResult' } },
    resolve: async (_root, { input }, ctx) => unwrap(await createChannel(channelDeps(ctx), input)),
  }),
  updateChannel: t.field({
    type: ChannelRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateChannelInput, required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'UpdateChannelResult' } },
    resolve: async (_root, { id, input }, ctx) => unwrap(await updateChannel(channelDeps(ctx), id, input)),
  }),
  enableChannel: t.field({
    type: ChannelRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError, InputValidationError], directResult: true, union: { name: 'EnableChannelResult' } },
    resolve: async (_root, { id }, ctx) => unwrap(await setChannelEnabled(channelDeps(ctx), id, true)),
  }),
  disableChannel: t.field({
    type: ChannelRef,
    description: 'Takes the channel out of routing (DISABLED_MANUAL) until enabled again.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), reason: t.arg.string() },
    errors: { types: [NotFoundError, InputValidationError], directResult: true, union: { name: 'DisableChannelResult' } },
    resolve: async (_root, { id, reason }, ctx) => unwrap(await setChannelEnabled(channelDeps(ctx), id, false, reason)),
  }),
}));
