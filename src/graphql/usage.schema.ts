import type { FilterQuery } from '@mikro-orm/postgresql';
import { createContextCache } from '@pothos/core';
import DataLoader from 'dataloader';
import { Channel, QUOTA_BUCKETS, USAGE_OUTCOMES, UsageLog, User, type IUsageLog } from '../db/entities';
import { toEntityId } from '../domain/domain-result';
import { isValidTimeZone } from '../domain/quota/calendar-day';
import {
  MAX_STATS_RANGE_DAYS, USAGE_STATS_GROUPINGS, usageStats, type UsageStats, type UsageStatsRow,
} from '../domain/usage/usage-stats.service';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { InputValidationError } from './errors.schema';
import { isAdmin, ownOrAdminScope } from './ownership';
import { keysetConnection } from './pagination';
import { UserRef } from './user.schema';

/** Channel names for a page of usage rows in one query; deleted channels keep their name here. */
const channelNames = createContextCache(
  (ctx: GraphQLContext) =>
    new DataLoader<number, string | null>(async (ids) => {
      const rows = await ctx.em.find(Channel, { id: { $in: [...ids] } }, { fields: ['name'] });
      const byId = new Map(rows.map((c) => [c.id, c.name]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
);
const channelNameOf = (ctx: GraphQLContext, id: number | null | undefined) => (id == null ? null : channelNames(ctx).load(id));

const UsageOutcomeEnum = builder.enumType('UsageOutcome', { values: USAGE_OUTCOMES });
const UsageBucketEnum = builder.enumType('UsageBucket', { values: QUOTA_BUCKETS, description: 'The balance a request was paid from.' });
const UsageStatsGroupByEnum = builder.enumType('UsageStatsGroupBy', { values: USAGE_STATS_GROUPINGS });

const UsageLogRef = builder.objectRef<IUsageLog>('UsageLog').implement({
  description: 'One data-plane request.',
  fields: (t) => ({
    id: t.exposeID('id'),
    requestId: t.exposeString('requestId'),
    userId: t.exposeID('userId', { nullable: true }),
    tokenId: t.exposeID('tokenId', { nullable: true }),
    groupName: t.exposeString('groupName', { nullable: true }),
    modelId: t.exposeString('modelId', { nullable: true }),
    channelId: t.exposeID('channelId', { nullable: true, description: 'Admins only.', authScopes: { admin: true } }),
    channelName: t.string({
      nullable: true, description: 'Admins only; deleted channels keep their name.', authScopes: { admin: true },
      resolve: (u, _args, ctx) => channelNameOf(ctx, u.channelId),
    }),
    user: t.field({ type: UserRef, nullable: true, description: 'Admins only.', authScopes: { admin: true }, resolve: (u) => u.userId ?? null }),
    attemptCount: t.int({ description: 'Channels tried.', resolve: (u) => u.attempts.length }),
    stream: t.exposeBoolean('stream'),
    promptTokens: t.exposeInt('promptTokens'),
    completionTokens: t.exposeInt('completionTokens'),
    cachedTokens: t.exposeInt('cachedTokens'),
    audioMs: t.exposeInt('audioMs'),
    images: t.exposeInt('images', { description: 'Images delivered (image surfaces).' }),
    characters: t.exposeInt('characters', { description: 'Characters of input spoken (speech synthesis).' }),
    serverToolUses: t.exposeInt('serverToolUses', {
      description: 'Server-tool uses the upstream reported (web searches, fetches, grounded searches), charged at the model\'s serverToolUsePrice.',
    }),
    cost: t.field({ type: 'BigInt', resolve: (u) => u.cost }),
    upstreamCost: t.field({
      type: 'BigInt', nullable: true, description: 'Admins only: what the serving channel\'s upstream billed the operator.', authScopes: { admin: true },
      resolve: (u) => u.upstreamCost,
    }),
    bucket: t.field({ type: UsageBucketEnum, nullable: true, resolve: (u) => u.bucket ?? null }),
    outcome: t.field({ type: UsageOutcomeEnum, resolve: (u) => u.outcome }),
    httpStatus: t.exposeInt('httpStatus'),
    errorCode: t.exposeString('errorCode', { nullable: true }),
    latencyMs: t.exposeInt('latencyMs'),
    ttftMs: t.exposeInt('ttftMs', { nullable: true, description: 'Time to first token (streams).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const UsageFilter = builder.inputType('UsageFilter', {
  fields: (t) => ({
    from: t.field({ type: 'DateTime', description: 'Inclusive.' }),
    to: t.field({ type: 'DateTime', description: 'Exclusive.' }),
    modelId: t.string(),
    tokenId: t.id(),
    userId: t.id({ description: 'Admins only, unless it is your own id.' }),
    outcome: t.field({ type: UsageOutcomeEnum, description: 'Only requests that ended this way.' }),
  }),
});

const UsageStatsRowRef = builder.objectRef<UsageStatsRow>('UsageStatsRow').implement({
  description: 'One group of usage rows; the grouping keys not asked for are null.',
  fields: (t) => ({
    hour: t.exposeString('hour', { nullable: true, description: 'ISO-8601 UTC hour, e.g. 2026-11-25T10:00:00Z.' }),
    day: t.exposeString('day', { nullable: true, description: 'YYYY-MM-DD in the requested time zone.' }),
    modelId: t.exposeString('modelId', { nullable: true }),
    userId: t.exposeID('userId', { nullable: true }),
    user: t.field({ type: UserRef, nullable: true, description: 'Admins only.', authScopes: { admin: true }, resolve: (r) => r.userId }),
    userEmail: t.string({
      nullable: true, description: 'Admins only.', authScopes: { admin: true },
      resolve: async (r, _args, ctx) => (r.userId === null ? null : ((await UserRef.getDataloader(ctx).load(r.userId)).email)),
    }),
    tokenId: t.exposeID('tokenId', { nullable: true }),
    channelId: t.exposeID('channelId', { nullable: true, description: 'Admins only.', authScopes: { admin: true } }),
    channelName: t.string({ nullable: true, description: 'Admins only.', authScopes: { admin: true }, resolve: (r, _args, ctx) => channelNameOf(ctx, r.channelId) }),
    group: t.exposeString('group', { nullable: true }),
    surface: t.exposeString('surface', { nullable: true, description: 'The API the requests came through, e.g. chat.completions.' }),
    requests: t.exposeInt('requests'),
    successfulRequests: t.exposeInt('successfulRequests'),
    promptTokens: t.field({ type: 'BigInt', resolve: (r) => r.promptTokens }),
    completionTokens: t.field({ type: 'BigInt', resolve: (r) => r.completionTokens }),
    cost: t.field({ type: 'BigInt', description: 'Quota units.', resolve: (r) => r.cost }),
    costUsd: t.float({
      description: 'cost at the display rate (settings.quotaPerUnit quota units = 1 unit of settings.displayCurrency, USD unless an admin changed it); display only.',
      resolve: (r, _args, ctx) => Number(r.cost) / Number(ctx.services.settings.current().quotaPerUnit),
    }),
    upstreamCost: t.field({
      type: 'BigInt', nullable: true, description: 'Admins only: what the upstreams billed the operator (each channel\'s cost basis), quota units.',
      authScopes: { admin: true }, resolve: (r) => r.upstreamCost,
    }),
    margin: t.field({
      type: 'BigInt', nullable: true, description: 'Admins only: cost (revenue) minus upstreamCost, quota units; negative when the upstreams cost more.',
      authScopes: { admin: true }, resolve: (r) => r.cost - r.upstreamCost,
    }),
  }),
});

const UsageStatsRef = builder.objectRef<UsageStats & { from: Date; to: Date; timezone: string }>('UsageStats').implement({
  fields: (t) => ({
    from: t.expose('from', { type: 'DateTime' }),
    to: t.expose('to', { type: 'DateTime' }),
    timezone: t.exposeString('timezone'),
    totals: t.field({ type: UsageStatsRowRef, resolve: (s) => s.totals }),
    rows: t.field({ type: [UsageStatsRowRef], resolve: (s) => s.rows }),
  }),
});

/** Users see their own usage only; admins everyone's, or one user's with `userId`. */
function scopedUserId(ctx: GraphQLContext, userId: string | null | undefined): number | null {
  if (!isAdmin(ctx)) return ctx.viewer!.id;
  return userId == null ? null : (toEntityId(userId) ?? 0);
}

builder.queryFields((t) => ({
  usage: t.connection(
    {
      type: UsageLogRef,
      description: 'Request log, newest first: your own, or (admins) everyone\'s.',
      args: { filter: t.arg({ type: UsageFilter }) },
      authScopes: (_root, args, ctx) => ownOrAdminScope(args.filter?.userId, ctx),
      resolve: (_root, args, ctx) => {
        const f = args.filter;
        const where: FilterQuery<IUsageLog> = {};
        const userId = scopedUserId(ctx, f?.userId);
        if (userId !== null) where.userId = userId;
        if (f?.from || f?.to) where.createdAt = { ...(f.from ? { $gte: f.from } : {}), ...(f.to ? { $lt: f.to } : {}) };
        if (f?.modelId) where.modelId = f.modelId;
        if (f?.tokenId != null) where.tokenId = toEntityId(f.tokenId) ?? 0;
        if (f?.outcome) where.outcome = f.outcome;
        return keysetConnection(ctx.em, UsageLog, where, args);
      },
    },
    { name: 'UsageLogConnection' },
    { name: 'UsageLogEdge' },
  ),
  usageStats: t.field({
    type: UsageStatsRef,
    description: `Requests, tokens and cost over [from, to), per day and/or per model (at most ${MAX_STATS_RANGE_DAYS} days).`,
    args: {
      from: t.arg({ type: 'DateTime', required: true }),
      to: t.arg({ type: 'DateTime', required: true }),
      groupBy: t.arg({
        type: [UsageStatsGroupByEnum],
        defaultValue: ['DAY'],
        description: 'Any combination; a single value works too (groupBy: DAY). An empty list: totals only.',
      }),
      timezone: t.arg.string({ description: 'Where days are cut; default your time zone or the configured one.' }),
      userId: t.arg.id({ description: 'Admins only, unless it is your own id; admins without it see everyone.' }),
      tokenId: t.arg.id(),
      modelId: t.arg.string(),
      channelId: t.arg.id({ description: 'Admins only.' }),
      group: t.arg.string(),
      surface: t.arg.string(),
    },
    authScopes: (_root, args, ctx) => ownOrAdminScope(args.userId, ctx),
    errors: { types: [InputValidationError], directResult: true, union: { name: 'UsageStatsResult' } },
    resolve: async (_root, args, ctx) => {
      if (args.to <= args.from) throw new InputValidationError('to', 'to must be after from');
      if (args.to.getTime() - args.from.getTime() > MAX_STATS_RANGE_DAYS * 86_400_000) {
        throw new InputValidationError('to', `the range may cover at most ${MAX_STATS_RANGE_DAYS} days`);
      }
      let timezone = args.timezone ?? null;
      if (timezone !== null && !isValidTimeZone(timezone)) throw new InputValidationError('timezone', 'unknown time zone');
      if (timezone === null) {
        const viewer = await ctx.em.findOne(User, ctx.viewer!.id, { fields: ['timezone'] });
        const own = viewer?.timezone ?? null;
        timezone = own && isValidTimeZone(own) ? own : ctx.services.settings.current().defaultTimezone;
      }
      const groupBy = args.groupBy ?? ['DAY'];
      if (!isAdmin(ctx) && (groupBy.includes('CHANNEL') || args.channelId != null)) {
        throw new InputValidationError('groupBy', 'Channels are visible to admins only.');
      }
      const stats = await usageStats(ctx.em, {
        from: args.from,
        to: args.to,
        groupBy,
        timezone,
        userId: scopedUserId(ctx, args.userId),
        tokenId: args.tokenId == null ? null : (toEntityId(args.tokenId) ?? 0),
        modelId: args.modelId ?? null,
        channelId: args.channelId == null ? null : (toEntityId(args.channelId) ?? 0),
        group: args.group ?? null,
        surface: args.surface ?? null,
      });
      return { ...stats, from: args.from, to: args.to, timezone };
    },
  }),
}));
