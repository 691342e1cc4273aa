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
    expect(openaiSvip.models.map((m) => m.modelId)).toEqual(['gpt-4o', 'gpt-4o-transcribe', 'o3-mini']);
    const speech = await gqlData(app, ModelsDocument, { filter: { type: 'SPEECH_TO_TEXT' } });
    expect(speech.models.map((m) => m.modelId).sort()).toEqual(['gpt-4o-transcribe', 'whisper-1']);
    const series = await gqlData(app, ModelsDocument, { filter: { series: 'gemini-2.5' } });
    expect(series.models.every((m) => m.vendor.slug === 'google')).toBe(true);
    expect((await gqlData(app, ModelsDocument, { filter: { vendor: 'nobody' } })).models).toEqual([]);
  });

  it('groups the catalogue by vendor and series', async () => {
    const { catalogue } = await gqlData(app, CatalogueDocument, { filter: { vendor: 'google' } });
    expect(catalogue).toEqual([
      { name: 'gemini-2.5', vendor: { slug: 'google' }, models: expect.any(Array) },
    ]);
    expect(catalogue[0]!.models.map((m) => m.modelId)).toEqual(['gemini-2.5-flash', 'gemini-2.5-flash-lite', 'gemini-2.5-pro']);
    const { vendors } = await gqlData(app, VendorsDocument, {});
    expect(vendors.map((v) => v.slug)).toContain('zhipu');
  });
});

describe('catalogue administration', () => {
  it('creates a vendor and a model with a price beyond 2^53, then finds it publicly', async () => {
    const vendor = expectTypename((await gqlData(app, CreateVendorDocument, { input: { name: 'Moonshot', slug: 'moonshot' } }, admin)).createVendor, 'Vendor');
    const dup = await gqlData(app, CreateVendorDocument, { input: { name: 'Moonshot AI', slug: 'moonshot' } }, admin);
    expect(dup.createVendor.__typename).toBe('AlreadyExistsError');
    const renamed = await gqlData(app, UpdateVendorDocument, { id: vendor.id, input: { name: 'Moonshot AI' } }, admin);
    expect(renamed.updateVendor).toMatchObject({ __typename: 'Vendor', name: 'Moonshot AI', slug: 'moonshot' });

    const created = await gqlData(app, CreateModelDocument, {
      input: {
        modelId: 'kimi-k2-0905', vendor: 'moonshot', series: 'kimi-k2', type: 'CHAT', tier: 'SVIP',
        inputPrice: '9007199254740993', outputPrice: '2500000', contextLength: 262144, description: 'Kimi K2',
      },
    }, admin);
    expect(expectTypename(created.createModel, 'Model')).toMatchObject({
      modelId: 'kimi-k2-0905', vendor: { slug: 'moonshot', name: 'Moonshot AI' }, inputPrice: '9007199254740993', status: 'ACTIVE',
      requestPrice: '0', cacheReadPrice: null, maxOutputTokens: 4096,
    });
    expect(events).toContainEqual({ topic: 'catalogue', id: 'kimi-k2-0905' });
    const fetched = await gqlData(app, ModelDocument, { modelId: 'kimi-k2-0905' });
    expect(fetched.model?.inputPrice).toBe('9007199254740993');

    const again = await gqlData(app, CreateModelDocument, { input: { modelId: 'kimi-k2-0905', vendor: 'moonshot', series: 'x', type: 'CHAT', tier: 'FREE' } }, admin);
    expect(again.createModel.__typename).toBe('AlreadyExistsError');
    const badVendor = await gqlData(app, CreateModelDocument, { input: { modelId: 'x-1', vendor: 'nobody', series: 'x', type: 'CHAT', tier: 'FREE' } }, admin);
    expect(badVendor.createModel).toMatchObject({ __typename: 'InputValidationError', field: 'vendor' });
    const badPrice = await gqlData(app, CreateModelDocument, { input: { modelId: 'x-1', vendor: 'moonshot', series: 'x', type: 'CHAT', tier: 'FREE', inputPrice: '-5' } }, admin);
    expect(badPrice.createModel).toMatchObject({ __typename: 'InputValidationError', field: 'inputPrice' });
    const badId = await gqlData(app, CreateModelDocument, { input: { modelId: 'has space', vendor: 'moonshot', series: 'x', type: 'CHAT', tier: 'FREE' } }, admin);
    expect(badId.createModel).toMatchObject({ __typename: 'InputValidationError', field: 'modelId' });
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
