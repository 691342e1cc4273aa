import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ChannelKey } from './channel-key.entity';
import { CHANNEL_PROTOCOLS, CHANNEL_STATUSES, type ChannelOverride } from './enums';

export const Channel = defineEntity({
  name: 'Channel',
  tableName: 'channels',
  checks: [
    { property: 'weight', expression: 'weight >= 0' },
    { name: 'channels_cost_multiplier_check', expression: 'cost_multiplier is null or cost_multiplier >= 0' },
  ],
  properties: {
    id: p.integer().primary(),
    name: p.string().length(128),
    protocol: p.enum([...CHANNEL_PROTOCOLS]).default('OPENAI'),
    /** e.g. `https://api.openai.com/v1`; adapters append their own paths. */
    baseUrl: p.string().length(512),
    /** Upstream keys (channel_keys); none at all means a keyless upstream. */
    keys: () => p.oneToMany(ChannelKey).mappedBy('channel'),
    /** Catalogue model ids this channel serves. */
    models: p.array().default([]),
    /** Catalogue id -> upstream model name, where they differ. */
    modelMapping: p.json<Record<string, string>>().default('{}'),
    /** Body fields and headers set or removed on every request this channel sends (channel-overrides.ts). */
    overrides: p.json<ChannelOverride[]>().default('[]'),
    /** Group names this channel serves. */
    groups: p.array().default([]),
    /** Free-form labels for bulk edits (enable, disable, priority, weight by tag). */
    tags: p.array().default([]),
    priority: p.integer().default(0),
    weight: p.integer().default(1),
    status: p.enum([...CHANNEL_STATUSES]).default('ENABLED'),
    /**
     * The cost basis: what this upstream charges the operator, as a factor of the catalogue price
     * (e.g. "0.3" for a reseller's 70% discount); null: the catalogue price itself. A model with
     * its own price list (channel_prices) is priced by the list instead.
     */
    costMultiplier: p.decimal('string').precision(10).scale(4).nullable(),
    /** The built-in demo echo channel: never routed to for a model any other channel serves. */
    demo: p.boolean().default(false),
    statusReason: p.text().nullable(),
    /** Budget until the upstream's first byte (headers for JSON, first event for streams). */
    firstByteTimeoutMs: p.integer().default(30000),
    /** Budget for the whole upstream exchange. */
    totalTimeoutMs: p.integer().default(300000),
    lastTestAt: p.datetime().nullable(),
    lastTestOk: p.boolean().nullable(),
    lastTestLatencyMs: p.integer().nullable(),
    lastTestError: p.text().nullable(),
    lastErrorAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** Soft deletion: out of routing and lists, kept for the usage rows that name it. */
    deletedAt: p.datetime().nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IChannel = InferEntity<typeof Channel>;
