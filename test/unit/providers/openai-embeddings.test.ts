import { embeddingsProviderFor } from '../../../src/gateway/providers/registry';
import type { UpstreamTarget } from '../../../src/gateway/providers/types';

const target: UpstreamTarget = { baseUrl: 'https://api.example.com/v1/', apiKey: 'sk-up', upstreamModel: 'text-embedding-3-small-upstream', maxOutputTokens: 0 };

describe('OpenAI embeddings mapper', () => {
  const provider = embeddingsProviderFor('OPENAI')!;

  it('sends the caller\'s body with the channel\'s model name, unknown fields kept', () => {
    const body = { model: 'text-embedding-3-small', input: ['a', 'b'], dimensions: 256, encoding_format: 'base64' };
    const req = provider.buildEmbeddingsRequest(body, target);
    expect(req).toMatchObject({ method: 'POST', url: 'https://api.example.com/v1/embeddings' });
    expect(req.headers).toEqual({ 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer sk-up' });
    expect(JSON.parse(req.body as string)).toEqual({ ...body, model: 'text-embedding-3-small-upstream' });
    expect(body.model).toBe('text-embedding-3-small'); // the caller's body is not mutated
  });

  it('sends no Authorization to a channel without a key', () => {
    expect(provider.buildEmbeddingsRequest({ input: 'a' }, { ...target, apiKey: '' }).headers.authorization).toBeUndefined();
  });

  it('names the answer for the catalogue model and reads the prompt tokens it is billed for', () => {
    const answer = provider.parseEmbeddingsResponse(
      { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.1] }], model: 'upstream-name', usage: { prompt_tokens: 7, total_tokens: 7 } },
      'text-embedding-3-small',
    );
    expect(answer).toEqual({
      payload: { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.1] }], model: 'text-embedding-3-small', usage: { prompt_tokens: 7, total_tokens: 7 } },
      promptTokens: 7,
    });
    expect(provider.parseEmbeddingsResponse({ data: [] }, 'm').promptTokens).toBe(0);
  });

  it('refuses an answer without a data list as malformed', () => {
    expect(() => provider.parseEmbeddingsResponse({ object: 'list' }, 'm')).toThrow(/malformed embeddings list/);
    expect(() => provider.parseEmbeddingsResponse('text', 'm')).toThrow(/malformed/);
  });

  it('exists only where the protocol serves embeddings', () => {
    expect(embeddingsProviderFor('ANTHROPIC')).toBeUndefined();
    expect(embeddingsProviderFor('GEMINI')).toBeUndefined();
  });
});
