import { z } from 'zod';
import { OVERRIDE_OPS, OVERRIDE_TARGETS, type ChannelOverride, type OverrideOp, type OverrideTarget } from '../../db/entities';
import { parseJsonPointer } from '../../lib/json-pointer';

// Per-channel request overrides: body fields (JSON pointers) and headers an operator sets or
// removes on every request a channel sends, optionally only for some of its models, to fit an
// upstream's quirks (force `stream_options.include_usage`, strip `service_tier` or `store`, add
// `reasoning_effort`, send a vendor's required header). They apply after the request is
// translated for the channel and never reach the channel's key or the auth headers it travels in.

export type { ChannelOverride } from '../../db/entities';

/** A rule ready for the request path: pointer split, value parsed, header name lower-cased. */
export interface CompiledOverride {
  target: OverrideTarget;
  op: OverrideOp;
  /** BODY: the pointer's tokens. */
  tokens: readonly string[];
  /** HEADER: the name, lower case. */
  header: string;
  /** BODY: parsed JSON; HEADER: the text. */
  value: unknown;
  /** null: every model. */
  models: ReadonlySet<string> | null;
}

export const MAX_OVERRIDES = 50;

/**
 * Headers that carry the channel's key or the gateway's own authentication (each vendor's
 * spelling), and those HTTP itself owns (framing, the connection): never overridden.
 */
const PROTECTED_HEADERS = new Set([
  'authorization', 'proxy-authorization', 'x-api-key', 'api-key', 'x-goog-api-key', 'cookie', 'host', 'content-length',
  'content-type', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect',
]);
/** Any header whose name suggests a credential is refused as well: vendors invent their own spellings. */
const CREDENTIAL_HINTS = ['auth', 'api-key', 'apikey', 'api_key', 'secret', 'token', 'password', 'cookie', 'signature'];
/** RFC 9110 token characters. */
const HEADER_NAME = /^[\w!#$%&'*+.^`|~-]{1,128}$/;
/** Visible ASCII, space and tab: no CR or LF that could start another header. */
const HEADER_VALUE = /^[\t\x20-\x7e]{0,4096}$/;

/**
 * Body fields the gateway itself decides: which model (the channel's model mapping does that),
 * whether the answer streams (the gateway reads it accordingly), and the stream's usage report
 * that billing needs (it may be forced on, never removed).
 */
function protectedBodyPath(tokens: readonly string[], op: OverrideOp): string | undefined {
  const [first, second] = tokens;
  if (tokens.some((t) => t === '__proto__' || t === 'constructor' || t === 'prototype')) return 'names an object prototype member';
  if (tokens.length === 1 && (first === 'model' || first === 'stream')) return `\`${first}\` is the gateway's to set (use the channel's model mapping for the model)`;
  if (op === 'REMOVE' && first === 'stream_options' && (tokens.length === 1 || second === 'include_usage')) return 'the stream\'s usage report is what billing reads; it cannot be removed';
  return undefined;
}

const ruleSchema = z.object({
  target: z.enum(OVERRIDE_TARGETS),
  op: z.enum(OVERRIDE_OPS),
  path: z.string().min(1, 'give a JSON pointer or a header name').max(256, 'use at most 256 characters'),
  value: z.string().max(16_384, 'use at most 16384 characters').nullish(),
  models: z.array(z.string()).max(500).nullish(),
});

export type OverrideProblem = { index: number; message: string };

/**
 * The rules as they will be stored, or the first problem (`overrides[i]: ...`). `channelModels`
 * are the models the channel serves after the change: a rule may only name those.
 */
export function checkOverrides(input: readonly unknown[], channelModels: readonly string[]): ChannelOverride[] | OverrideProblem {
  if (input.length > MAX_OVERRIDES) return { index: MAX_OVERRIDES, message: `use at most ${MAX_OVERRIDES} overrides` };
  const served = new Set(channelModels);
  const rules: ChannelOverride[] = [];
  for (const [index, raw] of input.entries()) {
    const parsed = ruleSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { index, message: `${issue.path.join('.') || 'rule'}: ${issue.message}` };
    }
    const r = parsed.data;
    const models = [...new Set(r.models ?? [])];
    const unknown = models.filter((m) => !served.has(m));
    if (unknown.length) return { index, message: `not one of this channel's models: ${unknown.join(', ')}` };
    const problem = r.target === 'BODY' ? bodyRuleProblem(r.op, r.path, r.value ?? null) : headerRuleProblem(r.op, r.path, r.value ?? null);
    if (problem) return { index, message: problem };
    const path = r.target === 'HEADER' ? r.path.toLowerCase() : r.path;
    rules.push({ target: r.target, op: r.op, path, value: r.op === 'SET' ? r.value! : null, models });
  }
  return rules;
}

function bodyRuleProblem(op: OverrideOp, path: string, value: string | null): string | undefined {
  const tokens = parseJsonPointer(path);
  if (!tokens) return 'path: not a JSON pointer (RFC 6901): start with `/`, e.g. /stream_options/include_usage; write ~1 for / and ~0 for ~ in a name';
  if (tokens.length === 0) return 'path: name a field, not the whole body';
  const refused = protectedBodyPath(tokens, op);
  if (refused) return `path: ${refused}`;
  if (op === 'REMOVE') return value == null ? undefined : 'value: REMOVE takes no value';
  if (value == null) return 'value: SET needs a value, as JSON (e.g. true, "high", 1024)';
  try {
    JSON.parse(value);
  } catch {
    return 'value: not valid JSON (write text in double quotes, e.g. "high")';
  }
  return undefined;
}

function headerRuleProblem(op: OverrideOp, path: string, value: string | null): string | undefined {
  if (!HEADER_NAME.test(path)) return 'path: not a header name';
  const name = path.toLowerCase();
  if (PROTECTED_HEADERS.has(name) || CREDENTIAL_HINTS.some((hint) => name.includes(hint))) {
    return `path: ${path} carries credentials or belongs to HTTP itself; overrides never touch it (the channel's keys are set on the channel)`;
  }
  if (op === 'REMOVE') return value == null ? undefined : 'value: REMOVE takes no value';
  if (value == null || !HEADER_VALUE.test(value)) return 'value: SET needs a header value of printable ASCII (no line breaks)';
  return undefined;
}

/**
 * Stored rules for the request path. A rule that no longer passes the checks (written by hand,
 * or by a newer release) is left out rather than sent.
 */
export function compileOverrides(stored: unknown): CompiledOverride[] {
  if (!Array.isArray(stored) || stored.length === 0) return [];
  const compiled: CompiledOverride[] = [];
  for (const raw of stored) {
    const checked = checkOverrides([raw], (raw as { models?: string[] })?.models ?? []);
    if (!Array.isArray(checked)) continue;
    const rule = checked[0]!;
    compiled.push({
      target: rule.target,
      op: rule.op,
      tokens: rule.target === 'BODY' ? parseJsonPointer(rule.path)! : [],
      header: rule.target === 'HEADER' ? rule.path : '',
      value: rule.op === 'SET' ? (rule.target === 'BODY' ? JSON.parse(rule.value!) : rule.value) : undefined,
      models: rule.models.length ? new Set(rule.models) : null,
    });
  }
  return compiled;
}
