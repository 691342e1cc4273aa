import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { createChannel, createToken, createUser, disableAllChannels, rawChat } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// Issue 12.6: malformed fields that the Anthropic and Gemini translators read must be a 400
// naming the field, never a TypeError turned 500, and must cost nothing.
let app: TestApp;
let upstream: FakeUpstream;
let key: string;
let userId: number;

const HAIKU = 'claude-3-5-haiku-20241022';
const FLASH = 'gemini-2.5-flash';

beforeAll(async () => {
  app = await startTestApp();
  upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.url, protocol: 'ANTHROPIC', models: [HAIKU] });
  await createChannel(app, { baseUrl: upstream.url, protocol: 'GEMINI', models: [FLASH] });
  userId = await createUser(app, { freeQuota: 10_000_000n });
  key = (await createToken(app, userId)).key;
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

const hi = [{ role: 'user', content: 'hi' }];
const cases: Array<[string, Record<string, unknown>]> = [
  ['tools "x"', { tools: 'x' }],
  ['tools [{}]', { tools: [{}] }],
  ['tools [1]', { tools: [1] }],
  ['tool_choice {}', { tool_choice: {} }],
  ['tool_calls malformed', { messages: [{ role: 'assistant', content: null, tool_calls: [{}] }, { role: 'user', content: 'hi' }] }],
  ['tool_calls not a list', { messages: [{ role: 'assistant', content: null, tool_calls: 'x' }, { role: 'user', content: 'hi' }] }],
  ['image_url missing', { messages: [{ role: 'user', content: [{ type: 'image_url' }] }] }],
  ['image_url not a string', { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 5 } }] }] }],
  ['content part without type', { messages: [{ role: 'user', content: [{}] }] }],
];

describe.each([HAIKU, FLASH])('%s', (model) => {
  it.each(cases)('%s is a 400 with a param, not a 5xx', async (_name, patch) => {
    const res = await rawChat(app, key, { model, messages: hi, ...patch });
    const body = (await res.json()) as { error: { param: string | null } };
    expect(res.status).toBe(400);
    expect(body.error.param).toEqual(expect.any(String));
  });
});
