import { Channel } from '../../../src/db/entities';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels, usageLogs } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// The demo echo channel is not a billing trap: a model any real channel serves never lands on it,
// whatever its priority; a model only the demo serves still answers.

let app: TestApp;
let demo: FakeUpstream;
let real: FakeUpstream;
let key: string;
let userId: number;

beforeAll(async () => {
  app = await startTestApp();
  demo = await FakeUpstream.start();
  real = await FakeUpstream.start();
  await disableAllChannels(app);
  const demoId = await createChannel(app, { baseUrl: demo.openAIBaseUrl, models: ['gpt-4o-mini', 'deepseek-chat'], priority: 100, weight: 100 });
  await app.em().nativeUpdate(Channel, { id: demoId }, { demo: true });
  await createChannel(app, { baseUrl: real.openAIBaseUrl, models: ['gpt-4o-mini'], priority: 0 });
  userId = await createUser(app, { freeQuota: 100_000_000n });
  ({ key } = await createToken(app, userId));
});
afterAll(async () => {
  await app?.close();
  await demo?.close();
  await real?.close();
});

it('never routes a model a real channel serves to the demo channel, even at a higher priority', async () => {
  for (let i = 0; i < 5; i++) await client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
  expect(real.requests).toHaveLength(5);
  expect(demo.requests).toHaveLength(0);
});

it('still answers a model only the demo channel serves', async () => {
  const answer = await client(app, key).chat.completions.create({ model: 'deepseek-chat', messages: [{ role: 'user', content: 'hi' }] });
  expect(answer.choices[0]!.message.content).toContain('hi');
  expect(demo.requests).toHaveLength(1);
  expect((await usageLogs(app, { userId })).length).toBe(6);
});
