import type { ServerResponse } from 'node:http';
import type { FakeToolCall, UpstreamBehaviour } from './behaviour';
import { sleep, writeAndDrain } from './http-helpers';

/** Writes `rawEvents` verbatim, one write per piece, so tests control every byte boundary. */
export async function sendRawEvents(res: ServerResponse, b: UpstreamBehaviour & { rawEvents: Array<string | Uint8Array> }): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...b.headers });
  for (const piece of b.rawEvents) {
    if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
    if (res.destroyed) return;
    await writeAndDrain(res, typeof piece === 'string' ? piece : Buffer.from(piece));
  }
  res.end();
}

/** How a streamed tool call's arguments are cut: as scripted, else in pieces of 8 characters. */
export function argumentPieces(call: FakeToolCall): string[] {
  if (call.argumentChunks) return call.argumentChunks;
  const chars = Array.from(call.arguments);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += 8) pieces.push(chars.slice(i, i + 8).join(''));
  return pieces;
}

export function parseToolArguments(call: FakeToolCall): Record<string, unknown> {
  return call.arguments.trim() === '' ? {} : (JSON.parse(call.arguments) as Record<string, unknown>);
}

/** Text of a message's content in any vendor's shape: a string, or parts/blocks with `text`. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((p) => (p && typeof p === 'object' && 'text' in p && typeof p.text === 'string' ? p.text : '')).join('');
  }
  return '';
}

export function fakeId(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** A tool as the demo sees it in any vendor's request: its name and JSON schema. */
export interface DemoTool {
  name: string;
  schema: unknown;
}

/**
 * The embedded demo's agent turn: when the request offers tools, its last turn is the user's
 * (not a tool result) and the prompt asks for a tool, the "model" calls one, so a new user sees a
 * client's tool loop work end to end. Scripted `toolCalls` always win over this.
 *
 * Coding assistants wrap the user's words in context blocks (`<system-reminder>` from Claude Code,
 * `<environment_context>` from Codex) that mention tools on every turn, so only the text outside
 * such blocks counts; otherwise the demo would call a tool on every turn and loop forever. The
 * tool is the one the prompt names (`use the Bash tool`), else the first offered; every required
 * string property gets the prompt's first `backticked` phrase (`run \`ls\``), else the prompt.
 */
export function demoToolCalls(tools: DemoTool[], lastUserText: string | undefined): FakeToolCall[] {
  if (!tools.length || lastUserText === undefined) return [];
  const prompt = withoutTaggedBlocks(lastUserText).trim();
  if (!/\btools?\b/i.test(prompt)) return [];
  const tool = tools.find((t) => mentionsWord(prompt, t.name)) ?? tools[0]!;
  const schema = (tool.schema ?? {}) as { properties?: Record<string, { type?: unknown }>; required?: unknown };
  const quoted = /`([^`]+)`/.exec(prompt)?.[1];
  const args: Record<string, unknown> = {};
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  for (const name of required) {
    if (typeof name !== 'string') continue;
    const type = schema.properties?.[name]?.type;
    args[name] = type === 'number' || type === 'integer' ? 1 : type === 'boolean' ? true : (quoted ?? prompt.slice(0, 200));
  }
  return [{ id: fakeId('call_demo'), name: tool.name, arguments: JSON.stringify(args) }];
}

const OPEN_TAG = /<([a-zA-Z_][\w-]*)>/g;
const CLOSE_TAG = /<\/([a-zA-Z_][\w-]*)>/g;

/**
 * `text` with every `<name>…</name>` block replaced by a space, each block ending at the first
 * matching close tag. Done in one pass over indexed close tags rather than with
 * `/<(name)>[\s\S]*?<\/\1>/g`, which rescans the rest of the text for every open tag without a
 * close and so takes quadratic time on a prompt of many `<a>`s (the demo runs inside the gateway).
 */
export function withoutTaggedBlocks(text: string): string {
  const closes = new Map<string, { at: number[]; next: number }>();
  for (const m of text.matchAll(CLOSE_TAG)) {
    const list = closes.get(m[1]!) ?? { at: [], next: 0 };
    list.at.push(m.index);
    closes.set(m[1]!, list);
  }
  if (closes.size === 0) return text;
  let out = '';
  let kept = 0;
  const open = new RegExp(OPEN_TAG.source, 'g');
  for (let m = open.exec(text); m !== null; m = open.exec(text)) {
    const list = closes.get(m[1]!);
    if (!list) continue;
    const bodyStart = m.index + m[0].length;
    // Open tags are visited left to right, so each name's pointer only moves forward.
    while (list.next < list.at.length && list.at[list.next]! < bodyStart) list.next++;
    if (list.next === list.at.length) continue;
    const end = list.at[list.next]! + m[1]!.length + 3;
    out += `${text.slice(kept, m.index)} `;
    kept = end;
    open.lastIndex = end;
  }
  return out + text.slice(kept);
}

/** Whether `word` appears in `text` with no word character right before or after it. */
function mentionsWord(text: string, word: string): boolean {
  if (word === '') return false;
  const isWordChar = (c: string | undefined) => c !== undefined && /\w/.test(c);
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + word.length])) return true;
  }
  return false;
}
