import type { ServerResponse } from 'node:http';
import { drained } from '../../lib/drained';
import type { RecordedRequest, UpstreamBehaviour } from './behaviour';

export type RouteHandler = (req: RecordedRequest, res: ServerResponse, behaviour: UpstreamBehaviour) => Promise<void>;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Writes and waits for the socket to drain when its buffer is full, like a well-behaved server. */
export function writeAndDrain(res: ServerResponse, data: string | Buffer): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  if (res.write(data)) return Promise.resolve();
  return drained(res);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Breaks the connection the way a crashing upstream does, but only after what was written is flushed. */
export function cutConnection(res: ServerResponse): void {
  const socket = res.socket;
  if (socket) socket.destroySoon();
  else res.destroy();
}
