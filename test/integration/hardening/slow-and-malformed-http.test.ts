import { connect } from 'node:net';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ HEADERS_TIMEOUT_MS: '400', REQUEST_TIMEOUT_MS: '800', MAX_CONNECTIONS: '40' });
});
afterAll(() => app.close());

/** Writes raw bytes, then collects whatever comes back until the server closes the socket. */
function raw(chunks: string[]): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(app.server.port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('connect', () => chunks.forEach((c) => socket.write(c)));
  });
}

function jsonBody(text: string): { error: { code: string; type: string } } {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { error: { code: string; type: string } };
}

describe('12.8 slow clients are cut off; malformed HTTP gets a JSON error', () => {
  it('closes a connection whose headers never finish, with a JSON 408', async () => {
    const { text, ms } = await raw(['POST /graphql HTTP/1.1\r\nHost: x\r\n']);
    expect(text).toMatch(/^HTTP\/1.1 408/);
    expect(jsonBody(text).error.code).toBe('request_timeout');
    expect(ms).toBeLessThan(3000);
  });

  it('closes a dribbled body on /graphql and /v1 within the request timeout', async () => {
    for (const path of ['/graphql', '/v1/chat/completions']) {
      const { text, ms } = await raw([`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a`]);
      // /v1 refuses a request without a key before reading its body; either way the socket is let go.
      expect(text).toMatch(path === '/graphql' ? /^HTTP\/1.1 408/ : /^HTTP\/1.1 (401|408)/);
      expect(ms).toBeLessThan(4000);
    }
  });

  it.each([
    ['a bad Content-Length', 'POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
    ['Content-Length with Transfer-Encoding', 'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
    ['two different Content-Lengths', 'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!'],
  ])('answers %s with a JSON 400', async (_name, request) => {
    const { text } = await raw([request]);
    expect(text).toMatch(/^HTTP\/1.1 400/);
    expect(jsonBody(text).error).toMatchObject({ code: 'malformed_request', type: 'invalid_request_error' });
  });

  it('answers oversized headers with a JSON 431', async () => {
    const { text } = await raw([`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expect(text).toMatch(/^HTTP\/1.1 431/);
    expect(jsonBody(text).error.code).toBe('request_headers_too_large');
  });

  it('still answers afterwards', async () => {
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});
