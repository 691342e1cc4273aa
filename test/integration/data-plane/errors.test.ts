import OpenAI, { APIError, AuthenticationError, BadRequestError, InternalServerError, NotFoundError, PermissionDeniedError } from 'openai';
import { Group, GroupMember } from '../../../src/db/entities';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import {
  client, createChannel, createToken, createUser, disableAllChannels, rawChat, usageLogs, type TokenOptions,
} from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let upstream: FakeUpstream;
let richUser: number;

beforeAll(async () => {
  app = await startTestApp({ BODY_LIMIT: '32kb', BREAKER_FAILURES: '1000' });
  upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini', 'gpt-4o'], groups: ['default', 'closed', 'anthropic-only'] });
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['qwen-plus'], firstByteTimeoutMs: 300 });
  const em = app.em();
  // One flush each: MikroORM's multi-row insert mishandles an array column set on one row only.
  em.create(Group, { name: 'closed', open: false });
  await em.flush();
  em.create(Group, { name: 'anthropic-only', open: true, permitsAllModels: false, permittedVendors: ['anthropic'] });
  await em.flush();
  await app.server.services.changeBus.publish({ topic: 'group' });
  richUser = await createUser(app, { freeQuota: 100_000_000n });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});
beforeEach(() => upstream.reset());

const hello = { role: 'user' as const, content: 'hello' };

async function keyFor(options: TokenOptions = {}, userId = richUser): Promise<string> {
  return (await createToken(app, userId, options)).key;
}

/** Runs a call that must fail and returns the SDK's error. */
async function failing(call: Promise<unknown>): Promise<APIError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof APIError) return err;
    throw err;
  }
  throw new Error('the call succeeded');
}

function chat(key: string, body: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {}) {
  return client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages: [hello], ...body } as OpenAI.ChatCompletionCreateParamsNonStreaming);
}

describe('401 invalid_api_key', () => {
  it.each([
    ['no key', undefined, /did not provide an API key/],
    ['a key without the sk- prefix', 'pk-live-1234567890', /start with `sk-`/],
    ['an unknown key', 'sk-unknownunknownunknownunknown', /Incorrect API key/],
  ])('refuses %s', async (_name, key, message) => {
    const res = await rawChat(app, key, { model: 'gpt-4o-mini', messages: [hello] });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { message: string; type: string; param: null; code: string } };
    expect(body.error).toEqual({ message: expect.stringMatching(message), type: 'authentication_error', param: null, code: 'invalid_api_key' });
    if (key) expect(body.error.message).not.toContain(key);
  });

  it.each([
    ['without the sk- prefix', 'pk-live-1234567890', /start with `sk-`/],
    ['unknown', 'sk-unknownunknownunknownunknown', /Incorrect API key/],
  ])('refuses a key %s (SDK)', async (_name, key, message) => {
    const err = await failing(chat(key));
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err.code).toBe('invalid_api_key');
    expect(err.message).toMatch(message);
  });

  it.each([
    ['revoked', { status: 'REVOKED' } as TokenOptions, /revoked/],
    ['disabled', { status: 'DISABLED' } as TokenOptions, /disabled/],
    ['expired', { expiresAt: new Date(Date.now() - 1000) } as TokenOptions, /expired/],
  ])('says the key is %s (SDK)', async (_name, options, message) => {
    const key = await keyFor(options);
    const err = await failing(chat(key));
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err.status).toBe(401);
    expect(err.code).toBe('invalid_api_key');
    expect(err.message).toMatch(message);
    expect(err.message).not.toContain(key);
  });

  it('says the account is disabled', async () => {
    const user = await createUser(app, { freeQuota: 1000n, status: 'DISABLED' });
    const err = await failing(chat(await keyFor({}, user)));
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err.code).toBe('invalid_api_key');
    expect(err.message).toMatch(/account .* disabled/);
  });

  it('checks the key before anything else, even a broken body', async () => {
    const res = await rawChat(app, 'sk-unknownunknown', '{not json');
    expect(res.status).toBe(401);
  });
});

describe('400 invalid request', () => {
  it('refuses a body that is not JSON', async () => {
    const res = await rawChat(app, await keyFor(), '{"model": "gpt-4o-mini",');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_request_error' });
  });

  it.each([
    ['model missing', { messages: [hello] }, 'model'],
    ['model not a string', { model: 42, messages: [hello] }, 'model'],
    ['messages missing', { model: 'gpt-4o-mini' }, 'messages'],
    ['messages not an array', { model: 'gpt-4o-mini', messages: 'hello' }, 'messages'],
    ['a message without a valid role', { model: 'gpt-4o-mini', messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role'],
  ])('names the parameter when %s (SDK)', async (_name, body, param) => {
    const err = await failing(client(app, await keyFor()).chat.completions.create(body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming));
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.code).toBe('invalid_request_error');
    expect(err.param).toBe(param);
  });

  it('validates the body before looking up the model', async () => {
    const err = await failing(client(app, await keyFor()).chat.completions.create({ model: 'no-such-model', messages: 'x' } as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming));
    expect(err.status).toBe(400);
  });
});

describe('404 model_not_found', () => {
  it.each([['an unknown id', 'gpt-5-ultra'], ['a different case', 'GPT-4o-mini']])('for %s', async (_name, model) => {
    const err = await failing(chat(await keyFor(), { model }));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.code).toBe('model_not_found');
    expect(err.param).toBe('model');
  });

  it('for a hidden model', async () => {
    await app.em().getConnection().execute(`update catalogue_models set status = 'HIDDEN' where model_id = 'glm-4-flash'`);
    await app.server.services.changeBus.publish({ topic: 'catalogue' });
    const err = await failing(chat(await keyFor(), { model: 'glm-4-flash' }));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.code).toBe('model_not_found');
  });
});

