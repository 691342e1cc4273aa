import type { ChannelProtocol } from '../../db/entities';
import type { ModelListResult } from '../../domain/channels/channel-model-discovery';
import { buildAnthropicModelListRequest, parseAnthropicModelList } from '../providers/anthropic/models';
import { buildGeminiModelListRequest, parseGeminiModelList } from '../providers/gemini/models';
import type { ModelListPage, ModelListTarget } from '../providers/model-list.types';
import { buildOpenAIModelListRequest, parseOpenAIModelList } from '../providers/openai/models';
import type { UpstreamHttpRequest } from '../providers/types';
import type { UpstreamClient } from './upstream-client';

const BUDGET_MS = 20_000;
const MAX_PAGES = 20;
const BODY_LIMIT = 4 * 1024 * 1024;

const LISTS: Record<ChannelProtocol, { build(t: ModelListTarget, next: string | null): UpstreamHttpRequest; parse(json: unknown): ModelListPage }> = {
  OPENAI: { build: (t) => buildOpenAIModelListRequest(t), parse: parseOpenAIModelList },
  ANTHROPIC: { build: buildAnthropicModelListRequest, parse: parseAnthropicModelList },
  GEMINI: { build: buildGeminiModelListRequest, parse: parseGeminiModelList },
};

async function readJson(body: AsyncIterable<unknown>): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new Error('the model list is larger than 4 MB');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { error: { message: text.slice(0, 300) } };
  }
}

const errorText = (json: unknown): string => {
  const error = (json as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' ? error.message : JSON.stringify(json).slice(0, 300);
};

/** Every model id the channel's upstream lists, following pages; an error names the HTTP status. */
export async function listUpstreamModels(client: UpstreamClient, protocol: ChannelProtocol, target: ModelListTarget): Promise<ModelListResult> {
  const list = LISTS[protocol];
  const signal = AbortSignal.timeout(BUDGET_MS);
  const ids: string[] = [];
  let next: string | null = null;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const response = await client.send(list.build(target, next), { signal, headersTimeoutMs: BUDGET_MS, bodyTimeoutMs: BUDGET_MS });
      const json = await readJson(response.body);
      if (response.statusCode < 200 || response.statusCode >= 300) {
        return { ok: false, error: `The upstream answered HTTP ${response.statusCode}: ${errorText(json)}` };
      }
      const parsed = list.parse(json);
      ids.push(...parsed.ids);
      next = parsed.next;
      if (!next) break;
    }
  } catch (err) {
    return { ok: false, error: signal.aborted ? `The upstream did not list its models within ${BUDGET_MS} ms.` : (err as Error).message };
  }
  return { ok: true, ids: [...new Set(ids)] };
}
