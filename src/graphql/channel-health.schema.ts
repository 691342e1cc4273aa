import DataLoader from 'dataloader';
import type { IChannel } from '../db/entities';
import { testChannel, type ChannelTestReport, type ChannelTesterDeps } from '../domain/channels/channel-tester';
import type { BreakerHealth } from '../domain/routing/circuit-breaker';
import { builder } from './builder';
import { ChannelRef } from './channels.schema';
import type { GraphQLContext } from './context';
import { InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';
import { createContextCache } from '@pothos/core';

const testerDeps = (ctx: GraphQLContext): ChannelTesterDeps => ({
  em: ctx.em,
  changeBus: ctx.services.changeBus,
  secretBox: ctx.services.secretBox,
  catalogue: ctx.services.catalogue,
  probe: ctx.services.channelProbe,
});

const BreakerStateEnum = builder.enumType('BreakerState', {
  values: {
    CLOSED: { description: 'Requests flow normally.' },
    OPEN: { description: 'Too many consecutive failures: routing skips the channel until openUntil.' },
    HALF_OPEN: { description: 'The cooldown is over: the next request is a probe that closes or re-opens it.' },
  } as const,
});

interface ChannelHealth extends BreakerHealth {
  /** The newer of the breaker's last failure and the one recorded on the channel row. */
  lastErrorText: string | null;
  lastErrorTime: Date | null;
}

function healthOf(channel: IChannel, breaker: BreakerHealth): ChannelHealth {
  const stored = channel.lastErrorAt ?? null;
  const useStored = stored !== null && (breaker.lastErrorAt === null || stored > breaker.lastErrorAt);
  return {
    ...breaker,
    lastErrorText: useStored ? channel.lastError ?? null : breaker.lastError,
    lastErrorTime: useStored ? stored : breaker.lastErrorAt,
  };
}

/** One query per request for the cluster's health of every channel on the page. */
const healthLoader = createContextCache(
  (ctx: GraphQLContext) =>
    new DataLoader<number, BreakerHealth>(async (channelIds) => {
      const health = await ctx.services.channelHealth.clusterHealth(channelIds);
      return channelIds.map((id) => health.get(id)!);
    }),
);

const ChannelHealthRef = builder.objectRef<ChannelHealth>('ChannelHealth').implement({
  description:
    "The channel's circuit breaker and recent outcomes across the cluster, the same whichever instance answers: every live "
    + 'instance writes what it saw every CHANNEL_HEALTH_REPORT_MS, and the view combines them (open anywhere is open, counts added up, '
    + 'the latest error). The answering instance counts as of now, the others as of their last write.',
  fields: (t) => ({
    state: t.field({ type: BreakerStateEnum, resolve: (h) => h.state }),
    consecutiveFailures: t.exposeInt('consecutiveFailures', { description: 'The longest streak of failures in a row any instance is seeing.' }),
    openUntil: t.expose('openUntil', { type: 'DateTime', nullable: true, description: 'When an open breaker lets its next probe through.' }),
    recentRequests: t.exposeInt('recentRequests', { description: 'Data-plane attempts among the latest 100 each live instance sent to this channel, added up.' }),
    recentFailures: t.exposeInt('recentFailures'),
    recentErrorRate: t.float({
      nullable: true,
      description: 'recentFailures / recentRequests, between 0 and 1; null before any request.',
      resolve: (h) => (h.recentRequests === 0 ? null : h.recentFailures / h.recentRequests),
    }),
    requests: t.int({ description: 'Attempts since each live instance started, added up.', resolve: (h) => h.successes + h.failures }),
    failures: t.exposeInt('failures', { description: 'Failed attempts since each live instance started, added up.' }),
    lastError: t.string({ nullable: true, resolve: (h) => h.lastErrorText }),
    lastErrorAt: t.field({ type: 'DateTime', nullable: true, resolve: (h) => h.lastErrorTime }),
  }),
});

builder.objectField(ChannelRef, 'health', (t) =>
  t.field({
    type: ChannelHealthRef,
    authScopes: { admin: true },
    resolve: async (channel, _args, ctx) => healthOf(channel, await healthLoader(ctx).load(channel.id)),
  }),
);

const ChannelTestReportRef = builder.objectRef<ChannelTestReport>('ChannelTestReport').implement({
  description: 'The outcome of one small real request to a channel; also recorded on the channel (lastTest* fields).',
  fields: (t) => ({
    ok: t.exposeBoolean('ok'),
    latencyMs: t.exposeInt('latencyMs', { nullable: true, description: 'Until the whole answer was read; null when no request was sent.' }),
    status: t.exposeInt('status', { nullable: true, description: "The upstream's HTTP status; null when it did not answer." }),
    error: t.exposeString('error', { nullable: true }),
    keyInvalid: t.exposeBoolean('keyInvalid', {
      description: 'The upstream refused the key (401/403). The channel is left as it is: replace the key or disable it.',
    }),
    model: t.exposeString('model', { description: 'The catalogue model that was tested.' }),
    reply: t.exposeString('reply', { nullable: true, description: 'The start of the answer (the transcript for speech models).' }),
    testedAt: t.expose('testedAt', { type: 'DateTime' }),
    channel: t.field({ type: ChannelRef, resolve: (r) => r.channel }),
  }),
});

builder.mutationField('testChannel', (t) =>
  t.field({
    type: ChannelTestReportRef,
    description:
      'Sends one small real request through the channel\'s adapter (a one-word chat capped at 8 tokens, or half a second '
      + 'of silence for speech-only channels) and records the outcome. Not billed, not logged as usage; the channel status '
      + 'and breaker are not changed.',
    authScopes: { admin: true },
    args: {
      id: t.arg.id({ required: true }),
      model: t.arg.string({ description: 'One of the channel\'s models; default: its first chat model, else its first speech model.' }),
    },
    errors: { types: [NotFoundError, InputValidationError], directResult: true, union: { name: 'TestChannelResult' } },
    resolve: async (_root, { id, model }, ctx) => unwrap(await testChannel(testerDeps(ctx), id, { model })),
  }),
);
