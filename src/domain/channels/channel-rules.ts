import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogueModel, Group } from '../../db/entities';
import { invalid, type InvalidInput } from '../domain-result';

export interface ChannelSettings {
  name?: string | null;
  baseUrl?: string | null;
  secretKey?: string | null;
  models?: readonly string[] | null;
  modelMapping?: ReadonlyArray<{ model: string; upstreamModel: string }> | null;
  groups?: readonly string[] | null;
  priority?: number | null;
  weight?: number | null;
  firstByteTimeoutMs?: number | null;
  totalTimeoutMs?: number | null;
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
  const text = url.toString().replace(/\/+$/, '');
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

/**
 * Checks settings against the catalogue and groups. `models` is the list the channel will have
 * after the change (the mapping may only name those).
 */
export async function checkChannelSettings(em: EntityManager, s: ChannelSettings, models: readonly string[]): Promise<InvalidInput | null> {
  if (s.name != null && (!s.name.trim() || s.name.trim().length > 128)) return invalid('name', 'Use 1-128 characters.');
  if (s.secretKey != null && (!s.secretKey.trim() || s.secretKey.length > 4096)) return invalid('secretKey', 'Use 1-4096 characters.');
  const numbers = checkNumbers(s);
  if (numbers) return numbers;
  if (s.models) {
    if (s.models.length > LIST_MAX) return invalid('models', `Use at most ${LIST_MAX} models.`);
    const known = new Set((await em.find(CatalogueModel, { modelId: { $in: [...s.models] } }, { fields: ['modelId'] })).map((m) => m.modelId));
    const unknown = s.models.filter((m) => !known.has(m));
    if (unknown.length) return invalid('models', `Unknown model id(s): ${unknown.join(', ')}.`);
  }
  if (s.groups) {
    const known = new Set((await em.find(Group, { name: { $in: [...s.groups] } }, { fields: ['name'] })).map((g) => g.name));
    const unknown = s.groups.filter((g) => !known.has(g));
    if (unknown.length) return invalid('groups', `Unknown group(s): ${unknown.join(', ')}.`);
  }
  if (s.modelMapping) {
    const served = new Set(models);
    for (const { model, upstreamModel } of s.modelMapping) {
      if (!served.has(model)) return invalid('modelMapping', `${model} is not one of this channel's models.`);
      if (!upstreamModel.trim() || upstreamModel.length > 128) return invalid('modelMapping', `Give ${model} an upstream name of 1-128 characters.`);
    }
  }
  return null;
}
