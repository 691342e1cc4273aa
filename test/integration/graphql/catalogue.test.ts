import type { ChangeEvent } from '../../../src/lib/change-bus';
import {
  CatalogueDocument, CreateModelDocument, CreateVendorDocument, DeprecateModelDocument, ModelDocument, ModelsDocument,
  UpdateModelDocument, UpdateVendorDocument, VendorsDocument,
} from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: string;
let user: string;
const events: ChangeEvent[] = [];

beforeAll(async () => {
  app = await startTestApp();
  admin = await adminSession(app);
  user = (await signUp(app, 'reader@catalogue.test')).session;
  app.server.services.changeBus.subscribe((e) => events.push(e));
});
afterAll(() => app.close());

describe('public catalogue', () => {
  it('lists models with exact bigint prices, filtered by vendor, series, type and tier', async () => {
    const { models } = await gqlData(app, ModelsDocument, {});
    expect(models.length).toBeGreaterThanOrEqual(16);
    const mini = models.find((m) => m.modelId === 'gpt-4o-mini');
    expect(mini).toMatchObject({ vendor: { slug: 'openai' }, series: 'gpt-4o', tier: 'FREE', type: 'CHAT', inputPrice: '75000', outputPrice: '300000', cacheReadPrice: '37500', cacheWritePrice: null });

    const openaiSvip = await gqlData(app, ModelsDocument, { filter: { vendor: 'openai', tier: 'SVIP' } });
    expect(openaiSvip.models.map((m) => m.modelId)).toEqual(['gpt-4o', 'gpt-4o-transcribe', 'gpt-5.4', 'gpt-5.5', 'o3-mini']);
    const speech = await gqlData(app, ModelsDocument, { filter: { type: 'SPEECH_TO_TEXT' } });
    expect(speech.models.map((m) => m.modelId).sort()).toEqual(['gpt-4o-transcribe', 'whisper-1']);
    const series = await gqlData(app, ModelsDocument, { filter: { series: 'gemini-2.5' } });
    expect(series.models.every((m) => m.vendor.slug === 'google')).toBe(true);
    expect((await gqlData(app, ModelsDocument, { filter: { vendor: 'nobody' } })).models).toEqual([]);
  });

  it('seeds what every vendor sells now, with context length, modalities and the cache prices vendors publish', async () => {
    const { models } = await gqlData(app, ModelsDocument, {});
    const vendors = new Set(models.map((m) => m.vendor.slug));
    expect([...vendors].sort()).toEqual(['alibaba', 'anthropic', 'deepseek', 'google', 'minimax', 'moonshot', 'openai', 'zhipu']);
    // `<family>-<version>[-<variant>]`, a flash-lite among them.
    expect(models.map((m) => m.modelId)).toEqual(expect.arrayContaining(['gemini-2.5-flash-lite', 'gemini-3.1-flash-lite', 'gpt-5.4-mini', 'claude-haiku-4-5', 'kimi-k2.6', 'MiniMax-M3']));
    for (const m of models) {
      expect(m.inputModalities.length).toBeGreaterThan(0);
      expect(m.outputModalities.length).toBeGreaterThan(0);
      // Every paid token model carries a cache-read price: no paid chat model bills cache reads as ordinary input.
      if ((m.type === 'CHAT' || m.type === 'REASONING') && m.inputPrice !== '0') {
        expect({ modelId: m.modelId, cacheRead: m.cacheReadPrice !== null }).toEqual({ modelId: m.modelId, cacheRead: true });
        expect(m.contextLength).toBeGreaterThan(0);
      }
    }
    const sonnet = models.find((m) => m.modelId === 'claude-sonnet-4-6')!;
    // $3 / $15, 5-minute cache write $3.75, cache hit $0.30 per 1M tokens at 500 000 units per USD.
    expect(sonnet).toMatchObject({ inputPrice: '1500000', outputPrice: '7500000', cacheWritePrice: '1875000', cacheReadPrice: '150000', inputModalities: ['TEXT', 'IMAGE'], outputModalities: ['TEXT'] });
    expect(models.find((m) => m.modelId === 'whisper-1')).toMatchObject({ inputModalities: ['AUDIO'], outputModalities: ['TEXT'], audioMinutePrice: '3000' });
    expect(models.find((m) => m.modelId === 'text-embedding-3-small')!.outputModalities).toEqual(['EMBEDDING']);
  });

  it('groups the catalogue by vendor and series', async () => {
    const { catalogue } = await gqlData(app, CatalogueDocument, { filter: { vendor: 'google' } });
    expect(catalogue).toEqual([
      { name: 'gemini-2.5', vendor: { slug: 'google' }, models: expect.any(Array) },
      { name: 'gemini-3', vendor: { slug: 'google' }, models: expect.any(Array) },
    ]);
    expect(catalogue[0]!.models.map((m) => m.modelId)).toEqual(['gemini-2.5-flash', 'gemini-2.5-flash-image', 'gemini-2.5-flash-lite', 'gemini-2.5-flash-preview-tts', 'gemini-2.5-pro']);
    expect(catalogue[1]!.models.map((m) => m.modelId)).toEqual(['gemini-3-flash', 'gemini-3.1-flash-lite', 'gemini-3.1-pro']);
    const { vendors } = await gqlData(app, VendorsDocument, {});
    expect(vendors.map((v) => v.slug)).toContain('zhipu');
  });
});

