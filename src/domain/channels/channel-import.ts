import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { CHANNEL_PROTOCOLS, Channel, type IChannel } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import { parseCsv } from '../../lib/csv';
import type { SecretBox } from '../../lib/secret-box';
import { addSealedKeys, checkKeys } from './channel-keys';
import { channelSettingsProblems, loadChannelReferences, normaliseBaseUrl, type ChannelSettings } from './channel-rules';
import { checkUpstreamHost } from './upstream-address-policy';

export const CHANNEL_IMPORT_FORMATS = ['JSON', 'CSV'] as const;
export type ChannelImportFormat = (typeof CHANNEL_IMPORT_FORMATS)[number];

/** Most rows one document may hold; a bigger pool is imported in several documents. */
export const IMPORT_ROWS_MAX = 5000;

export interface FieldError {
  field: string;
  message: string;
}

/** What is wrong with one data row (numbered from 1; a CSV header is not a row). */
export interface RowError {
  row: number;
  name: string | null;
  errors: FieldError[];
}

export type ChannelImportResult = { ok: true; channels: IChannel[] } | { ok: false; errors: RowError[] };

const mappingPair = z.object({ model: z.string(), upstreamModel: z.string() });

/** One row as the document states it, before the catalogue and groups are consulted. */
const importRow = z.strictObject({
  name: z.string(),
  protocol: z.enum(CHANNEL_PROTOCOLS),
  baseUrl: z.string(),
  secretKey: z.string().nullish(),
  keys: z.array(z.string()).nullish(),
  models: z.array(z.string()).nullish(),
  // The GraphQL input's list of pairs, or the plainer { model: upstream } object.
  modelMapping: z.union([z.array(mappingPair), z.record(z.string(), z.string())]).nullish(),
  groups: z.array(z.string()).nullish(),
  tags: z.array(z.string()).nullish(),
  priority: z.number().int().nullish(),
  weight: z.number().int().nullish(),
  firstByteTimeoutMs: z.number().int().nullish(),
  totalTimeoutMs: z.number().int().nullish(),
});
type ImportRow = z.infer<typeof importRow>;

const LIST_FIELDS = new Set(['keys', 'models', 'groups', 'tags']);
const NUMBER_FIELDS = new Set(['priority', 'weight', 'firstByteTimeoutMs', 'totalTimeoutMs']);

/** A CSV cell as the JSON value of its column: `|`-separated lists, `model=upstream` pairs, integers. */
function csvValue(column: string, cell: string): unknown {
  const text = cell.trim();
  if (text === '') return undefined;
  if (LIST_FIELDS.has(column)) return text.split('|').map((part) => part.trim()).filter(Boolean);
  if (column === 'modelMapping') {
    return text.split('|').filter((p) => p.trim()).map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? { model: pair.trim(), upstreamModel: '' } : { model: pair.slice(0, at).trim(), upstreamModel: pair.slice(at + 1).trim() };
    });
  }
  if (NUMBER_FIELDS.has(column)) return /^[-+]?\d+$/.test(text) ? Number(text) : text;
  return text;
}

/** The document's rows as plain objects, or one document-level error (row 0). */
function rowsOf(format: ChannelImportFormat, document: string): unknown[] | RowError {
  if (format === 'JSON') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(document);
    } catch (err) {
      return { row: 0, name: null, errors: [{ field: 'document', message: `Not JSON: ${(err as Error).message}` }] };
    }
    if (!Array.isArray(parsed)) return { row: 0, name: null, errors: [{ field: 'document', message: 'Give a JSON array of channels.' }] };
    return parsed;
  }
  const records = parseCsv(document).filter((r) => !(r.length === 1 && r[0]!.trim() === ''));
  const header = records.shift()?.map((h) => h.trim());
  if (!header) return { row: 0, name: null, errors: [{ field: 'document', message: 'The CSV has no header row.' }] };
  return records.map((record) => {
    const row: Record<string, unknown> = {};
    header.forEach((column, i) => {
      const value = csvValue(column, record[i] ?? '');
      if (value !== undefined) row[column] = value;
    });
    if (record.length > header.length) row['(extra cells)'] = record.slice(header.length).join(',');
    return row;
  });
}

function toSettings(row: ImportRow): ChannelSettings & { keys: string[] } {
  const mapping = row.modelMapping == null
    ? undefined
    : Array.isArray(row.modelMapping)
      ? row.modelMapping
      : Object.entries(row.modelMapping).map(([model, upstreamModel]) => ({ model, upstreamModel }));
  const keys = [...(row.keys ?? []), ...(row.secretKey ? [row.secretKey] : [])];
  return { ...row, modelMapping: mapping, keys };
}

