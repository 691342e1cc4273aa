import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogueModel, Group } from '../../db/entities';
import { invalid, type InvalidInput } from '../domain-result';
import { trimTrailingSlashes } from '../../lib/linear-text';

export interface ChannelSettings {
  name?: string | null;
  baseUrl?: string | null;
  secretKey?: string | null;
  /** Upstream keys; replaces the channel's list. */
  keys?: readonly string[] | null;
  tags?: readonly string[] | null;
  models?: readonly string[] | null;
  modelMapping?: ReadonlyArray<{ model: string; upstreamModel: string }> | null;
  groups?: readonly string[] | null;
  priority?: number | null;
  weight?: number | null;
  firstByteTimeoutMs?: number | null;
  totalTimeoutMs?: number | null;
  /** Request overrides (channel-overrides.ts); replaces the channel's list. */
  overrides?: readonly unknown[] | null;
}

const LIST_MAX = 500;

/** An absolute http(s) URL without credentials (keys belong in the sealed secret), no trailing slash. */
export function normaliseBaseUrl(raw: string): string | InvalidInput {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return invalid('baseUrl', 'Use an absolute URL such as https://api.openai.com/v1.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return invalid('baseUrl', 'Use an http or https URL.');
  if (url.username || url.password) return invalid('baseUrl', 'Put credentials in secretKey, not in the URL.');
  // `https://host/v1?` has an empty search, but the `?` still ends up in every request path.
  if (url.search || url.hash || /[?#]/.test(raw)) return invalid('baseUrl', 'The base URL cannot have a query or fragment.');
  const text = trimTrailingSlashes(url.toString());
  return text.length > 512 ? invalid('baseUrl', 'Use at most 512 characters.') : text;
}

function checkNumbers(s: ChannelSettings): InvalidInput | null {
  if (s.priority != null && Math.abs(s.priority) > 1_000_000) return invalid('priority', 'Keep it within ±1000000.');
  if (s.weight != null && (s.weight < 0 || s.weight > 1_000_000)) return invalid('weight', 'Use 0 to 1000000.');
  if (s.firstByteTimeoutMs != null && (s.firstByteTimeoutMs < 100 || s.firstByteTimeoutMs > 3_600_000)) {
    return invalid('firstByteTimeoutMs', 'Use 100 ms to 1 hour.');
  }
  if (s.totalTimeoutMs != null && (s.totalTimeoutMs < 100 || s.totalTimeoutMs > 3_600_000)) {
    return invalid('totalTimeoutMs', 'Use 100 ms to 1 hour.');
  }
  return null;
}

/** Catalogue model ids and group names that exist, for checking many channels with two queries. */
export interface ChannelReferences {
  models: ReadonlySet<string>;
  groups: ReadonlySet<string>;
}

export async function loadChannelReferences(em: EntityManager, models: readonly string[], groups: readonly string[]): Promise<ChannelReferences> {
  const [knownModels, knownGroups] = await Promise.all([
    models.length ? em.find(CatalogueModel, { modelId: { $in: [...new Set(models)] } }, { fields: ['modelId'] }) : [],
    groups.length ? em.find(Group, { name: { $in: [...new Set(groups)] } }, { fields: ['name'] }) : [],
  ]);
  return { models: new Set(knownModels.map((m) => m.modelId)), groups: new Set(knownGroups.map((g) => g.name)) };
}

/**
 * Every problem of a channel's settings, checked against known models and groups. `models` is
 * the list the channel will have after the change (the mapping may only name those).
 */
export function channelSettingsProblems(s: ChannelSettings, models: readonly string[], refs: ChannelReferences): InvalidInput[] {
  const problems: InvalidInput[] = [];
  if (s.name != null && (!s.name.trim() || s.name.trim().length > 128)) problems.push(invalid('name', 'Use 1-128 characters.'));
  if (s.secretKey != null && (!s.secretKey.trim() || s.secretKey.length > 4096)) problems.push(invalid('secretKey', 'Use 1-4096 characters.'));
  const numbers = checkNumbers(s);
  if (numbers) problems.push(numbers);
  if (s.tags) {
    if (s.tags.length > 50) problems.push(invalid('tags', 'Use at most 50 tags.'));
    else if (s.tags.some((tag) => !tag.trim() || tag.length > 64)) problems.push(invalid('tags', 'Use tags of 1-64 characters.'));
  }
  if (s.models) {
    const unknown = s.models.filter((m) => !refs.models.has(m));
    if (s.models.length > LIST_MAX) problems.push(invalid('models', `Use at most ${LIST_MAX} models.`));
    else if (unknown.length) problems.push(invalid('models', `Unknown model id(s): ${unknown.join(', ')}.`));
  }
  if (s.groups) {
    const unknown = s.groups.filter((g) => !refs.groups.has(g));
    if (unknown.length) problems.push(invalid('groups', `Unknown group(s): ${unknown.join(', ')}.`));
  }
  if (s.modelMapping) {
    const served = new Set(models);
    for (const { model, upstreamModel } of s.modelMapping) {
      if (!served.has(model)) {
        problems.push(invalid('modelMapping', `${model} is not one of this channel's models.`));
        break;
      }
      if (!upstreamModel.trim() || upstreamModel.length > 128) {
        problems.push(invalid('modelMapping', `Give ${model} an upstream name of 1-128 characters.`));
        break;
      }
    }
  }
  return problems;
}

/** The first problem of one channel's settings (see channelSettingsProblems), or null. */
export async function checkChannelSettings(em: EntityManager, s: ChannelSettings, models: readonly string[]): Promise<InvalidInput | null> {
  const refs = await loadChannelReferences(em, s.models ?? [], s.groups ?? []);
  return channelSettingsProblems(s, models, refs)[0] ?? null;
}
