import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** The OpenAI error shape every plane answers with, for requests Node refuses before any route sees them. */
function answer(socket: Duplex, status: number, reason: string, code: string, message: string): void {
  const body = JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`
      + `connection: close\r\n\r\n${body}`,
  );
}

/**
 * Malformed HTTP (a bad or doubled Content-Length, Content-Length with Transfer-Encoding,
 * oversized headers) and clients too slow to send their request get a JSON error instead of
 * Node's bare status line, then the connection is closed. A socket whose response has already
 * started (or that is gone) is only destroyed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (socket.destroyed || !socket.writable || started || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      answer(socket, 408, 'Request Timeout', 'request_timeout', 'The request was not received in time.');
    } else if (err.code === 'HPE_HEADER_OVERFLOW') {
      answer(socket, 431, 'Request Header Fields Too Large', 'request_headers_too_large', 'The request headers are too large.');
    } else {
      answer(socket, 400, 'Bad Request', 'malformed_request', 'The request is not valid HTTP/1.1.');
    }
  });
}
