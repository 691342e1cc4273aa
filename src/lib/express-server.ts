import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Socket } from 'node:net';

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
export function createExpressServer(app: Express): Server {
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
  return createServer(
    {
      IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
      ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
    },
    app,
  );
}
