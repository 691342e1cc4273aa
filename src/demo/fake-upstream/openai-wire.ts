import type { ServerResponse } from 'node:http';
import { defaultUsage, splitWords, type RecordedRequest, type UpstreamBehaviour } from './behaviour';
import type { FakeToolCall } from './behaviour';
import { cutConnection, sleep, writeAndDrain, type RouteHandler } from './http-helpers';
import { argumentPieces, demoToolCalls, sendRawEvents } from './vendor-helpers';

interface OpenAIChatBody {
  model?: string;
  messages?: Array<{ role?: string; content?: unknown }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: Array<{ function?: { name?: string; parameters?: unknown } }>;
}

/** Scripted tool calls, else the demo's (see demoToolCalls), with OpenAI-style ids. */
function toolCallsFor(body: OpenAIChatBody, b: UpstreamBehaviour): FakeToolCall[] {
  const last = body.messages?.[body.messages.length - 1];
  const tools = (body.tools ?? []).map((t) => ({ name: t.function?.name ?? 'tool', schema: t.function?.parameters }));
  const calls = b.toolCalls ?? demoToolCalls(tools, last?.role === 'user' ? textOf(last.content) : undefined);
  return calls.map((call, i) => ({ ...call, id: call.id ?? `call_fake${i}` }));
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((p) => (p && typeof p === 'object' && 'text' in p && typeof p.text === 'string' ? p.text : '')).join('');
  }
  return '';
}

export function echoReply(body: OpenAIChatBody): string {
  const lastUser = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user');
  return `echo: ${textOf(lastUser?.content)}`;
}

function promptChars(body: OpenAIChatBody): number {
  return (body.messages ?? []).reduce((n, m) => n + textOf(m.content).length, 0);
}

/** OpenAI `POST /v1/chat/completions`, JSON and SSE, as the real API sends them. */
export const openAIChatCompletions: RouteHandler = async (req: RecordedRequest, res: ServerResponse, b: UpstreamBehaviour) => {
  if (b.rawEvents) return sendRawEvents(res, { ...b, rawEvents: b.rawEvents });
  const body = (req.body ?? {}) as OpenAIChatBody;
  const toolCalls = toolCallsFor(body, b);
  const content = b.content ?? (toolCalls.length ? '' : echoReply(body));
  const pieces = b.chunks ?? (content ? splitWords(content) : []);
  const usage = b.usage ?? defaultUsage(promptChars(body), pieces.length + toolCalls.length);
  const finishReason = b.finishReason ?? (toolCalls.length ? 'tool_calls' : 'stop');
  const id = `chatcmpl-fake${Date.now().toString(36)}`;
  const created = Math.floor(Date.now() / 1000);
  const model = body.model ?? 'unknown';
  const cached = b.cacheTokens?.read;
  const usageBlock = {
    ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens, ...(cached ? { prompt_tokens_details: { cached_tokens: cached } } : {}),
  };

  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json', ...b.headers });
    res.end(JSON.stringify({
      id, object: 'chat.completion', created, model, system_fingerprint: 'fp_fake',
      choices: [{
        index: 0,
        message: {
          role: 'assistant',
          content: content === '' && toolCalls.length ? null : content,
          refusal: null,
          ...(toolCalls.length ? { tool_calls: toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
        },
        logprobs: null,
        finish_reason: finishReason,
      }],
      usage: usageBlock,
    }));
    return;
  }

  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...b.headers });
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_fake', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
  await writeAndDrain(res, chunk({ role: 'assistant', content: '', refusal: null }, null));
  let sent = 0;
  for (const piece of pieces) {
    if (b.cutAfterChunks !== undefined && sent >= b.cutAfterChunks) {
      cutConnection(res);
      return;
    }
    if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
    if (res.destroyed) return;
    await writeAndDrain(res, chunk({ content: piece }, null));
    sent++;
  }
  for (const [index, call] of toolCalls.entries()) {
    if (b.cutAfterChunks !== undefined && sent >= b.cutAfterChunks) {
      cutConnection(res);
      return;
    }
    await writeAndDrain(res, chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }, null));
    for (const fragment of argumentPieces(call)) await writeAndDrain(res, chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }, null));
    sent++;
  }
  if (b.cutAfterChunks !== undefined && sent >= b.cutAfterChunks) {
    cutConnection(res);
    return;
  }
  await writeAndDrain(res, chunk({}, finishReason));
  if (body.stream_options?.include_usage) {
    await writeAndDrain(res, `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_fake', choices: [], usage: usageBlock })}\n\n`);
  }
  res.end('data: [DONE]\n\n');
};

export const openAIModels: RouteHandler = async (_req, res, b) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  const ids = b.models ?? ['fake-model'];
  res.end(JSON.stringify({ object: 'list', data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) }));
};
