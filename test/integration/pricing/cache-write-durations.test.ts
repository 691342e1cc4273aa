import type { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { createChannel, rawChat, type ChannelOptions } from '../../support/data-plane-fixtures';
import { expectChargedOnce, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// An Anthropic channel reporting 5-minute and 1-hour cache writes, called through /v1/messages
// (passed through) and /v1/chat/completions (translated), JSON and streamed: every caller is
// charged the 1-hour writes at their own price, exactly once, and the usage row says the same.

const HAIKU = 'claude-3-5-haiku-20241022';
const START = 1_000_000n;
const bed = vendorTestbed();

function anthropicChannel(upstream: FakeUpstream): ChannelOptions {
  return { baseUrl: upstream.url, protocol: 'ANTHROPIC', models: [HAIKU] };
}

type Surface = 'messages' | 'chat.completions' | 'responses' | 'gemini';

function post(path: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  return fetch(`${bed.app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function call(surface: Surface, key: string, stream: boolean): Promise<{ status: number; requestId: string; text: string }> {
  const prompt = 'Summarise the cached document.';
  const messages = [{ role: 'user', content: prompt }];
  const bearer = { authorization: `Bearer ${key}` };
  const res = surface === 'messages'
    ? await post('/v1/messages', { 'x-api-key': key, 'anthropic-version': '2023-06-01' }, { model: HAIKU, max_tokens: 4_000, messages, stream })
    : surface === 'chat.completions'
      ? await rawChat(bed.app, key, { model: HAIKU, max_tokens: 4_000, messages, stream, ...(stream ? { stream_options: { include_usage: true } } : {}) })
      : surface === 'responses'
        ? await post('/v1/responses', bearer, { model: HAIKU, max_output_tokens: 4_000, input: prompt, stream })
        : await post(`/v1beta/models/${HAIKU}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`, { 'x-goog-api-key': key }, {
          contents: [{ role: 'user', parts: [{ text: prompt }] }], generationConfig: { maxOutputTokens: 4_000 },
        });
  return { status: res.status, requestId: res.headers.get('x-request-id')!, text: await res.text() };
}

describe('cache writes priced by duration on an Anthropic channel', () => {
  // 1,000 uncached + 1,000 read + 1,000 5-minute writes + 3,000 1-hour writes, 500 output.
  const reported = { promptTokens: 6_000, completionTokens: 500, cacheReadTokens: 1_000, cacheWriteTokens: 4_000, cacheWrite1hTokens: 3_000, audioMs: 0 };
  const prices = seedPrices(HAIKU);
  // $0.80 input, $0.08 read, $1 5-minute write, $1.60 1-hour write, $4 output per 1M (x 500,000 units).
  const expected = (1_000n * 400_000n + 1_000n * 40_000n + 1_000n * 500_000n + 3_000n * 800_000n + 500n * 2_000_000n) / 1_000_000n;

  it('prices the seed the way Anthropic lists it', () => {
    expect(prices).toMatchObject({ inputPrice: 400_000n, cacheReadPrice: 40_000n, cacheWritePrice: 500_000n, cacheWrite1hPrice: 800_000n, outputPrice: 2_000_000n });
    expect(costOf(prices, reported, UNIT_MULTIPLIER)).toBe(expected);
    expect(expected).toBe(4_340n);
    // Every write at the 5-minute price would have been 900 units short.
    expect(costOf(prices, { ...reported, cacheWrite1hTokens: 0 }, UNIT_MULTIPLIER)).toBe(3_440n);
  });

  it.each<[Surface, boolean]>([
    ['messages', false],
    ['messages', true],
    ['chat.completions', false],
    ['chat.completions', true],
    ['responses', false],
    ['responses', true],
    ['gemini', false],
    ['gemini', true],
  ])('through %s (stream: %s) charges exactly the priced usage, once', async (surface, stream) => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, anthropicChannel(bed.main));
    bed.main.next({
      ...(stream ? { chunks: ['The ', 'summary.'] } : { content: 'The summary.' }),
      usage: { prompt_tokens: 6_000, completion_tokens: 500 },
      cacheTokens: { read: 1_000, write: 4_000, write1h: 3_000 },
    });

    const answer = await call(surface, key, stream);
    expect(answer.status).toBe(200);
    if (surface === 'messages') {
      // What the caller is told matches what it is charged for: the writes by duration.
      expect(answer.text).toContain('"cache_creation":{"ephemeral_5m_input_tokens":1000,"ephemeral_1h_input_tokens":3000}');
    } else if (surface === 'chat.completions') {
      expect(answer.text).toContain('"prompt_tokens":6000');
    }

    await expectChargedOnce(bed.app, userId, { before: START, cost: expected, requestId: answer.requestId });
    expect(await waitForUsageLog(bed.app, answer.requestId)).toMatchObject({
      surface, stream, outcome: 'SUCCESS', promptTokens: 6_000, completionTokens: 500, cachedTokens: 1_000, cost: expected,
    });
  });
});
