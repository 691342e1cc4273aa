import { anthropicErrorBody } from '../../../src/demo/fake-upstream/anthropic-wire';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { geminiErrorBody } from '../../../src/demo/fake-upstream/gemini-wire';
import type { ChannelProtocol } from '../../../src/db/entities';
import { createChannel, createToken, createUser, disableAllChannels, rawChat } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// One caller naming content the vendor does not have (an unknown file, missing cached content,
// an earlier response) gets the vendor's 404 as their answer; the shared channel's breaker
// learns nothing from it, so everybody else is still served. A 404 for the model itself on that
// channel (its mapping is wrong) does count, as before.

const BREAKER_FAILURES = 2;
let app: TestApp;
let upstream: FakeUpstream;
let attacker: string;
let bystander: string;

beforeAll(async () => {
  app = await startTestApp({ BREAKER_FAILURES: String(BREAKER_FAILURES), BREAKER_COOLDOWN_MS: '60000', MAX_ATTEMPTS: '1' });
  upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  ({ key: attacker } = await createToken(app, await createUser(app, { freeQuota: 100_000_000n })));
  ({ key: bystander } = await createToken(app, await createUser(app, { freeQuota: 100_000_000n })));
});
afterAll(async () => {
  await app?.close();
  await upstream?.close();
});
beforeEach(() => upstream.reset());

interface Case {
  protocol: ChannelProtocol;
  model: string;
  contentMissing: object;
  modelMissing: object;
}
const cases: Record<string, Case> = {
  anthropic: {
    protocol: 'ANTHROPIC',
    model: 'claude-3-5-haiku-20241022',
    contentMissing: anthropicErrorBody('not_found_error', 'File not found: file_011CNha8iCJcU1wXNR6q4V8w'),
    modelMissing: anthropicErrorBody('not_found_error', 'model: claude-3-5-haiku-20241022'),
  },
  gemini: {
    protocol: 'GEMINI',
    model: 'gemini-2.5-flash',
    contentMissing: geminiErrorBody(404, 'NOT_FOUND', 'CachedContent not found (or permission denied)'),
    modelMissing: geminiErrorBody(404, 'NOT_FOUND', 'models/gemini-2.5-flash is not found for API version v1beta, or is not supported for generateContent.'),
  },
  openai: {
    protocol: 'OPENAI',
    model: 'gpt-4o-mini',
    contentMissing: { error: { message: "Previous response with id 'resp_abc' not found.", type: 'invalid_request_error', param: 'previous_response_id', code: 'previous_response_not_found' } },
    modelMissing: { error: { message: 'The model `gpt-4o-mini` does not exist or you do not have access to it.', type: 'invalid_request_error', param: null, code: 'model_not_found' } },
  },
};

const ask = (key: string, model: string) => rawChat(app, key, { model, messages: [{ role: 'user', content: 'hi' }] });

describe.each(Object.entries(cases))('%s channel', (_name, c) => {
  let channelId: number;
  beforeAll(async () => {
    channelId = await createChannel(app, { baseUrl: c.protocol === 'OPENAI' ? upstream.openAIBaseUrl : upstream.url, protocol: c.protocol, models: [c.model] });
  });
  afterAll(async () => {
    await app.em().getConnection().execute(`update channels set status = 'DISABLED_MANUAL' where id = ?`, [channelId]);
    await app.server.services.changeBus.publish({ topic: 'channel' });
  });

  it('a 404 for content the request named is the caller\'s answer and never opens the breaker', async () => {
    upstream.setDefault({ status: 404, errorBody: c.contentMissing });
    for (let i = 0; i < BREAKER_FAILURES * 3; i++) expect((await ask(attacker, c.model)).status).toBe(404);
    expect(app.server.services.breakers.health(channelId).state).toBe('CLOSED');
    upstream.setDefault({});
    expect((await ask(bystander, c.model)).status).toBe(200);
  });

  it('a 404 for the model itself on the channel still counts against it', async () => {
    upstream.setDefault({ status: 404, errorBody: c.modelMissing });
    for (let i = 0; i < BREAKER_FAILURES; i++) expect((await ask(attacker, c.model)).status).toBe(502);
    expect(app.server.services.breakers.health(channelId).state).toBe('OPEN');
    upstream.setDefault({});
    expect((await ask(bystander, c.model)).status).toBe(503);
  });
});
