import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProbeAnswer {
  status: number;
  body: unknown;
}

export interface ProbedRequest {
  path: string;
  body: Record<string, unknown>;
}

/**
 * An upstream on loopback whose answer a test computes while the request is in flight: the
 * gateway's hold is still in place then, so `answer` can read it from the database. Any path,
 * any protocol: the test answers in the shape the gateway expects from that channel.
 */
export class ProbeUpstream {
  readonly requests: ProbedRequest[] = [];

  private constructor(private readonly server: Server, readonly url: string, private answer: (request: ProbedRequest) => Promise<ProbeAnswer>) {}

  static async start(answer: (request: ProbedRequest) => Promise<ProbeAnswer>): Promise<ProbeUpstream> {
    let upstream: ProbeUpstream | undefined;
    const server = createServer((req, res) => void upstream!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstream = new ProbeUpstream(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, answer);
    return upstream;
  }

  get openAIBaseUrl(): string {
    return `${this.url}/v1`;
  }

  answerWith(answer: (request: ProbedRequest) => Promise<ProbeAnswer>): void {
    this.answer = answer;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const request: ProbedRequest = { path: req.url ?? '/', body: jsonOf(Buffer.concat(parts)) };
    this.requests.push(request);
    try {
      const { status, body } = await this.answer(request);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: (err as Error).message } }));
    }
  }
}

/** The request's JSON object; {} for other bodies (a multipart upload). */
function jsonOf(raw: Buffer): Record<string, unknown> {
  try {
    const json: unknown = JSON.parse(raw.toString('utf8'));
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** An OpenAI chat completion reporting this usage. */
export function openAICompletion(promptTokens: number, completionTokens: number): ProbeAnswer {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-probe', object: 'chat.completion', created: 0, model: 'probe',
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    },
  };
}

/** A refusal the gateway hands back to the caller as it is (and releases the hold). */
export const probeRefusal: ProbeAnswer = { status: 400, body: { error: { message: 'probed', type: 'invalid_request_error', code: null }, type: 'error' } };
