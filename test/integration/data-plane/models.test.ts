import { APIError } from 'openai';
import { Group } from '../../../src/db/entities';
import { client, createSubscription, createToken, createUser } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  const em = app.em();
  em.create(Group, { name: 'anthropic-only', open: true, permitsAllModels: false, permittedVendors: ['anthropic'] });
  await em.flush();
  await app.server.services.changeBus.publish({ topic: 'group' });
});
afterAll(() => app.close());

async function listIds(key: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const model of client(app, key).models.list()) ids.push(model.id);
  return ids;
}

describe('GET /v1/models', () => {
  it('lists only free-tier models without a subscription, in OpenAI shape with our extra fields', async () => {
    const { key } = await createToken(app, await createUser(app));
    const res = await fetch(`${app.v1Url}/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { object: string; data: Array<Record<string, unknown>> };
    expect(body.object).toBe('list');
    const mini = body.data.find((m) => m.id === 'gpt-4o-mini');
    expect(mini).toMatchObject({
      object: 'model', owned_by: 'openai', vendor: 'OpenAI', type: 'CHAT', tier: 'FREE',
      prices: { input_per_million: '75000', output_per_million: '300000', cache_read_per_million: '37500', per_request: '0' },
    });
    expect(typeof mini!.created).toBe('number');
    expect(body.data.every((m) => m.tier === 'FREE')).toBe(true);
    expect(body.data.map((m) => m.id)).not.toContain('gpt-4o');
  });

  it('adds the SVIP models once a subscription unlocks them', async () => {
    const userId = await createUser(app);
    await createSubscription(app, userId);
    const ids = await listIds((await createToken(app, userId)).key);
    expect(ids).toEqual(expect.arrayContaining(['gpt-4o', 'gpt-4o-mini', 'claude-sonnet-4-20250514']));
  });

  it('shows the 1-hour cache-write price and the long-context tier where a model has them', async () => {
    const userId = await createUser(app);
    await createSubscription(app, userId);
    const { key } = await createToken(app, userId);
    const body = (await (await fetch(`${app.v1Url}/models`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: Array<Record<string, unknown>> };
    const byId = (id: string) => body.data.find((m) => m.id === id);
    expect(byId('claude-sonnet-4-20250514')).toMatchObject({
      context_length: 1_000_000,
      prices: {
        cache_write_per_million: '1875000', cache_write_1h_per_million: '3000000',
        long_context: { above_prompt_tokens: 200_000, input_per_million: '3000000', output_per_million: '11250000', cache_write_1h_per_million: '6000000' },
      },
    });
    expect(byId('gemini-2.5-pro')).toMatchObject({ prices: { long_context: { above_prompt_tokens: 200_000, input_per_million: '1250000', output_per_million: '7500000' } } });
    expect(byId('gpt-4o-mini')).toMatchObject({ prices: { cache_write_1h_per_million: null, long_context: null } });
  });

  it("follows the group's permissions and the key's allow-list", async () => {
    const userId = await createUser(app);
    const groupIds = await listIds((await createToken(app, userId, { group: 'anthropic-only' })).key);
    // The group allows Anthropic only: the starter catalogue's free-tier Claude models.
    expect([...groupIds].sort()).toEqual(['claude-3-5-haiku-20241022', 'claude-haiku-4-5']);
    const allowIds = await listIds((await createToken(app, userId, { allowedModels: ['gpt-4o-mini', 'gpt-4o'] })).key);
    expect(allowIds).toEqual(['gpt-4o-mini']);
  });

  it('retrieves one model, and 404s for one the key may not call', async () => {
    const { key } = await createToken(app, await createUser(app));
    const sdk = client(app, key);
    expect(await sdk.models.retrieve('gpt-4o-mini')).toMatchObject({ id: 'gpt-4o-mini', object: 'model' });
    const err = await sdk.models.retrieve('gpt-4o').catch((e: APIError) => e);
    expect(err).toMatchObject({ status: 404, code: 'model_not_found' });
  });

  it('needs a key', async () => {
    const res = await fetch(`${app.v1Url}/models`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
  });
});
