import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { splitWords, type UpstreamBehaviour } from './behaviour';

// OpenAI's Realtime protocol (GA event names) on `GET /v1/realtime?model=...`, enough for the
// demo and the gateway's tests: a session that answers text with text and audio with audio and
// text, every response ending in `response.done` with usage (text and audio tokens in and out).
// Server VAD is on by default as on OpenAI; the fake has no voice detector, so a client's
// `input_audio_buffer.commit` stands for "the caller stopped speaking" and starts a response.

/** 50 ms of a 440 Hz tone, PCM16 mono at 24 kHz: one audio delta (one output audio token at 20 a second). */
const TONE = (() => {
  const samples = 1_200;
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / 24_000) * 8_000), i * 2);
  return pcm.toString('base64');
})();
/** OpenAI bills about 10 input audio tokens a second: 4,800 bytes of PCM16 at 24 kHz. */
const AUDIO_BYTES_PER_INPUT_TOKEN = 4_800;

interface SessionState {
  outputModalities: string[];
  vad: boolean;
  maxOutputTokens: number | 'inf';
  instructions: string;
  userText: string[];
  audioBytes: number;
  responses: number;
  running: Map<string, { cancelled: boolean }>;
}

function sessionView(s: SessionState, model: string) {
  return {
    id: 'sess_fake', object: 'realtime.session', type: 'realtime', model, output_modalities: s.outputModalities, instructions: s.instructions,
    max_output_tokens: s.maxOutputTokens, audio: { input: { turn_detection: s.vad ? { type: 'server_vad', create_response: true } : null } },
  };
}

const send = (ws: WebSocket, event: Record<string, unknown>) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event_id: `event_${Math.random().toString(36).slice(2, 10)}`, ...event }));
};

function applySessionUpdate(s: SessionState, session: Record<string, unknown>): void {
  if (Array.isArray(session.output_modalities)) s.outputModalities = session.output_modalities as string[];
  if (Array.isArray(session.modalities)) s.outputModalities = (session.modalities as string[]).includes('audio') ? ['audio'] : ['text'];
  const cap = session.max_output_tokens ?? session.max_response_output_tokens;
  if (typeof cap === 'number' || cap === 'inf') s.maxOutputTokens = cap;
  if (typeof session.instructions === 'string') s.instructions = session.instructions;
  const audio = session.audio as { input?: { turn_detection?: unknown } } | undefined;
  if (audio?.input && 'turn_detection' in audio.input) s.vad = audio.input.turn_detection !== null;
  if ('turn_detection' in session) s.vad = session.turn_detection !== null;
}

async function respond(ws: WebSocket, s: SessionState, b: UpstreamBehaviour): Promise<void> {
  const id = `resp_${++s.responses}`;
  const state = { cancelled: false };
  s.running.set(id, state);
  send(ws, { type: 'response.created', response: { id, object: 'realtime.response', status: 'in_progress', output: [] } });
  const audio = s.outputModalities.includes('audio');
  const words = splitWords(b.content ?? `echo: ${s.userText.at(-1) ?? (s.audioBytes ? 'I heard you' : 'hello')}`);
  let delivered = 0;
  for (const word of words) {
    if (state.cancelled || ws.readyState !== ws.OPEN) break;
    if (audio) {
      send(ws, { type: 'response.output_audio.delta', response_id: id, item_id: `item_${id}`, output_index: 0, content_index: 0, delta: TONE });
      send(ws, { type: 'response.output_audio_transcript.delta', response_id: id, item_id: `item_${id}`, output_index: 0, content_index: 0, delta: word });
    } else {
      send(ws, { type: 'response.output_text.delta', response_id: id, item_id: `item_${id}`, output_index: 0, content_index: 0, delta: word });
    }
    delivered++;
    if (b.chunkDelayMs) await new Promise((r) => setTimeout(r, b.chunkDelayMs));
  }
  s.running.delete(id);
  const textIn = Math.max(1, Math.ceil((s.instructions.length + s.userText.join('').length) / 4));
  const audioIn = Math.ceil(s.audioBytes / AUDIO_BYTES_PER_INPUT_TOKEN);
  const usage = b.realtimeUsage ?? {
    total_tokens: textIn + audioIn + delivered,
    input_tokens: textIn + audioIn,
    output_tokens: delivered,
    input_token_details: { text_tokens: textIn, audio_tokens: audioIn, cached_tokens: 0, cached_tokens_details: { text_tokens: 0, audio_tokens: 0 } },
    output_token_details: { text_tokens: audio ? 0 : delivered, audio_tokens: audio ? delivered : 0 },
  };
  send(ws, { type: 'response.done', response: { id, object: 'realtime.response', status: state.cancelled ? 'cancelled' : 'completed', usage } });
}

/** One connection; `behaviour` applies to every response of it. */
function serveSession(ws: WebSocket, model: string, b: UpstreamBehaviour): void {
  const s: SessionState = { outputModalities: ['audio'], vad: true, maxOutputTokens: 'inf', instructions: '', userText: [], audioBytes: 0, responses: 0, running: new Map() };
  send(ws, { type: 'session.created', session: sessionView(s, model) });
  ws.on('message', (data) => {
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(data.toString()) as Record<string, unknown>;
    } catch {
      send(ws, { type: 'error', error: { type: 'invalid_request_error', code: 'invalid_json', message: 'Not JSON.' } });
      return;
    }
    switch (event.type) {
      case 'session.update':
        applySessionUpdate(s, (event.session ?? {}) as Record<string, unknown>);
        send(ws, { type: 'session.updated', session: sessionView(s, model) });
        break;
      case 'conversation.item.create': {
        const content = ((event.item as { content?: Array<{ text?: string }> } | undefined)?.content ?? []).map((c) => c.text ?? '').join('');
        s.userText.push(content);
        send(ws, { type: 'conversation.item.created', item: event.item });
        break;
      }
      case 'input_audio_buffer.append':
        s.audioBytes += Math.floor((String(event.audio ?? '').length * 3) / 4);
        break;
      case 'input_audio_buffer.commit':
        send(ws, { type: 'input_audio_buffer.committed', item_id: 'item_audio' });
        if (s.vad) void respond(ws, s, b);
        break;
      case 'response.create':
        void respond(ws, s, b);
        break;
      case 'response.cancel': {
        const running = s.running.get(String(event.response_id ?? ''));
        if (running) running.cancelled = true;
        break;
      }
      default:
        break;
    }
  });
}

/** Serves `/v1/realtime` upgrades on the fake's HTTP server; `next` is the behaviour for this connection. */
export function createRealtimeFake(next: (req: IncomingMessage) => UpstreamBehaviour | 'refused'): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  const wss = new WebSocketServer({ noServer: true });
  return (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const b = url.pathname === '/v1/realtime' ? next(req) : 'refused';
    const status = b === 'refused' ? 401 : b.status !== undefined && b.status >= 300 ? b.status : 0;
    if (status) {
      socket.end(`HTTP/1.1 ${status} Refused\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"error":{"message":"scripted ${status}"}}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveSession(ws, url.searchParams.get('model') ?? 'unknown', b as UpstreamBehaviour));
  };
}
