import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A fake OpenAI-compatible vendor for the fault suite, on loopback. Unlike the scripted
 * FakeUpstream, each request picks its own fault, so thousands of concurrent requests can each
 * fail their own way: the caller's last message starts with `mode=<mode>;`. Only channels whose
 * base URL goes through `/flaky/` misbehave; `/steady/` always answers well, so the gateway
 * has somewhere to fail over to.
 */
export const UPSTREAM_MODES = [
  'ok', 's429', 's500', 's503', 's400', 'reset-headers', 'reset-body', 'cut2', 'cut0', 'nousage', 'absurd', 'slow', 'abort', 'linger',
] as const;
export type UpstreamMode = (typeof UPSTREAM_MODES)[number];

interface ChatBody {
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages?: Array<{ role?: string; content?: unknown }>;
}

const WORDS = ['alpha ', 'beta ', 'gamma ', 'delta ', 'epsilon ', 'zeta ', 'eta ', 'theta '];

function modeOf(body: ChatBody): UpstreamMode {
  const last = body.messages?.at(-1)?.content;
  const match = typeof last === 'string' ? /^mode=([\w-]+)/.exec(last) : null;
  const mode = match?.[1] as UpstreamMode | undefined;
  return mode && (UPSTREAM_MODES as readonly string[]).includes(mode) ? mode : 'ok';
}

function write(res: ServerResponse, data: string): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    if (res.write(data)) resolve();
    else res.once('drain', resolve).once('close', resolve);
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ChaosUpstream {
  private readonly sockets = new Set<Socket>();
  served = 0;
  /** `linger` streams waiting at the gate now (holdLingering). */
  lingeringHeld = 0;
  private lingerGate: Promise<void> | null = null;

  private constructor(private readonly server: Server, readonly url: string) {}

  static async start(): Promise<ChaosUpstream> {
    let upstream: ChaosUpstream | undefined;
    const server = createServer((req, res) => void upstream!.handle(req, res).catch(() => res.destroy()));
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstream = new ChaosUpstream(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('connection', (socket) => {
      upstream!.sockets.add(socket);
      socket.on('close', () => upstream!.sockets.delete(socket));
    });
    return upstream;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * Until the returned function is called, `linger` streams stop after their first word and keep
   * their connection (and so their caller's concurrency slot) open: a test counting slots decides
   * when they end, instead of racing their 2 s on a machine slow enough to take longer to send them.
   */
  holdLingering(): () => void {
    let release!: () => void;
    this.lingerGate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.lingerGate = null;
      release();
    };
  }

  private async atLingerGate(res: ServerResponse): Promise<void> {
    const gate = this.lingerGate;
    if (!gate || res.destroyed) return;
    this.lingeringHeld++;
    await Promise.race([gate, new Promise<void>((resolve) => res.once('close', resolve))]);
    this.lingeringHeld--;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    this.served++;
    let body: ChatBody = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatBody;
    } catch {
      // not JSON: answered as mode ok
    }
    const mode = req.url?.startsWith('/flaky/') ? modeOf(body) : 'ok';
    const status = { s429: 429, s500: 500, s503: 503, s400: 400 }[mode as 's429'];
    if (status !== undefined) {
      res.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '1' } : {}) });
      res.end(JSON.stringify({ error: { message: `chaos ${status}`, type: status === 400 ? 'invalid_request_error' : 'server_error', code: null } }));
      return;
    }
    if (mode === 'reset-headers') {
      req.socket.destroy();
      return;
    }
    // `linger`: a stream that holds its connection (and its caller's concurrency slot) for about 2 s,
    // or after its first word until the test releases it (holdLingering).
    const slow = mode === 'slow' || mode === 'abort' || mode === 'linger';
    const pause = mode === 'linger' ? 250 : 40;
    const pieces = WORDS.slice(0, slow ? 8 : 3);
    const usage = mode === 'absurd' ? { prompt_tokens: 10, completion_tokens: 100_000 } : { prompt_tokens: 10, completion_tokens: pieces.length };
    const usageBlock = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
    const id = `chatcmpl-chaos${this.served}`;
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      const json = JSON.stringify({
        id, object: 'chat.completion', created, model: 'gpt-4o-mini',
        choices: [{ index: 0, message: { role: 'assistant', content: pieces.join('') }, finish_reason: 'stop' }],
        ...(mode === 'nousage' ? {} : { usage: usageBlock }),
      });
      if (mode === 'reset-body' || mode === 'cut2' || mode === 'cut0') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(json)) });
        res.write(json.slice(0, json.length >> 1));
        await sleep(2);
        res.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(json);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    await write(res, chunk({ role: 'assistant', content: '' }, null));
    const cutAfter = mode === 'cut2' ? 2 : mode === 'cut0' || mode === 'reset-body' ? 0 : Number.POSITIVE_INFINITY;
    for (const [i, piece] of pieces.entries()) {
      if (i >= cutAfter) {
        res.destroy();
        return;
      }
      if (slow) await sleep(pause);
      if (res.destroyed) return;
      await write(res, chunk({ content: piece }, null));
      if (mode === 'linger' && i === 0) await this.atLingerGate(res);
    }
    await write(res, chunk({}, 'stop'));
    if (body.stream_options?.include_usage && mode !== 'nousage') {
      await write(res, `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: 'gpt-4o-mini', choices: [], usage: usageBlock })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  }
}
