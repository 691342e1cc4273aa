import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity';

/**
 * A notice admins publish to everyone (dashboard and the public pricing page): Markdown shown
 * from `startsAt` until `expiresAt` (null: until an admin removes it).
 */
export const Announcement = defineEntity({
  name: 'Announcement',
  tableName: 'announcements',
  indexes: [{ properties: ['startsAt', 'expiresAt'] }],
  properties: {
    id: p.integer().primary(),
    title: p.string().length(200),
    /** Markdown; the console renders it without raw HTML. */
    body: p.text(),
    startsAt: p.datetime(),
    expiresAt: p.datetime().nullable(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IAnnouncement = InferEntity<typeof Announcement>;
