import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { QUOTA_BUCKETS, USAGE_OUTCOMES } from './enums';

export interface ChannelAttempt {
  channelId: number;
  status: number | null;
  error: string | null;
  latencyMs: number;
}

/**
 * One row per data-plane request, written in batches off the response path.
 * Plain ids instead of relations: the writer inserts with raw SQL and the rows outlive tokens.
 * Partitioned by month; request ids are kept unique by a trigger-written key table
 * (docs/data-at-scale.md), and the schema comparison leaves the table to its migrations.
 */
export const UsageLog = defineEntity({
  name: 'UsageLog',
  tableName: 'usage_logs',
  indexes: [
    { properties: ['userId', 'createdAt'] },
    { properties: ['tokenId', 'createdAt'] },
    { properties: ['createdAt'] },
  ],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    requestId: p.string().length(64).unique(),
    /** The client-facing API the request came in on (chat.completions, messages, responses, gemini, embeddings, audio). */
    surface: p.string().length(32).default('chat.completions'),
    userId: p.integer().nullable(),
    tokenId: p.integer().nullable(),
    groupName: p.string().length(64).nullable(),
    modelId: p.string().length(128).nullable(),
    attempts: p.json<ChannelAttempt[]>().default('[]'),
    channelId: p.integer().nullable(),
    stream: p.boolean().default(false),
    promptTokens: p.integer().default(0),
    completionTokens: p.integer().default(0),
    cachedTokens: p.integer().default(0),
    audioMs: p.integer().default(0),
    /** Images delivered (image surfaces). */
    images: p.integer().default(0),
    /** Characters of input spoken (speech synthesis). */
    characters: p.integer().default(0),
    /** Server-tool uses (web searches, fetches, grounded searches) the upstream reported and the request was charged for. */
    serverToolUses: p.integer().default(0),
    /** The ledger charge of this request (equal to it, always). */
    cost: p.bigint().default(0),
    /** What the upstream's report priced above the charge: the balance or the key's cap could not cover it. */
    uncoveredCost: p.bigint().default(0),
    /** What the upstream billed the operator for this request, at the serving channel's cost basis (0: nobody billed). Admins only. */
    upstreamCost: p.bigint().default(0),
    bucket: p.enum([...QUOTA_BUCKETS]).nullable(),
    subscriptionId: p.integer().nullable(),
    outcome: p.enum([...USAGE_OUTCOMES]),
    httpStatus: p.integer(),
    errorCode: p.string().length(64).nullable(),
    latencyMs: p.integer().default(0),
    ttftMs: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IUsageLog = InferEntity<typeof UsageLog>;
