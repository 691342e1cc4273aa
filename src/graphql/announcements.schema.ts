import type { IAnnouncement } from '../db/entities';
import {
  activeAnnouncements, allAnnouncements, createAnnouncement, deleteAnnouncement, updateAnnouncement, MAX_BODY_LENGTH,
} from '../domain/announcements/announcement.service';
import { toEntityId } from '../domain/domain-result';
import { builder } from './builder';
import { InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';

const AnnouncementRef = builder.objectRef<IAnnouncement>('Announcement').implement({
  description: 'A notice from the operator, shown on the dashboard and the pricing page from `startsAt` until `expiresAt`.',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    body: t.exposeString('body', { description: 'Markdown. Clients render it without raw HTML (the console does).' }),
    startsAt: t.expose('startsAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true, description: 'Null: shown until removed.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const AnnouncementInput = builder.inputType('AnnouncementInput', {
  fields: (t) => ({
    title: t.string({ required: true, description: '1 to 200 characters.' }),
    body: t.string({ required: true, description: `Markdown, 1 to ${MAX_BODY_LENGTH} characters.` }),
    startsAt: t.field({ type: 'DateTime', description: 'Default: now (create) or unchanged (update).' }),
    expiresAt: t.field({ type: 'DateTime', description: 'After startsAt; null or absent: shown until removed.' }),
  }),
});

function announcementId(id: string | number): number {
  const parsed = toEntityId(id);
  if (parsed === null) throw new NotFoundError('Announcement');
  return parsed;
}

builder.queryFields((t) => ({
  announcements: t.field({
    type: [AnnouncementRef],
    description: 'The notices shown now (started, not expired), newest first. Anyone may read them.',
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => activeAnnouncements(ctx.em, ctx.services.clock.now()),
  }),
  allAnnouncements: t.field({
    type: [AnnouncementRef],
    description: 'Admin: every notice, scheduled and expired ones included, newest start first.',
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => allAnnouncements(ctx.em),
  }),
}));

builder.mutationFields((t) => ({
  createAnnouncement: t.field({
    type: AnnouncementRef,
    description: 'Admin: publishes a notice.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: AnnouncementInput, required: true }) },
    errors: { types: [InputValidationError], directResult: true, union: { name: 'CreateAnnouncementResult' } },
    resolve: async (_root, { input }, ctx) => unwrap(await createAnnouncement(ctx.em, input, ctx.viewer!.id, ctx.services.clock.now())),
  }),
  updateAnnouncement: t.field({
    type: AnnouncementRef,
    description: 'Admin: replaces a notice\'s title, body and window (an absent startsAt keeps the one it had).',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: AnnouncementInput, required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'UpdateAnnouncementResult' } },
    resolve: async (_root, { id, input }, ctx) => unwrap(await updateAnnouncement(ctx.em, announcementId(id), input, ctx.services.clock.now())),
  }),
  deleteAnnouncement: t.field({
    type: AnnouncementRef,
    description: 'Admin: removes a notice for good; returns it as it was.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'DeleteAnnouncementResult' } },
    resolve: async (_root, { id }, ctx) => unwrap(await deleteAnnouncement(ctx.em, announcementId(id))),
  }),
}));
