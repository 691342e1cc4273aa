// One load scenario per client surface of the gateway, each against an upstream of its own
// protocol: the cheap mock for OpenAI chat completions (and every surface translated from it),
// Anthropic, Gemini, images generations, speech and moderation; the vendor fake for embeddings,
// image edits, transcription, rerank and realtime (see bench-database.ts for the channels).
import { demoPng } from '../src/demo/fake-upstream/media-wire';
import { encodeSilentWav } from '../test/support/audio-fixtures';

const PROMPT = 'Say hello to the benchmark.';

export interface HttpScenario {
  kind: 'http';
  /** What `--surfaces` selects it by. */
  name: string;
  /** The table's first column. */
  label: string;
  path: string;
  body: string | Buffer;
  contentType: string;
}

/** One WebSocket session, its responses asked for one after another. */
export interface RealtimeScenario {
  kind: 'realtime';
  name: string;
  label: string;
  model: string;
}

export type SurfaceScenario = HttpScenario | RealtimeScenario;

const json = (name: string, label: string, path: string, body: object): HttpScenario => ({
  kind: 'http', name, label, path, body: JSON.stringify(body), contentType: 'application/json',
});

const BOUNDARY = 'bench-surface-boundary';

/** A multipart/form-data body as the OpenAI SDK sends it: text fields, then files. */
function multipart(fields: Record<string, string>, files: Array<{ name: string; filename: string; type: string; data: Buffer }>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const form = (name: string, label: string, path: string, body: Buffer): HttpScenario => ({
  kind: 'http', name, label, path, body, contentType: `multipart/form-data; boundary=${BOUNDARY}`,
});

const chat = (model: string, stream: boolean) => ({ model, stream, messages: [{ role: 'user', content: PROMPT }], max_tokens: 64 });
const messages = (model: string, stream: boolean) => ({ model, stream, max_tokens: 64, messages: [{ role: 'user', content: PROMPT }] });
const responses = (model: string, stream: boolean) => ({ model, stream, input: PROMPT, max_output_tokens: 64 });
const gemini = { contents: [{ role: 'user', parts: [{ text: PROMPT }] }], generationConfig: { maxOutputTokens: 64 } };
const geminiPath = (model: string, stream: boolean) =>
  stream ? `/v1beta/models/${model}:streamGenerateContent?alt=sse` : `/v1beta/models/${model}:generateContent`;

const OPENAI_MODEL = 'gpt-4o-mini';
const ANTHROPIC_MODEL = 'claude-haiku-4-5';
const GEMINI_MODEL = 'gemini-2.5-flash';

/** The baseline every other row is compared with. */
export const BASELINE = 'chat';

/** Every scenario, in table order. Streams answer 20 content pieces on every protocol. */
export const SURFACE_SCENARIOS: SurfaceScenario[] = [
  json('chat', 'chat completions, JSON', '/v1/chat/completions', chat(OPENAI_MODEL, false)),
  json('chat-stream', 'chat completions, stream', '/v1/chat/completions', chat(OPENAI_MODEL, true)),
  json('messages', '/v1/messages, JSON (Anthropic upstream)', '/v1/messages', messages(ANTHROPIC_MODEL, false)),
  json('messages-stream', '/v1/messages, stream (Anthropic upstream)', '/v1/messages', messages(ANTHROPIC_MODEL, true)),
  json('messages-translated', '/v1/messages, JSON (OpenAI upstream)', '/v1/messages', messages(OPENAI_MODEL, false)),
  json('messages-translated-stream', '/v1/messages, stream (OpenAI upstream)', '/v1/messages', messages(OPENAI_MODEL, true)),
  // Responses has no same-protocol pair: OpenAI channels speak chat completions.
  json('responses-translated', '/v1/responses, JSON (OpenAI upstream)', '/v1/responses', responses(OPENAI_MODEL, false)),
  json('responses-translated-stream', '/v1/responses, stream (OpenAI upstream)', '/v1/responses', responses(OPENAI_MODEL, true)),
  json('gemini', 'Gemini generateContent (Gemini upstream)', geminiPath(GEMINI_MODEL, false), gemini),
  json('gemini-stream', 'Gemini streamGenerateContent SSE (Gemini upstream)', geminiPath(GEMINI_MODEL, true), gemini),
  json('gemini-translated', 'Gemini generateContent (OpenAI upstream)', geminiPath(OPENAI_MODEL, false), gemini),
  json('gemini-translated-stream', 'Gemini streamGenerateContent SSE (OpenAI upstream)', geminiPath(OPENAI_MODEL, true), gemini),
  json('embeddings', '/v1/embeddings', '/v1/embeddings', { model: 'text-embedding-3-small', input: PROMPT }),
  json('images', '/v1/images/generations, b64_json', '/v1/images/generations', { model: 'dall-e-3', prompt: PROMPT, size: '1024x1024', quality: 'standard', response_format: 'b64_json' }),
  form('images-edits', '/v1/images/edits, multipart (32 px PNG)', '/v1/images/edits', multipart(
    { model: 'gpt-image-1', prompt: PROMPT, size: '1024x1024', quality: 'low' },
    [{ name: 'image', filename: 'a.png', type: 'image/png', data: demoPng(32, 1) }],
  )),
  json('speech', '/v1/audio/speech, binary (8 KB)', '/v1/audio/speech', { model: 'tts-1', input: PROMPT, voice: 'alloy' }),
  form('transcription', '/v1/audio/transcriptions (1 s WAV)', '/v1/audio/transcriptions', multipart(
    { model: 'whisper-1' },
    [{ name: 'file', filename: 'a.wav', type: 'audio/wav', data: encodeSilentWav(1) }],
  )),
  json('rerank', '/v1/rerank (3 documents)', '/v1/rerank', { model: 'rerank-v3.5', query: 'hello benchmark', documents: ['Hello there.', 'A benchmark of the gateway.', 'Nothing related.'], top_n: 2 }),
  json('moderation', '/v1/moderations', '/v1/moderations', { model: 'omni-moderation-latest', input: PROMPT }),
  { kind: 'realtime', name: 'realtime', label: '/v1/realtime, per response (one session, audio answers)', model: 'gpt-realtime' },
];

/**
 * `--surfaces a,b`: each name selects its scenario and its variants (`gemini` selects
 * `gemini-stream` and `gemini-translated` too). The chat completions JSON baseline always runs.
 */
export function selectScenarios(names: string[] | undefined): SurfaceScenario[] {
  if (!names?.length) return SURFACE_SCENARIOS;
  const unknown = names.filter((n) => !SURFACE_SCENARIOS.some((s) => s.name === n || s.name.startsWith(`${n}-`)));
  if (unknown.length) {
    throw new Error(`unknown surface(s) ${unknown.join(', ')}; known: ${SURFACE_SCENARIOS.map((s) => s.name).join(', ')}`);
  }
  return SURFACE_SCENARIOS.filter((s) => s.name === BASELINE || names.some((n) => s.name === n || s.name.startsWith(`${n}-`)));
}
