/**
 * The wire protocols a channel can speak. They live here, below every layer, because both the
 * database (the channel entity's column) and the vendor adapters (which adapter serves which
 * channel) need them, and the adapters are pure mappers that must not import the database.
 */
export const CHANNEL_PROTOCOLS = ['OPENAI', 'ANTHROPIC', 'GEMINI'] as const;
export type ChannelProtocol = (typeof CHANNEL_PROTOCOLS)[number];
