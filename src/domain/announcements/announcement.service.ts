import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { Announcement, type IAnnouncement } from '../../db/entities';
import { invalid, notFound, ok, type Outcome } from '../domain-result';

export interface AnnouncementInput {
  title: string;
  /** Markdown. */
  body: string;
  /** Default: now. */
  startsAt?: Date | null;
  /** Null: shown until removed. */
  expiresAt?: Date | null;
}

/** Enough for a long notice; a notice is not a document store. */
export const MAX_BODY_LENGTH = 20_000;

const inputSchema = z.object({
  title: z.string().trim().min(1, 'title must not be empty').max(200, 'title must be at most 200 characters'),
  body: z.string().trim().min(1, 'body must not be empty').max(MAX_BODY_LENGTH, `body must be at most ${MAX_BODY_LENGTH} characters`),
});

function checked(input: AnnouncementInput, now: Date): Outcome<{ title: string; body: string; startsAt: Date; expiresAt: Date | null }> {
  const parsed = inputSchema.safeParse({ title: input.title, body: input.body });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return invalid(String(issue.path[0] ?? 'input'), issue.message);
  }
  const startsAt = input.startsAt ?? now;
  const expiresAt = input.expiresAt ?? null;
  if (expiresAt !== null && expiresAt <= startsAt) return invalid('expiresAt', 'expiresAt must be after startsAt');
  return ok({ ...parsed.data, startsAt, expiresAt });
}

/** Shown now: started, not expired; newest start first. */
export function activeAnnouncements(em: EntityManager, now: Date): Promise<IAnnouncement[]> {
  return em.find(
    Announcement,
    { startsAt: { $lte: now }, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] },
    { orderBy: { startsAt: 'desc', id: 'desc' } },
  );
}

/** Every notice, scheduled and expired ones included, for admins; newest start first. */
export function allAnnouncements(em: EntityManager): Promise<IAnnouncement[]> {
  return em.find(Announcement, {}, { orderBy: { startsAt: 'desc', id: 'desc' } });
}

export async function createAnnouncement(em: EntityManager, input: AnnouncementInput, actorId: number, now: Date): Promise<Outcome<IAnnouncement>> {
  const values = checked(input, now);
  if (!values.ok) return values;
  const announcement = em.create(Announcement, { ...values.value, createdBy: actorId });
  await em.flush();
  return ok(announcement);
}

export async function updateAnnouncement(em: EntityManager, id: number, input: AnnouncementInput, now: Date): Promise<Outcome<IAnnouncement>> {
  const announcement = await em.findOne(Announcement, id);
  if (!announcement) return notFound('Announcement');
  // An edit keeps the start it had unless a new one is given (editing must not restart a notice).
  const values = checked({ ...input, startsAt: input.startsAt ?? announcement.startsAt }, now);
  if (!values.ok) return values;
  em.assign(announcement, values.value);
  await em.flush();
  return ok(announcement);
}

/** Removes a notice for good (it is not money or history); returns it as it was. */
export async function deleteAnnouncement(em: EntityManager, id: number): Promise<Outcome<IAnnouncement>> {
  const announcement = await em.findOne(Announcement, id);
  if (!announcement) return notFound('Announcement');
  await em.remove(announcement).flush();
  return ok(announcement);
}
