import type { ServerResponse } from 'node:http';
import { defaultUsage, splitWords, type UpstreamBehaviour } from './behaviour';
import { cutConnection, sleep, writeAndDrain, type RouteHandler } from './http-helpers';
import { argumentPieces, demoToolCalls, fakeId, parseToolArguments, sendRawEvents, textOf } from './vendor-helpers';

// Anthropic's Messages API as documented (https://docs.anthropic.com/en/api/messages-streaming):
// JSON, or `event: <type>\ndata: <json>\n\n` events with ping, error and input_json_delta.

interface AnthropicBody {
  model?: string;
  system?: unknown;
  messages?: Array<{ role?: string; content?: unknown }>;
  stream?: boolean;
  tools?: Array<{ name?: string; input_schema?: unknown }>;
}

/** The user's words when the last turn is a prompt (not tool results), for the demo's tool call. */
function promptOf(body: AnthropicBody): string | undefined {
  const last = body.messages?.[body.messages.length - 1];
  if (last?.role !== 'user') return undefined;
  if (Array.isArray(last.content) && last.content.some((b) => (b as { type?: string })?.type === 'tool_result')) return undefined;
  return textOf(last.content);
}

export function anthropicErrorBody(type: string, message: string): object {
  return { type: 'error', error: { type, message } };
}

function promptChars(body: AnthropicBody): number {
  return textOf(body.system).length + (body.messages ?? []).reduce((n, m) => n + textOf(m.content).length, 0);
}

function event(type: string, data: object): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

/** `POST /v1/messages` */
export const anthropicMessages: RouteHandler = async (req, res, b) => {
  if (b.rawEvents) return sendRawEvents(res, { ...b, rawEvents: b.rawEvents });
  const body = (req.body ?? {}) as AnthropicBody;
  const tools = (body.tools ?? []).map((t) => ({ name: t.name ?? 'tool', schema: t.input_schema }));
  const toolCalls = (b.toolCalls ?? demoToolCalls(tools, promptOf(body))).map((call, i) => ({ ...call, id: call.id ?? `toolu_fake${i}` }));
  const lastUser = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user');
  const content = b.content ?? (toolCalls.length ? '' : `echo: ${textOf(lastUser?.content)}`);
  const pieces = b.chunks ?? (content ? splitWords(content) : []);
  const usage = b.usage ?? defaultUsage(promptChars(body), pieces.length + toolCalls.length);
  const cacheRead = b.cacheTokens?.read ?? 0;
  const cacheWrite = b.cacheTokens?.write ?? 0;
  const write1h = b.cacheTokens?.write1h;
  const inputUsage = {
    input_tokens: Math.max(0, usage.prompt_tokens - cacheRead - cacheWrite),
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
    ...(write1h === undefined ? {} : { cache_creation: { ephemeral_5m_input_tokens: cacheWrite - write1h, ephemeral_1h_input_tokens: write1h } }),
  };
  const serverToolUse = b.serverToolUses
    ? { server_tool_use: { web_search_requests: b.serverToolUses.searches, ...(b.serverToolUses.fetches !== undefined ? { web_fetch_requests: b.serverToolUses.fetches } : {}) } }
    : {};
  const stopReason = b.finishReason ?? (toolCalls.length ? 'tool_use' : 'end_turn');
  const message = { id: fakeId('msg_fake'), type: 'message', role: 'assistant', model: body.model ?? 'unknown' };

  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': fakeId('req_fake'), ...b.headers });
    res.end(JSON.stringify({
      ...message,
      content: [
        ...(content ? [{ type: 'text', text: content }] : []),
        ...toolCalls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: parseToolArguments(call) })),
      ],
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { ...inputUsage, output_tokens: usage.completion_tokens, ...serverToolUse, service_tier: 'standard' },
    }));
    return;
  }

  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'request-id': fakeId('req_fake'), ...b.headers });
  const send = (data: string) => writeAndDrain(res, data);
  await send(event('message_start', {
    message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: { ...inputUsage, output_tokens: 1, service_tier: 'standard' } },
  }));
  let block = 0;
  let sent = 0;
  if (pieces.length) {
    await send(event('content_block_start', { index: block, content_block: { type: 'text', text: '' } }));
    await send(event('ping', {}));
    for (const piece of pieces) {
      if (await interrupted(res, b, sent)) return;
      await send(event('content_block_delta', { index: block, delta: { type: 'text_delta', text: piece } }));
      sent++;
    }
    await send(event('content_block_stop', { index: block }));
    block++;
  } else {
    await send(event('ping', {}));
  }
  for (const call of toolCalls) {
    if (await interrupted(res, b, sent)) return;
    await send(event('content_block_start', { index: block, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } }));
    // Anthropic opens every tool input with an empty fragment.
    await send(event('content_block_delta', { index: block, delta: { type: 'input_json_delta', partial_json: '' } }));
    for (const fragment of argumentPieces(call)) {
      await send(event('content_block_delta', { index: block, delta: { type: 'input_json_delta', partial_json: fragment } }));
    }
    await send(event('content_block_stop', { index: block }));
    block++;
    sent++;
  }
  if (await interrupted(res, b, sent)) return;
  await send(event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.completion_tokens, ...serverToolUse } }));
  res.end(event('message_stop', {}));
};

/** Applies the scripted cut or mid-stream error once `sent` content chunks are out; true when the stream is over. */
async function interrupted(res: ServerResponse, b: UpstreamBehaviour, sent: number): Promise<boolean> {
  if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
  if (res.destroyed) return true;
  if (b.cutAfterChunks !== undefined && sent >= b.cutAfterChunks) {
    cutConnection(res);
    return true;
  }
  if (b.midStreamError && sent >= b.midStreamError.afterChunks) {
    const { type = 'overloaded_error', message = 'Overloaded' } = b.midStreamError;
    res.end(event('error', { error: { type, message } }));
    return true;
  }
  return false;
}
