import { adminSession } from '../../support/graphql-client';
import { createToken, createUser } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// The media price kinds through GraphQL (an admin sets an image table, anyone reads it) and
// /v1/models (each media model with its type and prices in their own units).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function graphql(query: string, variables: Record<string, unknown>, session?: string): Promise<Record<string, unknown>> {
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (json.errors) throw new Error(JSON.stringify(json.errors));
  return json.data!;
}

const SET_PRICE = `mutation ($modelId: String!, $input: SetModelPriceInput!) {
  setModelPrice(modelId: $modelId, input: $input) {
    __typename
    ... on ModelPrice { imagePrices { size quality price outputTokens } characterPrice }
    ... on InputValidationError { field message }
  }
}`;

it('an admin sets a per-image table as a new price version; the catalogue shows each kind in its unit', async () => {
  const admin = await adminSession(app);
  const rows = [{ size: '1024x1024', quality: 'standard', price: '25000', outputTokens: 0 }, { size: '1024x1024', quality: 'hd', price: '45000', outputTokens: 0 }];
  const set = await graphql(SET_PRICE, { modelId: 'dall-e-3', input: { imagePrices: rows, memo: 'new list' } }, admin);
  expect(set.setModelPrice).toEqual({ __typename: 'ModelPrice', imagePrices: rows, characterPrice: '0' });

  const bad = await graphql(SET_PRICE, { modelId: 'dall-e-3', input: { imagePrices: [{ size: '1024 x 1024', quality: 'hd', price: '1', outputTokens: 0 }] } }, admin);
  expect(bad.setModelPrice).toMatchObject({ __typename: 'InputValidationError', field: 'imagePrices.0.size' });

  const catalogue = await graphql(`{ models { modelId type imagePrices { size quality price } imageInputPrice characterPrice inputPrice outputPrice requestPrice } }`, {});
  const byId = new Map((catalogue.models as Array<Record<string, unknown>>).map((m) => [m.modelId, m]));
  expect(byId.get('dall-e-3')).toMatchObject({ type: 'IMAGE', imagePrices: rows.map(({ outputTokens: _o, ...r }) => r) });
  expect(byId.get('gpt-image-1')).toMatchObject({ type: 'IMAGE', imageInputPrice: '5000000', inputPrice: '2500000', outputPrice: '20000000' });
  expect(byId.get('tts-1')).toMatchObject({ type: 'TEXT_TO_SPEECH', characterPrice: '7500000' });
  expect(byId.get('omni-moderation-latest')).toMatchObject({ type: 'MODERATION', requestPrice: '0' });
});

it('/v1/models lists the media models with their type and media prices', async () => {
  const userId = await createUser(app, { freeQuota: 1_000n });
  const { key } = await createToken(app, userId);
  const res = await fetch(`${app.v1Url}/models`, { headers: { authorization: `Bearer ${key}` } });
  const list = (await res.json()) as { data: Array<{ id: string; type: string; prices: Record<string, unknown> }> };
  const byId = new Map(list.data.map((m) => [m.id, m]));
  expect(byId.get('tts-1')).toMatchObject({ type: 'TEXT_TO_SPEECH', prices: { characters_per_million: '7500000' } });
  expect(byId.get('gpt-image-1')!.prices.per_image).toContainEqual({ size: '1024x1024', quality: 'high', price: '0', max_output_tokens: 4160 });
  expect(byId.get('omni-moderation-latest')).toMatchObject({ type: 'MODERATION' });
  expect(byId.get('gemini-2.5-flash-preview-tts')).toMatchObject({ type: 'TEXT_TO_SPEECH' });
});
