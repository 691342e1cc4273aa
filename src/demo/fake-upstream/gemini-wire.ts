import type { ServerResponse } from 'node:http';
import { defaultUsage, splitWords, type UpstreamBehaviour } from './behaviour';
import { cutConnection, sleep, writeAndDrain, type RouteHandler } from './http-helpers';
import { geminiMediaAnswer } from './media-wire';
import { demoToolCalls, fakeId, parseToolArguments, sendRawEvents, textOf } from './vendor-helpers';

// The Gemini API (https://ai.google.dev/api/generate-content): `:generateContent` answers one
// GenerateContentResponse; `:streamGenerateContent?alt=sse` sends one per `data:` event, framed
// with CRLF CRLF as Google does; without `alt=sse` the stream is one JSON array.

interface GeminiBody {
  contents?: Array<{ role?: string; parts?: unknown }>;
  systemInstruction?: { parts?: unknown };
  tools?: Array<{ functionDeclarations?: Array<{ name?: string; parameters?: unknown; parametersJsonSchema?: unknown }> }>;
}

/** The user's words when the last turn is a prompt (not function responses), for the demo's tool call. */
function promptOf(body: GeminiBody): string | undefined {
  const last = body.contents?.[body.contents.length - 1];
  if (!last || (last.role !== undefined && last.role !== 'user')) return undefined;
  if (Array.isArray(last.parts) && last.parts.some((p) => (p as { functionResponse?: unknown })?.functionResponse)) return undefined;
  return textOf(last.parts);
}

export function geminiErrorBody(code: number, status: string, message: string): object {
  return { error: { code, message, status } };
}

function promptChars(body: GeminiBody): number {
  return textOf(body.systemInstruction?.parts).length + (body.contents ?? []).reduce((n, c) => n + textOf(c.parts).length, 0);
}

/** `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent` */
export const geminiGenerateContent: RouteHandler = async (req, res, b) => {
  if (b.rawEvents) return sendRawEvents(res, { ...b, rawEvents: b.rawEvents });
  if (geminiMediaAnswer(req, res, b)) return;
  const url = new URL(req.path, 'http://fake');
  const match = /\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
  const model = decodeURIComponent(match?.[1] ?? 'unknown');
  const stream = match?.[2] === 'streamGenerateContent';
  const body = (req.body ?? {}) as GeminiBody;

  const tools = (body.tools ?? []).flatMap((t) => t.functionDeclarations ?? []).map((f) => ({ name: f.name ?? 'tool', schema: f.parameters ?? f.parametersJsonSchema }));
  const toolCalls = b.toolCalls ?? demoToolCalls(tools, promptOf(body));
  const lastUser = [...(body.contents ?? [])].reverse().find((c) => c.role === 'user' || c.role === undefined);
  const content = b.content ?? (toolCalls.length ? '' : `echo: ${textOf(lastUser?.parts)}`);
  const pieces = b.chunks ?? (content ? splitWords(content) : []);
  const usage = b.usage ?? defaultUsage(promptChars(body), pieces.length + toolCalls.length);
  const thoughts = b.reasoningTokens ?? 0;
  const usageMetadata = (candidates: number | undefined) => ({
    promptTokenCount: usage.prompt_tokens,
    ...(candidates !== undefined ? { candidatesTokenCount: candidates } : {}),
    totalTokenCount: usage.prompt_tokens + (candidates ?? 0) + thoughts,
    ...(b.cacheTokens?.read ? { cachedContentTokenCount: b.cacheTokens.read } : {}),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: usage.prompt_tokens }],
    ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
  });
  const envelope = { modelVersion: model, responseId: fakeId('fake') };
  const callParts = toolCalls.map((call) => ({ functionCall: { name: call.name, args: parseToolArguments(call) } }));
  const finishReason = b.finishReason ?? 'STOP';
  const grounding = b.serverToolUses
    ? { groundingMetadata: { webSearchQueries: Array.from({ length: b.serverToolUses.searches }, (_, i) => `query ${i + 1}`), groundingChunks: [] } }
    : {};
  const outputTokens = usage.completion_tokens - thoughts;

  if (b.blockReason) {
    const blocked = { promptFeedback: { blockReason: b.blockReason }, usageMetadata: usageMetadata(undefined), ...envelope };
    if (!stream) return sendGeminiJson(res, b, blocked);
    return sendEvents(res, b, url, [blocked]);
  }

  if (!stream) {
    const parts = [...(content ? [{ text: content }] : []), ...callParts];
    return sendGeminiJson(res, b, {
      candidates: [{ content: { parts, role: 'model' }, finishReason, index: 0, ...grounding }],
      usageMetadata: usageMetadata(outputTokens),
      ...envelope,
    });
  }

  // The last event carries the finish reason and the final usage; earlier ones a running count.
  const events: object[] = pieces.map((text, i) => ({
    candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0 }],
    usageMetadata: usageMetadata(Math.min(i + 1, outputTokens)),
    ...envelope,
  }));
  if (callParts.length || events.length === 0) {
    events.push({ candidates: [{ content: { parts: callParts.length ? callParts : [{ text: '' }], role: 'model' }, index: 0 }], ...envelope });
  }
  const last = events[events.length - 1] as { candidates: Array<Record<string, unknown>>; usageMetadata?: object };
  last.candidates[0]!.finishReason = finishReason;
  Object.assign(last.candidates[0]!, grounding);
  last.usageMetadata = usageMetadata(outputTokens);
  return sendEvents(res, b, url, events);
};

function sendGeminiJson(res: ServerResponse, b: UpstreamBehaviour, body: object): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', ...b.headers });
  res.end(JSON.stringify(body));
}

async function sendEvents(res: ServerResponse, b: UpstreamBehaviour, url: URL, events: object[]): Promise<void> {
  const sse = url.searchParams.get('alt') === 'sse';
  res.writeHead(200, { 'content-type': sse ? 'text/event-stream' : 'application/json; charset=UTF-8', ...b.headers });
  const frame = (json: object, i: number) => (sse ? `data: ${JSON.stringify(json)}\r\n\r\n` : `${i === 0 ? '[' : ',\r\n'}${JSON.stringify(json)}`);
  for (const [i, json] of events.entries()) {
    if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
    if (res.destroyed) return;
    if (b.cutAfterChunks !== undefined && i >= b.cutAfterChunks) {
      cutConnection(res);
      return;
    }
    if (b.midStreamError && i >= b.midStreamError.afterChunks) {
      const { code = 503, type = 'UNAVAILABLE', message = 'The model is overloaded. Please try again later.' } = b.midStreamError;
      res.end(frame({ error: { code, message, status: type } }, i) + (sse ? '' : ']'));
      return;
    }
    await writeAndDrain(res, frame(json, i));
  }
  res.end(sse ? '' : ']');
}
