import { gatewayErrors } from '../../gateway-error';
import { requireObject } from '../anthropic';
import type { Surface, SurfaceRequest, SurfaceRequestInfo } from '../surface';
import { firstIssue } from '../zod-issues';
import { geminiErrorBody, renderGeminiResponse } from './from-internal';
import { countTokensSchema, generateContentSchema, type GenerateContentRequest } from './gemini-schema';
import { geminiPassthrough } from './passthrough';
import { createGeminiStreamSplicer } from '../../providers/gemini/stream-splice';
import { GeminiStreamEncoder } from './stream-encoder';
import { geminiInputs } from './inputs';
import { geminiToInternal } from './to-internal';

const isSse = (info: SurfaceRequestInfo) => info.query.get('alt') === 'sse';

function parseRequest(json: unknown): GenerateContentRequest {
  const parsed = generateContentSchema.safeParse(requireObject(json));
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    throw gatewayErrors.invalidRequest(`Invalid JSON payload: ${issue.message}`, issue.field);
  }
  return parsed.data;
}

/**
 * `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent` (with or without
 * `alt=sse`): Google's Gemini API, as Gemini CLI and @google/genai call it.
 */
export const geminiSurface: Surface = {
  name: 'gemini',
  usageKey: 'usageMetadata',
  streamFormat: (info) =>
    isSse(info)
      ? { contentType: 'text/event-stream; charset=utf-8', keepAlive: ': keep-alive\r\n\r\n' }
      // A JSON array cannot carry comments: no keep-alive there.
      : { contentType: 'application/json; charset=utf-8', keepAlive: null },
  passthrough: geminiPassthrough,
  // The upstream is always asked for SSE; a caller who wants the JSON array gets it decoded and framed anew.
  streamSplice: { protocol: 'GEMINI', create: (_request, ctx, info) => (isSse(info) ? createGeminiStreamSplicer(ctx) : undefined) },
  parse(json, info): SurfaceRequest {
    const request = parseRequest(json);
    const stream = info.pathStream === true;
    const { body, untranslatable } = geminiToInternal(request, info.pathModel ?? '', stream);
    return {
      body, stream, raw: request as Record<string, unknown>, untranslatable, outputChoices: request.generationConfig?.candidateCount ?? 1, inputs: geminiInputs(request),
    };
  },
  renderJson: renderGeminiResponse,
  streamEncoder: (_request, ctx, info) => new GeminiStreamEncoder(ctx, isSse(info)),
  renderError: geminiErrorBody,
};

/** `:countTokens` → `{"totalTokens": n}`. */
export const geminiTokenCount = {
  parse(json: unknown, pathModel: string | undefined) {
    const outer = countTokensSchema.safeParse(requireObject(json));
    if (!outer.success) throw gatewayErrors.invalidRequest(`Invalid JSON payload: ${firstIssue(outer.error).message}`);
    const inner = outer.data.generateContentRequest ?? { contents: outer.data.contents ?? [] };
    return geminiToInternal(parseRequest(inner), pathModel ?? '', false).body;
  },
  render: (tokens: number) => ({ totalTokens: tokens }),
};
