import type { SseEvent } from '../../src/gateway/sse/sse-decoder';
import { SseEventDecoder, SseLineDecoder } from '../../src/gateway/sse/sse-decoder';

// What a caller of each surface received, read the way that surface's clients read it, in one
// shape so the matrix can compare every surface with what the upstream said.

export type SurfaceKind = 'chat' | 'messages' | 'responses' | 'gemini';
export const SURFACES: readonly SurfaceKind[] = ['chat', 'messages', 'responses', 'gemini'];

export interface CallerAnswer {
  thinking: string;
  signature: string;
  text: string;
  calls: Array<{ id: string | null; name: string; args: unknown }>;
  /** Only the counts this surface's usage block has. */
  usage: { prompt: number; completion: number; cacheRead: number; cacheWrite?: number; reasoning?: number };
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON read in tests

function empty(): CallerAnswer {
  return { thinking: '', signature: '', text: '', calls: [], usage: { prompt: 0, completion: 0, cacheRead: 0 } };
}

export function parseSse(text: string): SseEvent[] {
  const lines = new SseLineDecoder();
  const events = new SseEventDecoder();
  const out: SseEvent[] = [];
  for (const line of [...lines.push(new TextEncoder().encode(text)), ...lines.end()]) {
    const event = events.pushLine(line);
    if (event) out.push(event);
  }
  const last = events.end();
  if (last) out.push(last);
  return out;
}

function chatUsage(u: Json): CallerAnswer['usage'] {
  return { prompt: u.prompt_tokens, completion: u.completion_tokens, cacheRead: u.prompt_tokens_details?.cached_tokens ?? 0, reasoning: u.completion_tokens_details?.reasoning_tokens ?? 0 };
}

function messagesUsage(u: Json): CallerAnswer['usage'] {
  const read = u.cache_read_input_tokens ?? 0;
  const write = u.cache_creation_input_tokens ?? 0;
  return { prompt: u.input_tokens + read + write, completion: u.output_tokens, cacheRead: read, cacheWrite: write };
}

function responsesUsage(u: Json): CallerAnswer['usage'] {
  return { prompt: u.input_tokens, completion: u.output_tokens, cacheRead: u.input_tokens_details?.cached_tokens ?? 0, reasoning: u.output_tokens_details?.reasoning_tokens ?? 0 };
}

function geminiUsage(u: Json): CallerAnswer['usage'] {
  const thoughts = u.thoughtsTokenCount ?? 0;
  return { prompt: u.promptTokenCount, completion: (u.candidatesTokenCount ?? 0) + thoughts, cacheRead: u.cachedContentTokenCount ?? 0, reasoning: thoughts };
}

function args(text: string): unknown {
  return JSON.parse(text);
}

function chatMessage(message: Json, answer: CallerAnswer): void {
  answer.thinking += message.reasoning_content ?? '';
  answer.signature = message.reasoning_signature ?? answer.signature;
  answer.text += message.content ?? '';
  for (const call of message.tool_calls ?? []) answer.calls.push({ id: call.id, name: call.function.name, args: args(call.function.arguments) });
}

function messagesContent(blocks: Json[], answer: CallerAnswer): void {
  for (const block of blocks) {
    if (block.type === 'thinking') {
      answer.thinking += block.thinking;
      if (block.signature) answer.signature = block.signature;
    } else if (block.type === 'text') answer.text += block.text;
    else if (block.type === 'tool_use') answer.calls.push({ id: block.id, name: block.name, args: block.input });
  }
}

function responsesOutput(output: Json[], answer: CallerAnswer): void {
  for (const item of output) {
    if (item.type === 'reasoning') {
      answer.thinking += (item.summary as Json[]).map((p) => p.text).join('');
      if (item.encrypted_content) answer.signature = item.encrypted_content;
    } else if (item.type === 'message') answer.text += (item.content as Json[]).map((p) => p.text).join('');
    else if (item.type === 'function_call') answer.calls.push({ id: item.call_id, name: item.name, args: args(item.arguments) });
  }
}

function geminiParts(parts: Json[], answer: CallerAnswer): void {
  for (const part of parts) {
    if (part.thoughtSignature && !answer.signature) answer.signature = part.thoughtSignature;
    if (part.functionCall) answer.calls.push({ id: part.functionCall.id ?? null, name: part.functionCall.name, args: part.functionCall.args });
    else if (part.thought) answer.thinking += part.text ?? '';
    else if (part.text) answer.text += part.text;
  }
}

/** A surface's JSON answer. */
export function answerOfJson(surface: SurfaceKind, body: Json): CallerAnswer {
  const answer = empty();
  switch (surface) {
    case 'chat':
      chatMessage(body.choices[0].message, answer);
      answer.usage = chatUsage(body.usage);
      break;
    case 'messages':
      messagesContent(body.content, answer);
      answer.usage = messagesUsage(body.usage);
      break;
    case 'responses':
      responsesOutput(body.output, answer);
      answer.usage = responsesUsage(body.usage);
      break;
    case 'gemini':
      geminiParts(body.candidates[0].content.parts, answer);
      answer.usage = geminiUsage(body.usageMetadata);
      break;
  }
  return answer;
}

/** A surface's stream, reassembled as that surface's SDKs do. */
export function answerOfStream(surface: SurfaceKind, text: string): CallerAnswer {
  const answer = empty();
  const events = parseSse(text).filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as Json);
  switch (surface) {
    case 'chat': {
      const calls: Array<{ id: string; name: string; arguments: string }> = [];
      for (const chunk of events) {
        if (chunk.usage) answer.usage = chatUsage(chunk.usage);
        const delta = chunk.choices?.[0]?.delta;
        if (!delta) continue;
        answer.thinking += delta.reasoning_content ?? '';
        if (delta.reasoning_signature) answer.signature = delta.reasoning_signature;
        answer.text += delta.content ?? '';
        for (const d of delta.tool_calls ?? []) {
          const call = (calls[d.index] ??= { id: '', name: '', arguments: '' });
          if (d.id) call.id = d.id;
          call.name += d.function?.name ?? '';
          call.arguments += d.function?.arguments ?? '';
        }
      }
      for (const call of calls) answer.calls.push({ id: call.id, name: call.name, args: args(call.arguments) });
      break;
    }
    case 'messages': {
      const blocks: Json[] = [];
      let usage: Json = {};
      for (const event of events) {
        if (event.type === 'message_start') usage = { ...event.message.usage };
        if (event.type === 'message_delta') usage = { ...usage, ...event.usage };
        if (event.type === 'content_block_start') blocks[event.index] = { ...event.content_block, json: '' };
        if (event.type === 'content_block_delta') {
          const block = blocks[event.index]!;
          const d = event.delta;
          if (d.type === 'thinking_delta') block.thinking += d.thinking;
          if (d.type === 'signature_delta') block.signature = d.signature;
          if (d.type === 'text_delta') block.text += d.text;
          if (d.type === 'input_json_delta') block.json += d.partial_json;
        }
      }
      for (const block of blocks) if (block.type === 'tool_use') block.input = block.json ? args(block.json) : {};
      messagesContent(blocks, answer);
      answer.usage = messagesUsage(usage);
      break;
    }
    case 'responses': {
      const done = events.find((e) => e.type === 'response.completed' || e.type === 'response.incomplete');
      responsesOutput(done!.response.output, answer);
      answer.usage = responsesUsage(done!.response.usage);
      const streamedText = events.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta).join('');
      if (streamedText !== answer.text) throw new Error(`streamed text ${streamedText} differs from the final response's ${answer.text}`);
      break;
    }
    case 'gemini':
      for (const event of events) {
        geminiParts(event.candidates?.[0]?.content?.parts ?? [], answer);
        if (event.usageMetadata) answer.usage = geminiUsage(event.usageMetadata);
      }
      break;
  }
  return answer;
}

/** What the caller of `surface` must see of an upstream turn: every count its usage block has. */
export function expectedAnswer(
  surface: SurfaceKind,
  turn: { thinking: string; signature: string; text: string; toolCallId: string | null; tool: { name: string; args: unknown }; usage: { promptTokens: number; completionTokens: number; cacheReadTokens: number; cacheWriteTokens: number; reasoningTokens?: number } },
): CallerAnswer {
  const u = turn.usage;
  const usage: CallerAnswer['usage'] = { prompt: u.promptTokens, completion: u.completionTokens, cacheRead: u.cacheReadTokens };
  if (surface === 'messages') usage.cacheWrite = u.cacheWriteTokens;
  else usage.reasoning = u.reasoningTokens ?? 0;
  return { thinking: turn.thinking, signature: turn.signature, text: turn.text, calls: [{ id: turn.toolCallId, name: turn.tool.name, args: turn.tool.args }], usage };
}
