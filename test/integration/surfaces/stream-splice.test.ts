import { AnthropicStreamMapper } from '../../../src/gateway/providers/anthropic/stream';
import { GeminiStreamMapper } from '../../../src/gateway/providers/gemini/stream';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import type { StreamMapper } from '../../../src/gateway/providers/types';
import { createChannel } from '../../support/data-plane-fixtures';
import { runMapper, seeded } from '../../support/splice-harness';
import { expectChargedOnce, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';
import { ANTHROPIC_TOOL_STREAM } from '../../unit/providers/fixtures/anthropic-streams';
import { GEMINI_TOOL_STREAM } from '../../unit/providers/fixtures/gemini-streams';

// Same-protocol streams through the real app: the caller receives exactly the upstream's bytes
// except the model name, whatever boundaries the upstream writes at (random cuts, fixed seed),
// and is charged what the upstream reported, once, as when every event was decoded.

const HAIKU = 'claude-3-5-haiku-20241022';
const FLASH = 'gemini-2.5-flash';
const START = 1_000_000n;

const bed = vendorTestbed();

/** `text` as writes cut at random byte offsets (several cuts land inside UTF-8 characters). */
function randomWrites(text: string, seed: number): Buffer[] {
  const whole = Buffer.from(text);
  const random = seeded(seed);
  const writes: Buffer[] = [];
  for (let at = 0; at < whole.length; ) {
    const size = 1 + Math.floor(random() * 60);
    writes.push(whole.subarray(at, at + size));
    at += size;
  }
  return writes;
}

async function expectedCost(model: string, mapper: StreamMapper, upstream: string): Promise<bigint> {
  const { usage } = await runMapper(mapper, upstream);
  return costOf(seedPrices(model), { ...usage!, audioMs: 0 }, UNIT_MULTIPLIER);
}

// Written as some vendors' servers do (spaces after colons, an escaped character): a gateway that
// parsed and re-serialised these events would change their bytes.
const ANTHROPIC_UPSTREAM = ANTHROPIC_TOOL_STREAM.replace('"role":"assistant"', '"role": "assistant", "note": "\\u00e9"');
const GEMINI_UPSTREAM = GEMINI_TOOL_STREAM.replaceAll('"role":"model"', '"role": "model"');

const CASES = [
  {
    protocol: 'ANTHROPIC' as const,
    model: HAIKU,
    upstream: ANTHROPIC_UPSTREAM,
    expected: ANTHROPIC_UPSTREAM.replace('"model":"claude-sonnet-4-5-20250929"', `"model":"${HAIKU}"`),
    mapper: () => new AnthropicStreamMapper({ model: HAIKU, requestId: 'r', created: 1 }),
    call: (key: string) =>
      fetch(`${bed.app.v1Url}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' },
        body: JSON.stringify({ model: HAIKU, max_tokens: 1024, stream: true, messages: [{ role: 'user', content: 'Weather?' }] }),
      }),
  },
  {
    protocol: 'GEMINI' as const,
    model: FLASH,
    upstream: GEMINI_UPSTREAM,
    expected: GEMINI_UPSTREAM.replaceAll('"modelVersion":"gemini-2.5-flash"', `"modelVersion":"${FLASH}"`),
    mapper: () => new GeminiStreamMapper({ model: FLASH, requestId: 'r', created: 1 }),
    call: (key: string) =>
      fetch(`${bed.app.url}/v1beta/models/${FLASH}:streamGenerateContent?alt=sse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': key },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Weather?' }] }], generationConfig: { maxOutputTokens: 1024 } }),
      }),
  },
];

describe.each(CASES)('$protocol caller on a $protocol channel', ({ protocol, model, upstream, expected, mapper, call }) => {
  it.each([1, 2, 3])('passes the upstream bytes through, model aside, cut at random (seed %i), and charges the reported usage once', async (seed) => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.url, protocol, models: [model] });
    bed.main.next({ rawEvents: randomWrites(upstream, seed) });

    const res = await call(key);
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(body).toBe(expected);

    const requestId = res.headers.get('x-request-id')!;
    await expectChargedOnce(bed.app, userId, { before: START, cost: await expectedCost(model, mapper(), upstream), requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ outcome: 'SUCCESS' });
  });
});
