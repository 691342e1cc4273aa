import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The audit of channel changes: one row per admin edit of a channel, naming the settings it
 * changed, with their values before and after. Keys are secrets: a key change is named in
 * `fields` (`keys`) but no key, sealed or not, is ever written here.
 */
export const ChannelChange = defineEntity({
  name: 'ChannelChange',
  tableName: 'channel_changes',
  indexes: [{ properties: ['channelId', 'createdAt'] }],
  properties: {
    id: p.bigint().primary().autoincrement(),
    channelId: p.integer(),
    /** The admin who made it; null when the gateway or a script did. */
    actorId: p.integer().nullable(),
    fields: p.array(),
    before: p.json<Record<string, unknown>>().default('{}'),
    after: p.json<Record<string, unknown>>().default('{}'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IChannelChange = InferEntity<typeof ChannelChange>;