describe('catalogue administration', () => {
  it('creates a vendor and a model with a price beyond 2^53, then finds it publicly', async () => {
    const vendor = expectTypename((await gqlData(app, CreateVendorDocument, { input: { name: 'Stepfun', slug: 'stepfun' } }, admin)).createVendor, 'Vendor');
    const dup = await gqlData(app, CreateVendorDocument, { input: { name: 'Stepfun AI', slug: 'stepfun' } }, admin);
    expect(dup.createVendor.__typename).toBe('AlreadyExistsError');
    const renamed = await gqlData(app, UpdateVendorDocument, { id: vendor.id, input: { name: 'Stepfun AI' } }, admin);
    expect(renamed.updateVendor).toMatchObject({ __typename: 'Vendor', name: 'Stepfun AI', slug: 'stepfun' });

    const created = await gqlData(app, CreateModelDocument, {
      input: {
        modelId: 'step-3-0905', vendor: 'stepfun', series: 'step-3', type: 'CHAT', tier: 'SVIP',
        inputPrice: '9007199254740993', outputPrice: '2500000', contextLength: 262144, description: 'Step 3', inputModalities: ['TEXT', 'IMAGE'],
      },
    }, admin);
    expect(expectTypename(created.createModel, 'Model')).toMatchObject({
      modelId: 'step-3-0905', vendor: { slug: 'stepfun', name: 'Stepfun AI' }, inputPrice: '9007199254740993', status: 'ACTIVE',
      requestPrice: '0', cacheReadPrice: null, maxOutputTokens: 4096, inputModalities: ['TEXT', 'IMAGE'], outputModalities: ['TEXT'],
    });
    expect(events).toContainEqual({ topic: 'catalogue', id: 'step-3-0905' });
    const fetched = await gqlData(app, ModelDocument, { modelId: 'step-3-0905' });
    expect(fetched.model?.inputPrice).toBe('9007199254740993');

    const again = await gqlData(app, CreateModelDocument, { input: { modelId: 'step-3-0905', vendor: 'stepfun', series: 'x', type: 'CHAT', tier: 'FREE' } }, admin);
    expect(again.createModel.__typename).toBe('AlreadyExistsError');
    const badVendor = await gqlData(app, CreateModelDocument, { input: { modelId: 'x-1', vendor: 'nobody', series: 'x', type: 'CHAT', tier: 'FREE' } }, admin);
    expect(badVendor.createModel).toMatchObject({ __typename: 'InputValidationError', field: 'vendor' });
    const badPrice = await gqlData(app, CreateModelDocument, { input: { modelId: 'x-1', vendor: 'stepfun', series: 'x', type: 'CHAT', tier: 'FREE', inputPrice: '-5' } }, admin);
    expect(badPrice.createModel).toMatchObject({ __typename: 'InputValidationError', field: 'inputPrice' });
    const badId = await gqlData(app, CreateModelDocument, { input: { modelId: 'has space', vendor: 'stepfun', series: 'x', type: 'CHAT', tier: 'FREE' } }, admin);
    expect(badId.createModel).toMatchObject({ __typename: 'InputValidationError', field: 'modelId' });
    const noModality = await gqlData(app, UpdateModelDocument, { modelId: 'step-3-0905', input: { outputModalities: [] } }, admin);
    expect(noModality.updateModel).toMatchObject({ __typename: 'InputValidationError', field: 'outputModalities' });
    const audio = await gqlData(app, UpdateModelDocument, { modelId: 'step-3-0905', input: { inputModalities: ['TEXT', 'AUDIO'] } }, admin);
    expect(expectTypename(audio.updateModel, 'Model').inputModalities).toEqual(['TEXT', 'AUDIO']);
  });

  it('updates prices, deprecates, and hides models from everyone but admins', async () => {
    const updated = await gqlData(app, UpdateModelDocument, { modelId: 'qwen-plus', input: { inputPrice: '210000', cacheReadPrice: '1000' } }, admin);
    expect(expectTypename(updated.updateModel, 'Model')).toMatchObject({ inputPrice: '210000', cacheReadPrice: '1000', outputPrice: '600000' });
    const cleared = await gqlData(app, UpdateModelDocument, { modelId: 'qwen-plus', input: { cacheReadPrice: null } }, admin);
    expect(expectTypename(cleared.updateModel, 'Model').cacheReadPrice).toBeNull();

    const deprecated = await gqlData(app, DeprecateModelDocument, { modelId: 'qwen-plus' }, admin);
    expect(deprecated.deprecateModel).toEqual({ __typename: 'Model', modelId: 'qwen-plus', status: 'DEPRECATED' });
    expect((await gqlData(app, ModelDocument, { modelId: 'qwen-plus' })).model?.status).toBe('DEPRECATED');

    await gqlData(app, UpdateModelDocument, { modelId: 'qwen-plus', input: { status: 'HIDDEN' } }, admin);
    for (const session of [undefined, user]) {
      expect((await gqlData(app, ModelDocument, { modelId: 'qwen-plus' }, session)).model).toBeNull();
      const all = await gqlData(app, ModelsDocument, { filter: { statuses: ['HIDDEN'] } }, session);
      expect(all.models.map((m) => m.modelId)).not.toContain('qwen-plus');
    }
    const asAdmin = await gqlData(app, ModelsDocument, { filter: { statuses: ['HIDDEN'] } }, admin);
    expect(asAdmin.models.map((m) => m.modelId)).toEqual(['qwen-plus']);
    expect((await gqlData(app, DeprecateModelDocument, { modelId: 'nope' }, admin)).deprecateModel.__typename).toBe('NotFoundError');
  });

  it('is for admins only', async () => {
    for (const session of [undefined, user]) {
      const res = await gql(app, DeprecateModelDocument, { modelId: 'gpt-4o' }, session);
      expect(res.errors?.[0]?.message).toMatch(/Not authorized/);
    }
  });
});
