import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Channel } from './channel.entity';
import { CHANNEL_KEY_STATUSES } from './enums';

/** One upstream key of a channel; requests spread over a channel's ENABLED keys. */
export const ChannelKey = defineEntity({
  name: 'ChannelKey',
  tableName: 'channel_keys',
  properties: {
    id: p.integer().primary(),
    channel: () => p.manyToOne(Channel).index(),
    /** AES-256-GCM envelope (see lib/secret-box); never returned by any API. */
    secretCiphertext: p.text().lazy(true, false),
    last4: p.string().length(4),
    status: p.enum([...CHANNEL_KEY_STATUSES]).default('ENABLED'),
    disabledReason: p.text().nullable(),
    disabledAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    lastErrorAt: p.datetime().nullable(),
    /** Requests sent with this key; counted in memory and added in batches. */
    usedCount: p.bigint().default(0),
    /**
     * The health probe's backoff for a key the vendor keeps refusing (domain/channels/key-probe-backoff):
     * refusals in a row, the cluster-wide probe round of the last one, and the disable they belong to.
     */
    probeRefusals: p.integer().default(0),
    probeRound: p.bigint().nullable(),
    probeDisabledAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IChannelKey = InferEntity<typeof ChannelKey>;
