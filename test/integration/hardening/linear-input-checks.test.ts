import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { createChannel, disableAllChannels, rawChat } from '../../support/data-plane-fixtures';
import { stallDuring } from '../../support/event-loop-stall';
import { startTestApp, type TestApp } from '../../support/test-app';
import { newCaller } from '../../support/vendor-fixtures';

// One request used to hold the whole process: the base64 check of input_audio backtracked
// quadratically on a run of newlines followed by one bad character (40,000 characters took
// seconds), before any hold, so a key with no balance could do it; the demo upstream, which runs
// inside the gateway under `npm start`, rescanned the prompt for every unclosed `<tag>`. Each
// answer must come back without stalling the event loop (the app runs in this process; the
// stall is counted in CPU time, so a loaded machine that deschedules the process does not fail it).
//
// The bound is far above what a linear scan costs and far below what the quadratic one did: the
// bad inputs below took several seconds of CPU each. A tighter bound measured wall-clock noise
// instead (a garbage collection or a JIT compile of the 200 kB body inside one 1 ms sample on a
// machine running two test workers came to 250 ms), not the scan.
const STALL_LIMIT_MS = 1_000;
let app: TestApp;
let upstream: FakeUpstream;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['whisper-1', 'gpt-4o-mini'] });
  // No balance at all: the refusal must come before anything is held, and still be cheap.
  ({ key } = await newCaller(app, 0n));
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

function speech(data: string) {
  return { model: 'whisper-1', messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data, format: 'wav' } }] }] };
}

it.each([
  ['a run of newlines and one bad character', '\n'.repeat(40_000) + '!'],
  ['a run of CRLFs after the padding and one bad character', 'QUJD' + '='.repeat(2) + '\r\n'.repeat(40_000) + '*'],
  ['200 kB of base64 with one bad character at the end', 'QUJD'.repeat(50_000) + '\n'.repeat(10_000) + '%'],
])('refuses input_audio data that is %s with a 400, without stalling the event loop', async (_label, data) => {
  const { result: res, busyMs } = await stallDuring(() => rawChat(app, key, speech(data)));
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error: { param: 'messages[0].content[0].input_audio.data' } });
  expect(busyMs).toBeLessThan(STALL_LIMIT_MS);
});

it('still accepts base64 with line breaks and padding', async () => {
  const { key: funded } = await newCaller(app, 1_000_000_000n);
  const wavHeaderless = Buffer.alloc(3000, 1).toString('base64').replace(/(.{76})/g, '$1\r\n');
  const res = await rawChat(app, funded, speech(wavHeaderless));
  expect(res.status).toBe(200);
});

it('answers a demo tool turn whose prompt holds thousands of unclosed tags without stalling the event loop', async () => {
  const { key: funded } = await newCaller(app, 1_000_000_000n);
  const prompt = '<a>'.repeat(20_000) + '</b> please use the Bash tool';
  const body = {
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: prompt }],
    tools: [{ type: 'function', function: { name: 'Bash', parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } } }],
  };
  const { result: res, busyMs } = await stallDuring(() => rawChat(app, funded, body));
  expect(res.status).toBe(200);
  const answer = (await res.json()) as { choices: Array<{ message: { tool_calls?: Array<{ function: { name: string } }> } }> };
  expect(answer.choices[0]!.message.tool_calls?.[0]?.function.name).toBe('Bash');
  expect(busyMs).toBeLessThan(STALL_LIMIT_MS);
});
