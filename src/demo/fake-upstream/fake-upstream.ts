import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { RecordedRequest, UpstreamBehaviour } from './behaviour';
import { sendJson, sleep } from './http-helpers';
import { FAKE_ROUTES } from './routes';
import { createRealtimeFake } from './realtime-wire';

export type { RecordedRequest, UpstreamBehaviour } from './behaviour';

/**
 * A real HTTP server on loopback that speaks vendors' wire formats. Tests script it one
 * request at a time (`next`) or for every request (`setDefault`); the demo uses the default echo.
 */
export class FakeUpstream {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: UpstreamBehaviour[] = [];
  private defaultBehaviour: UpstreamBehaviour = {};
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server, readonly url: string) {}

  static async start(options: { port?: number; host?: string } = {}): Promise<FakeUpstream> {
    const host = options.host ?? '127.0.0.1';
    let upstream: FakeUpstream | undefined;
    const server = createServer((req, res) => void upstream!.handle(req, res));
    server.on('upgrade', createRealtimeFake((req) => upstream!.realtimeBehaviour(req)));
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    upstream = new FakeUpstream(server, `http://${host}:${port}`);
    server.on('connection', (socket) => {
      upstream!.sockets.add(socket);
      socket.on('close', () => upstream!.sockets.delete(socket));
    });
    return upstream;
  }

  /** Base URL for an OpenAI-compatible channel. */
  get openAIBaseUrl(): string {
    return `${this.url}/v1`;
  }

  /** Queue behaviours for the next requests, in order; afterwards the default applies again. */
  next(...behaviours: UpstreamBehaviour[]): this {
    this.queue.push(...behaviours);
    return this;
  }

  setDefault(behaviour: UpstreamBehaviour): this {
    this.defaultBehaviour = behaviour;
    return this;
  }

  reset(): this {
    this.queue.length = 0;
    this.requests.length = 0;
    this.defaultBehaviour = {};
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Keys this upstream refuses with a 401 in the caller's protocol (a revoked vendor key). */
  readonly refusedKeys = new Set<string>();

  private refusesKey(req: IncomingMessage): boolean {
    if (this.refusedKeys.size === 0) return false;
    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    const key = bearer ?? req.headers['x-api-key'] ?? req.headers['x-goog-api-key'];
    return typeof key === 'string' && this.refusedKeys.has(key);
  }

  /** A realtime upgrade: recorded like a request, refused for a refused key, else the next behaviour. */
  private realtimeBehaviour(req: IncomingMessage): UpstreamBehaviour | 'refused' {
    this.requests.push({ method: 'GET', path: req.url ?? '/', headers: req.headers, rawBody: Buffer.alloc(0), body: undefined, aborted: false });
    if (this.refusesKey(req)) return 'refused';
    return this.queue.shift() ?? this.defaultBehaviour;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks);
    let body: unknown;
    try {
      body = rawBody.length ? JSON.parse(rawBody.toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, rawBody, body, aborted: false };
    this.requests.push(recorded);
    res.on('close', () => {
      if (!res.writableFinished) recorded.aborted = true;
    });

    if (this.refusesKey(req)) {
      const anthropic = req.headers['x-api-key'] !== undefined;
      sendJson(res, 401, anthropic
        ? { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }
        : { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
      return;
    }
    const route = FAKE_ROUTES.find((r) => r.method === req.method && r.path.test(path) && (!r.when || r.when(recorded)));
    const behaviour = this.queue.shift() ?? this.defaultBehaviour;
    if (behaviour.delayMs) await sleep(behaviour.delayMs);
    if (behaviour.dropConnection) {
      req.socket.destroy();
      return;
    }
    if (!route) {
      sendJson(res, 404, { error: { message: `fake upstream has no route for ${req.method} ${path}`, type: 'invalid_request_error' } });
      return;
    }
    if (behaviour.status !== undefined && behaviour.status >= 300) {
      sendJson(res, behaviour.status, behaviour.errorBody ?? { error: { message: `scripted ${behaviour.status}`, type: 'server_error', code: null } }, behaviour.headers);
      return;
    }
    try {
      await route.handle(recorded, res, behaviour);
    } catch (err) {
      if (!res.headersSent) sendJson(res, 500, { error: { message: (err as Error).message, type: 'server_error' } });
      else res.destroy();
    }
  }
}
