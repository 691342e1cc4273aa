import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// Every /v1 request verifies its key once: counted at the app's own key verifier (the instance
// the composition root built), for a JSON and a streamed completion and a model listing.

let app: TestApp;
let upstream: FakeUpstream;
let verifications = 0;

beforeAll(async () => {
  app = await startTestApp();
  upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl });
  const keys = app.server.services.keys;
  const verify = keys.verify.bind(keys);
  keys.verify = (key: string) => {
    verifications++;
    return verify(key);
  };
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

it('one key verification per request, streamed or not', async () => {
  const { key } = await createToken(app, await createUser(app, { freeQuota: 10_000_000n }));
  const openai = client(app, key);
  verifications = 0;
  await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
  expect(verifications).toBe(1);
  const stream = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
  expect(text.length).toBeGreaterThan(0);
  expect(verifications).toBe(2);
  const models = [];
  for await (const model of openai.models.list()) models.push(model.id);
  expect(models).toContain('gpt-4o-mini');
  expect(verifications).toBe(3);
});
