import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels, rawChat } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// OpenTelemetry as an operator sees it: a real HTTP server stands in for the OTLP collector and
// receives the spans of real requests (OTLP/HTTP JSON), with their names, parents and attributes.

interface OtlpValue { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number }
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: OtlpValue }>;
  status?: { code?: number; message?: string };
}
interface ExportedSpan extends Omit<OtlpSpan, 'attributes'> {
  attributes: Record<string, string | number | boolean | undefined>;
  service: string | undefined;
}

const SPAN_KIND_SERVER = 2;
const STATUS_ERROR = 2;

function valueOf(v: OtlpValue): string | number | boolean | undefined {
  if (v.intValue !== undefined) return Number(v.intValue);
  return v.stringValue ?? v.boolValue ?? v.doubleValue;
}

let collector: Server;
const received: ExportedSpan[] = [];
const bodies: string[] = [];
let contentTypes: string[] = [];
let app: TestApp;
let good: FakeUpstream;
let flaky: FakeUpstream;
let key: string;
let goodChannel: number;
let flakyChannel: number;

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      contentTypes.push(String(req.headers['content-type']));
      bodies.push(body);
      const parsed = JSON.parse(body) as {
        resourceSpans: Array<{ resource: { attributes: OtlpSpan['attributes'] }; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
      };
      for (const rs of parsed.resourceSpans) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
        for (const ss of rs.scopeSpans) {
          for (const span of ss.spans) {
            received.push({ ...span, service, attributes: Object.fromEntries(span.attributes.map((a) => [a.key, valueOf(a.value)])) });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'gateway-under-test',
    BREAKER_FAILURES: '100',
  });
  good = await FakeUpstream.start();
  flaky = await FakeUpstream.start();
  await disableAllChannels(app);
  const userId = await createUser(app, { freeQuota: 100_000_000n });
  ({ key } = await createToken(app, userId));
  flakyChannel = await createChannel(app, { baseUrl: flaky.openAIBaseUrl, models: ['deepseek-chat'], priority: 10 });
  goodChannel = await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['gpt-4o-mini', 'deepseek-chat'], priority: 0 });
});
afterAll(async () => {
  await app?.close();
  await good?.close();
  await flaky?.close();
  collector?.close();
});

async function spansOf(requestId: string): Promise<ExportedSpan[]> {
  await app.server.services.tracing.flush();
  const root = received.find((s) => s.attributes['gateway.request_id'] === requestId);
  if (!root) throw new Error(`no span for request ${requestId}`);
  return received.filter((s) => s.traceId === root.traceId);
}

function childrenOf(spans: ExportedSpan[], parent: ExportedSpan, name: string): ExportedSpan[] {
  return spans.filter((s) => s.parentSpanId === parent.spanId && s.name === name);
}

it('a JSON chat completion: a server span continuing the caller\'s traceparent, with authenticate, reserve, one attempt and settle under it', async () => {
  const incomingTrace = '0af7651916cd43dd8448eb211c80319c';
  const incomingParent = 'b7ad6b7169203331';
  const res = await rawChat(app, key, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }, {
    traceparent: `00-${incomingTrace}-${incomingParent}-01`,
  });
  expect(res.status).toBe(200);
  const requestId = res.headers.get('x-request-id')!;
  const spans = await spansOf(requestId);

  const root = spans.find((s) => s.name === 'POST /v1/chat/completions')!;
  expect(root).toBeDefined();
  expect(root.traceId).toBe(incomingTrace);
  expect(root.parentSpanId).toBe(incomingParent);
  expect(root.kind).toBe(SPAN_KIND_SERVER);
  expect(root.service).toBe('gateway-under-test');
  expect(root.attributes).toMatchObject({
    'http.request.method': 'POST', 'http.route': '/v1/chat/completions', 'http.response.status_code': 200,
    'gateway.surface': 'chat.completions', 'gateway.model': 'gpt-4o-mini', 'gateway.stream': false,
    'gateway.channel.id': goodChannel, 'gateway.attempts': 1, 'gateway.outcome': 'SUCCESS',
  });
  expect(root.attributes['gateway.cost']).toBeGreaterThan(0);

  expect(childrenOf(spans, root, 'gateway.authenticate')).toHaveLength(1);
  const [reserve] = childrenOf(spans, root, 'gateway.reserve');
  expect(reserve!.attributes).toMatchObject({ 'gateway.bucket': 'FREE' });
  const attempts = childrenOf(spans, root, 'gateway.upstream_attempt');
  expect(attempts.map((a) => a.attributes)).toEqual([
    expect.objectContaining({ 'gateway.channel.id': goodChannel, 'gateway.attempt': 1, 'gateway.attempt.outcome': 'success', 'http.response.status_code': 200 }),
  ]);
  const [settle] = childrenOf(spans, root, 'gateway.settle');
  expect(settle!.attributes['gateway.cost']).toBe(root.attributes['gateway.cost']);

  // Our trace context is not sent to vendors.
  const upstreamHeaders = good.requests.at(-1)!.headers;
  expect(upstreamHeaders.traceparent).toBeUndefined();
  expect(upstreamHeaders.tracestate).toBeUndefined();
});

