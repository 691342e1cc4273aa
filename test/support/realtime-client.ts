import WebSocket from 'ws';

// A realtime WebSocket client as the tests speak it (the `ws` package, OpenAI's Realtime protocol):
// every event it receives kept in order, and a wait for the next one of a type.

export interface Conn {
  ws: WebSocket;
  events: Array<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first event of `type` from now on (or already received, counting from `from`). */
  next(type: string, from?: number): Promise<Record<string, unknown>>;
}

export function connectRealtime(url: string, model: string, options: { key?: string; protocols?: string[] }): Promise<Conn> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/realtime?model=${model}`, options.protocols ?? [], {
    headers: options.key ? { authorization: `Bearer ${options.key}` } : {},
  });
  const events: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    events.push(JSON.parse(data.toString()) as Record<string, unknown>);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const conn: Conn = {
    ws, events, closed,
    async next(type, from = 0) {
      for (;;) {
        const found = events.slice(from).find((e) => e.type === type);
        if (found) return found;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${type} event; got ${JSON.stringify(events.map((e) => (e.type === 'error' ? e : e.type)))}`)), 10_000);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(conn));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode, body })));
    });
    ws.once('error', reject);
  });
}

export const say = (conn: Conn, text: string) => {
  conn.ws.send(JSON.stringify({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } }));
  conn.ws.send(JSON.stringify({ type: 'response.create' }));
};