describe('403 group_forbidden', () => {
  it('when the user is not a member of the closed group of the key', async () => {
    const err = await failing(chat(await keyFor({ group: 'closed' })));
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.code).toBe('group_forbidden');
  });

  it('lets members of the closed group through, and refuses again once removed', async () => {
    const user = await createUser(app, { freeQuota: 10_000_000n });
    const key = await keyFor({ group: 'closed' }, user);
    const em = app.em();
    const group = await em.findOneOrFail(Group, { name: 'closed' });
    const member = em.create(GroupMember, { group, user });
    await em.flush();
    await app.server.services.changeBus.publish({ topic: 'group' });
    expect((await chat(key)).model).toBe('gpt-4o-mini');
    await app.em().nativeDelete(GroupMember, { id: member.id });
    await app.server.services.changeBus.publish({ topic: 'group' });
    expect((await failing(chat(key))).code).toBe('group_forbidden');
  });

  it('when the group does not permit the model (before the subscription check)', async () => {
    const key = await keyFor({ group: 'anthropic-only' });
    expect((await failing(chat(key))).code).toBe('group_forbidden');
    expect((await failing(chat(key, { model: 'gpt-4o' }))).code).toBe('group_forbidden');
  });
});

describe('403 subscription_required', () => {
  it('for an SVIP model without a subscription', async () => {
    const err = await failing(chat(await keyFor(), { model: 'gpt-4o' }));
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.code).toBe('subscription_required');
  });
});

describe("403 from the key's own allow-lists", () => {
  it('model_not_allowed', async () => {
    const key = await keyFor({ allowedModels: ['qwen-plus'] });
    const err = await failing(chat(key));
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.code).toBe('model_not_allowed');
  });

  it('ip_not_allowed, with CIDRs of both families', async () => {
    const err = await failing(chat(await keyFor({ allowedIps: ['10.0.0.0/8', '2001:db8::/32'] })));
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.code).toBe('ip_not_allowed');
    expect((await chat(await keyFor({ allowedIps: ['10.0.0.0/8', '127.0.0.0/8'] }))).model).toBe('gpt-4o-mini');
    expect((await chat(await keyFor({ allowedIps: ['127.0.0.1'] }))).model).toBe('gpt-4o-mini');
  });
});

describe('402 insufficient_quota', () => {
  it('when the free quota cannot cover the reservation', async () => {
    const poor = await createUser(app, { freeQuota: 10n });
    const err = await failing(chat(await keyFor({}, poor)));
    expect(err.status).toBe(402);
    expect(err.code).toBe('insufficient_quota');
    expect(upstream.requests).toHaveLength(0);
  });

  it("when the key's own quota cap cannot cover it", async () => {
    const err = await failing(chat(await keyFor({ quotaCap: 5n })));
    expect(err.status).toBe(402);
    expect(err.code).toBe('insufficient_quota');
  });
});

describe('413 request_too_large', () => {
  it('refuses a body over the configured limit', async () => {
    const err = await failing(chat(await keyFor(), { messages: [{ role: 'user', content: 'x'.repeat(40 * 1024) }] }));
    expect(err.status).toBe(413);
    expect(err.code).toBe('request_too_large');
  });
});

describe('503 no_available_channel', () => {
  it('when no channel serves the model for the group', async () => {
    const err = await failing(chat(await keyFor(), { model: 'deepseek-chat' }));
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.status).toBe(503);
    expect(err.code).toBe('no_available_channel');
  });
});

describe('502 / 504 from the upstream', () => {
  it('upstream_error when every channel failed', async () => {
    upstream.setDefault({ status: 500 });
    const err = await failing(chat(await keyFor()));
    expect(err.status).toBe(502);
    expect(err.code).toBe('upstream_error');
  });

  it('upstream_timeout when every channel timed out', async () => {
    upstream.setDefault({ delayMs: 1_000 });
    const err = await failing(chat(await keyFor(), { model: 'qwen-plus' }));
    expect(err.status).toBe(504);
    expect(err.code).toBe('upstream_timeout');
  });

  it("returns the upstream's caller-fault 4xx as it is, without failing over", async () => {
    upstream.next({ status: 400, errorBody: { error: { message: 'This model maximum context length is 128000 tokens.', type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' } } });
    const err = await failing(chat(await keyFor()));
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.code).toBe('context_length_exceeded');
    expect(err.param).toBe('messages');
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('usage log for rejections', () => {
  it('writes a row for a request refused after authentication', async () => {
    const user = await createUser(app, { freeQuota: 1_000_000n });
    const err = await failing(chat(await keyFor({}, user), { model: 'gpt-5-ultra' }));
    const rows = await usageLogs(app, { requestId: err.requestID! });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user, outcome: 'REJECTED', httpStatus: 404, errorCode: 'model_not_found', cost: 0n });
  });
});
