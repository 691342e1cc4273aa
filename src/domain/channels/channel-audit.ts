import type { EntityManager } from '@mikro-orm/postgresql';
import { ChannelChange, type IChannel } from '../../db/entities';

/** The channel settings the audit shows before and after; keys are secrets and only ever named. */
const AUDITED = [
  'name', 'protocol', 'baseUrl', 'models', 'modelMapping', 'groups', 'tags', 'priority', 'weight', 'status', 'statusReason',
  'firstByteTimeoutMs', 'totalTimeoutMs', 'overrides',
] as const satisfies ReadonlyArray<keyof IChannel>;

export type ChannelAuditSnapshot = Partial<Record<(typeof AUDITED)[number], unknown>>;

/** The audited settings of a channel as they are now (deep-copied, so later edits do not change it). */
export function auditSnapshot(channel: IChannel): ChannelAuditSnapshot {
  const snapshot: ChannelAuditSnapshot = {};
  for (const field of AUDITED) snapshot[field] = structuredClone(channel[field]);
  return snapshot;
}

/**
 * Records one admin change of a channel in `em`'s transaction: the settings whose values differ
 * (and `keys` when the keys were replaced), each before and after. Nothing changed: no row.
 */
export function recordChannelChange(
  em: EntityManager, channelId: number, actorId: number | null | undefined, before: ChannelAuditSnapshot, after: ChannelAuditSnapshot, keysChanged = false,
): void {
  const fields: string[] = [];
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of AUDITED) {
    if (canonicalJson(before[field]) === canonicalJson(after[field])) continue;
    fields.push(field);
    was[field] = before[field] ?? null;
    now[field] = after[field] ?? null;
  }
  if (keysChanged) fields.push('keys');
  if (fields.length === 0) return;
  em.create(ChannelChange, { channelId, actorId: actorId ?? null, fields, before: was, after: now });
}

/** JSON with object keys sorted: jsonb hands stored objects back in its own key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
