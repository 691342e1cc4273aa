import { ChannelChange, User, type IChannelChange } from '../db/entities';
import { builder } from './builder';
import { ChannelOverrideRef } from './channel-override-types';
import { ChannelRef } from './channels.schema';

// Per-channel request overrides (domain/channels/channel-overrides.ts) and the audit of channel
// changes, on the Channel type; the overrides are edited through createChannel / updateChannel.

const ChannelChangeRef = builder.objectRef<IChannelChange & { actorEmail?: string | null }>('ChannelChange').implement({
  description: 'One admin change of a channel: the settings it changed, before and after (keys are only named, never shown).',
  fields: (t) => ({
    id: t.id({ resolve: (c) => String(c.id) }),
    actorEmail: t.string({ nullable: true, resolve: (c) => c.actorEmail ?? null }),
    fields: t.exposeStringList('fields'),
    before: t.string({ description: 'The changed settings before, as JSON.', resolve: (c) => JSON.stringify(c.before) }),
    after: t.string({ description: 'The changed settings after, as JSON.', resolve: (c) => JSON.stringify(c.after) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.objectFields(ChannelRef, (t) => ({
  overrides: t.field({
    type: [ChannelOverrideRef],
    description: 'Body fields and headers set or removed on every request this channel sends.',
    resolve: (c) => c.overrides ?? [],
  }),
  changes: t.field({
    type: [ChannelChangeRef],
    description: 'The audit of this channel\'s changes, newest first.',
    args: { first: t.arg.int({ defaultValue: 20 }) },
    resolve: async (c, { first }, ctx) => {
      const rows = await ctx.em.find(ChannelChange, { channelId: c.id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: Math.min(Math.max(first ?? 20, 1), 100) });
      const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is number => typeof id === 'number'))];
      const actors = actorIds.length ? await ctx.em.find(User, { id: { $in: actorIds } }, { fields: ['id', 'email'] }) : [];
      const emails = new Map(actors.map((u) => [u.id, u.email]));
      return rows.map((r) => Object.assign(r, { actorEmail: typeof r.actorId === 'number' ? (emails.get(r.actorId) ?? null) : null }));
    },
  }),
}));
