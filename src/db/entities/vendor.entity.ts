import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Vendor = defineEntity({
  name: 'Vendor',
  tableName: 'vendors',
  properties: {
    id: p.integer().primary(),
    /** Display name, e.g. `OpenAI`, `Anthropic`. */
    name: p.string().length(64).unique(),
    /** Stable lower-case key used in filters and group permissions, e.g. `openai`. */
    slug: p.string().length(64).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IVendor = InferEntity<typeof Vendor>;
