import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { createLogger } from '../../../src/lib/logger';
import { client, createChannel, createToken, createUser, disableAllChannels, eventually } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// METRICS_ENABLED=false, the bench's baseline for what counting costs: no registry at all, yet
// requests, billing and the access line work exactly as with metrics on.

const lines: string[] = [];
let app: TestApp;
let upstream: FakeUpstream;
let key: string;

beforeAll(async () => {
  const logger = createLogger({ level: 'info', destination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) } });
  app = await startTestApp({ METRICS_ENABLED: 'false' }, { logger });
  upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
  ({ key } = await createToken(app, await createUser(app, { freeQuota: 10_000_000n })));
});
afterAll(async () => {
  await app?.close();
  await upstream?.close();
});

it('answers requests and writes their access lines; /metrics is a 404 that says why', async () => {
  const answer = await client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }).withResponse();
  expect(answer.data.choices[0]?.message.content).toBeTruthy();
  const requestId = answer.response.headers.get('x-request-id');
  const accessLines = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.log === 'access' && l.requestId === requestId);
  // The line is written once the request's usage row is (after the last byte), off the hot path.
  await eventually(async () => accessLines().length > 0, 10_000);
  const access = accessLines();
  expect(access).toHaveLength(1);
  expect(access[0]).toMatchObject({ status: 200, model: 'gpt-4o-mini' });

  const metrics = await fetch(`${app.url}/metrics`);
  expect(metrics.status).toBe(404);
  expect(await metrics.json()).toEqual({ error: 'metrics are switched off (METRICS_ENABLED=false)' });
});
