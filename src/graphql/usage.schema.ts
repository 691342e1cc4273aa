import type { FilterQuery } from '@mikro-orm/postgresql';
import { QUOTA_BUCKETS, USAGE_OUTCOMES, UsageLog, User, type IUsageLog } from '../db/entities';
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
    attemptCount: t.int({ description: 'Channels tried.', resolve: (u) => u.attempts.length }),
    stream: t.exposeBoolean('stream'),
    promptTokens: t.exposeInt('promptTokens'),
    completionTokens: t.exposeInt('completionTokens'),
    cachedTokens: t.exposeInt('cachedTokens'),
    audioMs: t.exposeInt('audioMs'),
    cost: t.field({ type: 'BigInt', resolve: (u) => u.cost }),
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
  fields: (t) => ({
    day: t.exposeString('day', { nullable: true, description: 'YYYY-MM-DD in the requested time zone (null when grouped by model only).' }),
    modelId: t.exposeString('modelId', { nullable: true }),
    requests: t.exposeInt('requests'),
    successfulRequests: t.exposeInt('successfulRequests'),
    promptTokens: t.field({ type: 'BigInt', resolve: (r) => r.promptTokens }),
    completionTokens: t.field({ type: 'BigInt', resolve: (r) => r.completionTokens }),
    cost: t.field({ type: 'BigInt', resolve: (r) => r.cost }),
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
      groupBy: t.arg({ type: UsageStatsGroupByEnum, defaultValue: 'DAY' }),
      timezone: t.arg.string({ description: 'Where days are cut; default your time zone or the configured one.' }),
      userId: t.arg.id({ description: 'Admins only, unless it is your own id; admins without it see everyone.' }),
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
        timezone = own && isValidTimeZone(own) ? own : ctx.services.config.defaultTimezone;
      }
      const stats = await usageStats(ctx.em, {
        from: args.from,
        to: args.to,
        groupBy: args.groupBy ?? 'DAY',
        timezone,
        userId: scopedUserId(ctx, args.userId),
      });
      return { ...stats, from: args.from, to: args.to, timezone };
    },
  }),
}));
