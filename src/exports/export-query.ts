import { z } from 'zod';
import { USAGE_OUTCOMES } from '../db/entities/enums';
import { toEntityId } from '../domain/domain-result';

/** Longest range one export may cover (a year and a bit, like usageStats). */
export const MAX_EXPORT_RANGE_DAYS = 400;

const isoTime = z.string().refine((s) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), 'Use an ISO 8601 time.');
const id = z.string().refine((s) => toEntityId(s) !== null, 'Use a numeric id.');

/** Query parameters of both exports; which ones a given export accepts is checked by its definition. */
export const exportQuerySchema = z.strictObject({
  from: isoTime.optional(),
  to: isoTime.optional(),
  userId: id.optional(),
  tokenId: id.optional(),
  model: z.string().min(1).max(128).optional(),
  channelId: id.optional(),
  outcome: z.enum(USAGE_OUTCOMES).optional(),
});

export interface ExportFilters {
  from: Date;
  to: Date;
  /** null: every user (admins only). */
  userId: number | null;
  tokenId: number | null;
  model: string | null;
  channelId: number | null;
  /** Usage only: requests that ended this way (as the usage log's outcome filter). */
  outcome: string | null;
}

export type ExportQueryResult = { ok: true; filters: Omit<ExportFilters, 'userId'> & { userId: number | undefined } } | { ok: false; message: string };

/**
 * Parses `from`, `to` (ISO 8601, `to` exclusive; default: the 30 days up to now), `userId`,
 * `tokenId`, `model`, `channelId`, `outcome`. Repeated parameters, unknown ones and bad values are a 400.
 */
export function parseExportQuery(query: Record<string, unknown>, now: Date): ExportQueryResult {
  if (Object.values(query).some((v) => typeof v !== 'string')) return { ok: false, message: 'Give each parameter once.' };
  const parsed = exportQuerySchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? String(issue.path[0]) : issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'query';
    return { ok: false, message: `${where}: ${issue.message}` };
  }
  const q = parsed.data;
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * 86_400_000);
  if (to <= from) return { ok: false, message: 'to must be after from.' };
  if (to.getTime() - from.getTime() > MAX_EXPORT_RANGE_DAYS * 86_400_000) return { ok: false, message: `Export at most ${MAX_EXPORT_RANGE_DAYS} days at a time.` };
  return {
    ok: true,
    filters: {
      from,
      to,
      userId: q.userId === undefined ? undefined : toEntityId(q.userId)!,
      tokenId: q.tokenId === undefined ? null : toEntityId(q.tokenId),
      model: q.model ?? null,
      channelId: q.channelId === undefined ? null : toEntityId(q.channelId),
      outcome: q.outcome ?? null,
    },
  };
}
