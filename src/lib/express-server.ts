import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { answerClientErrors } from './http-client-errors';

/**
 * `http.createServer(app)` - what `app.listen` does - except that Node builds every request and
 * response directly on Express's own prototypes (`app.request`, `app.response`). Express still
 * handles every request exactly as before; its `Object.setPrototypeOf(req, app.request)` in
 * app.handle just finds the prototype already in place and changes nothing.
 *
 * Why: swapping the prototype of each live request object gives it a new hidden class, so every
 * property access on req/res in Node's http code, the router and our handlers sees two shapes and
 * goes megamorphic. Measured on the /v1 JSON path under load (gateway pinned to one core): about
 * 100-150 µs of CPU per request, the bulk of what Express costs over a bare handler.
 */
export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnections: number;
}

export function createExpressServer(app: Express, limits?: ServerLimits): Server {
  // Function constructors, because a class's `prototype` cannot be replaced. Node's own
  // IncomingMessage and ServerResponse are plain functions, so calling them on `this` is what
  // `new` would do (options carries the server's highWaterMark and friends).
  function ExpressRequest(this: IncomingMessage, socket: Socket): void {
    Reflect.apply(IncomingMessage, this, [socket]);
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(this: ServerResponse, req: IncomingMessage, options?: object): void {
    Reflect.apply(ServerResponse, this, [req, options]);
  }
  ExpressResponse.prototype = app.response;
  const server = createServer(
    {
      IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
      ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
      ...(limits && {
        // Slow clients must not hold sockets and parsers: the headers, and then the whole
        // request (body included), must arrive in time. Checked every second or so rather
        // than Node's default 30 s, so a timeout is not overshot by much.
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 2))),
      }),
    },
    app,
  );
  if (limits) server.maxConnections = limits.maxConnections;
  answerClientErrors(server);
  return server;
}