const nameOf = (raw: unknown): string | null =>
  typeof raw === 'object' && raw !== null && typeof (raw as { name?: unknown }).name === 'string' ? (raw as { name: string }).name : null;

/**
 * Validates a whole document and creates every channel in one transaction, or none: any error
 * in any row answers the full per-row report and imports nothing.
 */
export async function importChannels(
  deps: { em: EntityManager; changeBus: ChangeBus; secretBox: SecretBox; allowPrivateUpstreams: boolean },
  format: ChannelImportFormat,
  document: string,
): Promise<ChannelImportResult> {
  const raw = rowsOf(format, document);
  if (!Array.isArray(raw)) return { ok: false, errors: [raw] };
  if (raw.length === 0) return { ok: false, errors: [{ row: 0, name: null, errors: [{ field: 'document', message: 'The document has no channels.' }] }] };
  if (raw.length > IMPORT_ROWS_MAX) {
    return { ok: false, errors: [{ row: 0, name: null, errors: [{ field: 'document', message: `Import at most ${IMPORT_ROWS_MAX} channels at a time.` }] }] };
  }
  const parsed = raw.map((r) => importRow.safeParse(r));
  const good = parsed.flatMap((p) => (p.success ? [toSettings(p.data)] : []));
  const refs = await loadChannelReferences(deps.em, good.flatMap((r) => r.models ?? []), good.flatMap((r) => r.groups ?? []));

  const errors: RowError[] = [];
  const ready: Array<{ settings: ChannelSettings & { keys: string[] }; baseUrl: string; protocol: ImportRow['protocol']; name: string }> = [];
  for (const [index, result] of parsed.entries()) {
    const row = index + 1;
    if (!result.success) {
      errors.push({
        row,
        name: nameOf(raw[index]),
        errors: result.error.issues.map((issue) => ({
          field: issue.path.length ? String(issue.path[0]) : issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'row',
          message: issue.message,
        })),
      });
      continue;
    }
    const settings = toSettings(result.data);
    const fieldErrors: FieldError[] = channelSettingsProblems(settings, settings.models ?? [], refs).map(({ field, message }) => ({ field, message }));
    const normalised = normaliseBaseUrl(result.data.baseUrl);
    const baseUrl = typeof normalised === 'string' ? ((await checkUpstreamHost(normalised, deps.allowPrivateUpstreams)) ?? normalised) : normalised;
    if (typeof baseUrl !== 'string') fieldErrors.unshift({ field: baseUrl.field, message: baseUrl.message });
    const keys = checkKeys(settings.keys);
    if (!Array.isArray(keys)) fieldErrors.push({ field: keys.field, message: keys.message });
    if (fieldErrors.length) errors.push({ row, name: result.data.name, errors: fieldErrors });
    else ready.push({ settings: { ...settings, keys: keys as string[] }, baseUrl: baseUrl as string, protocol: result.data.protocol, name: result.data.name.trim() });
  }
  if (errors.length) return { ok: false, errors };

  const created = await deps.em.transactional(async (em) => {
    const made = ready.map(({ settings: s, baseUrl, protocol, name }) => {
      const channel = em.create(Channel, {
        name, protocol, baseUrl,
        models: [...new Set(s.models ?? [])],
        modelMapping: Object.fromEntries((s.modelMapping ?? []).map((m) => [m.model, m.upstreamModel.trim()])),
        groups: [...new Set(s.groups ?? [])],
        tags: [...new Set((s.tags ?? []).map((t) => t.trim()))],
        ...(s.priority != null && { priority: s.priority }),
        ...(s.weight != null && { weight: s.weight }),
        ...(s.firstByteTimeoutMs != null && { firstByteTimeoutMs: s.firstByteTimeoutMs }),
        ...(s.totalTimeoutMs != null && { totalTimeoutMs: s.totalTimeoutMs }),
      });
      return { channel, keys: s.keys };
    });
    // Keys are sealed to their channel's id: write the channels first, in one flush.
    await em.flush();
    for (const { channel, keys } of made) await addSealedKeys(em, deps.secretBox, channel, keys);
    return made.map((m) => m.channel);
  });
  await deps.changeBus.publish({ topic: 'channel' });
  // Read back: columns left to their database defaults (priority, weight, timeouts) are filled in.
  const channels = await deps.em.find(Channel, { id: { $in: created.map((c) => c.id) } }, { orderBy: { id: 'asc' }, refresh: true });
  return { ok: true, channels };
}