it('a stream with failover: one attempt span per channel, the failed one marked with its outcome', async () => {
  flaky.setDefault({ status: 503 });
  const stream = await client(app, key).chat.completions.create({ model: 'deepseek-chat', messages: [{ role: 'user', content: 'hi' }], stream: true }).withResponse();
  for await (const chunk of stream.data) void chunk;
  const requestId = stream.response.headers.get('x-request-id')!;
  const spans = await spansOf(requestId);

  const root = spans.find((s) => s.name === 'POST /v1/chat/completions')!;
  expect(root.parentSpanId ?? '').toBe('');
  expect(root.attributes).toMatchObject({ 'gateway.stream': true, 'gateway.attempts': 2, 'gateway.channel.id': goodChannel, 'http.response.status_code': 200 });
  const attempts = childrenOf(spans, root, 'gateway.upstream_attempt').sort((a, b) => Number(a.attributes['gateway.attempt']) - Number(b.attributes['gateway.attempt']));
  expect(attempts.map((a) => a.attributes)).toEqual([
    expect.objectContaining({ 'gateway.channel.id': flakyChannel, 'gateway.attempt': 1, 'gateway.attempt.outcome': 'http_5xx', 'http.response.status_code': 503 }),
    expect.objectContaining({ 'gateway.channel.id': goodChannel, 'gateway.attempt': 2, 'gateway.attempt.outcome': 'success' }),
  ]);
  expect(attempts[0]!.status?.code).toBe(STATUS_ERROR);
  expect(childrenOf(spans, root, 'gateway.settle')).toHaveLength(1);
  expect(childrenOf(spans, root, 'gateway.reserve')).toHaveLength(1);
});

it('a refused key: the authenticate span fails with the error code, the request span carries the 401', async () => {
  const res = await rawChat(app, 'sk-not-a-real-key-0123456789', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
  expect(res.status).toBe(401);
  const spans = await spansOf(res.headers.get('x-request-id')!);
  const root = spans.find((s) => s.name === 'POST /v1/chat/completions')!;
  expect(root.attributes['http.response.status_code']).toBe(401);
  const [auth] = childrenOf(spans, root, 'gateway.authenticate');
  expect(auth!.status).toMatchObject({ code: STATUS_ERROR, message: 'invalid_api_key' });
});

it('a GraphQL operation makes a span named by its type and name', async () => {
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query VendorList { vendors { name } }' }),
  });
  expect(res.status).toBe(200);
  await app.server.services.tracing.flush();
  const span = received.find((s) => s.name === 'query VendorList');
  expect(span?.attributes).toMatchObject({ 'graphql.operation.name': 'VendorList', 'graphql.operation.type': 'query' });
  expect(span?.kind).toBe(SPAN_KIND_SERVER);
});

it('no key, secret or prompt in anything exported', async () => {
  await app.server.services.tracing.flush();
  const everything = bodies.join('\n');
  expect(everything).not.toContain(key);
  expect(everything).not.toContain('upstream-secret-key');
  expect(everything).not.toContain('sk-not-a-real-key');
  expect(everything).not.toContain('"hi"');
  expect(contentTypes.every((t) => t.startsWith('application/json'))).toBe(true);
});

it('without OTEL_EXPORTER_OTLP_ENDPOINT: no tracer, no exporter, nothing sent', async () => {
  const plain = await startTestApp({}, { database: app.database });
  try {
    expect(plain.server.services.tracing.tracer).toBeNull();
    expect(plain.server.services.tracing.exportUrl).toBeNull();
    const res = await rawChat(plain, key, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(200);
    await app.server.services.tracing.flush();
    expect(received.some((s) => s.attributes['gateway.request_id'] === res.headers.get('x-request-id'))).toBe(false);
  } finally {
    await plain.close();
  }
});
