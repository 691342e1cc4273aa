import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

interface Held {
  res: ServerResponse;
  stream: boolean;
}

/**
 * An OpenAI-compatible upstream that starts every chat answer and then holds it open until the
 * test lets go (`finishAll`): a stream sends its first chunk at once, a JSON answer nothing. What
 * a slow model under a long generation looks like to the gateway, without a single sleep.
 */
export class HoldingUpstream {
  private readonly held = new Set<Held>();
  private readonly sockets = new Set<Socket>();
  private readonly waiters: Array<{ count: number; resolve: () => void }> = [];
  /** Requests that reached this server, ever. */
  received = 0;
  /** Held requests whose caller (the gateway) went away. */
  aborted = 0;

  private constructor(private readonly server: Server, readonly url: string) {}

  static async start(): Promise<HoldingUpstream> {
    let upstream: HoldingUpstream | undefined;
    const server = createServer((req, res) => void upstream!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstream = new HoldingUpstream(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('connection', (socket) => {
      upstream!.sockets.add(socket);
      socket.on('close', () => upstream!.sockets.delete(socket));
    });
    return upstream;
  }

  get openAIBaseUrl(): string {
    return `${this.url}/v1`;
  }

  /** Requests held open right now. */
  get open(): number {
    return this.held.size;
  }

  /** Resolves once `count` requests are held open at the same time. */
  holding(count: number): Promise<void> {
    if (this.held.size >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  /** Ends every held answer normally (finish reason, usage, `[DONE]`). */
  finishAll(): void {
    for (const h of [...this.held]) {
      this.held.delete(h);
      if (h.stream) {
        h.res.write(`data: ${JSON.stringify(chunk({ delta: {}, finish_reason: 'stop' }))}\n\n`);
        h.res.write(`data: ${JSON.stringify({ ...chunk(null), choices: [], usage: USAGE })}\n\n`);
        h.res.end('data: [DONE]\n\n');
      } else {
        const body = JSON.stringify({
          id: 'chatcmpl-held', object: 'chat.completion', created: 0, model: 'held',
          choices: [{ index: 0, message: { role: 'assistant', content: 'held' }, finish_reason: 'stop' }], usage: USAGE,
        });
        h.res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      }
    }
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    this.received++;
    let stream = false;
    try {
      stream = (JSON.parse(Buffer.concat(parts).toString('utf8')) as { stream?: boolean }).stream === true;
    } catch {
      // Not JSON: answered as a JSON request.
    }
    const held: Held = { res, stream };
    this.held.add(held);
    res.on('close', () => {
      if (this.held.delete(held)) this.aborted++;
    });
    if (stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk({ delta: { role: 'assistant', content: 'held ' }, finish_reason: null }))}\n\n`);
    }
    for (const waiter of [...this.waiters]) {
      if (this.held.size < waiter.count) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}

const USAGE = { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 };

function chunk(choice: { delta: Record<string, string>; finish_reason: string | null } | null): Record<string, unknown> {
  return { id: 'chatcmpl-held', object: 'chat.completion.chunk', created: 0, model: 'held', choices: choice ? [{ index: 0, ...choice }] : [] };
}
