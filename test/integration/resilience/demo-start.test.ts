import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI, { toFile } from 'openai';
import { encodeSilentWav } from '../../../src/lib/silent-wav';
import { startTestApp } from '../../support/test-app';

// Issue 15, items 8 and 9: the demo upstream on PostgreSQL with a DATA_DIR that does not exist
// yet, and every model the demo key lists answering on the demo, speech included (on the chat
// surface and on /v1/audio/transcriptions and /translations).

describe('demo upstream on PostgreSQL', () => {
  const parent = mkdtempSync(join(tmpdir(), 'gw-demo-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('starts with a DATA_DIR that does not exist yet, and every model its key lists answers', async () => {
    const dataDir = join(parent, 'not', 'yet', 'there');
    const app = await startTestApp({ DEMO_UPSTREAM: 'true', DATA_DIR: dataDir });
    try {
      const demoKey = app.server.demoKey;
      expect(demoKey).toMatch(/^sk-/);
      const client = new OpenAI({ baseURL: app.v1Url, apiKey: demoKey!, maxRetries: 0 });
      const models = (await client.models.list()).data as Array<{ id: string; type?: string }>;
      expect(models.some((m) => m.type === 'SPEECH_TO_TEXT')).toBe(true);
      const audio = Buffer.from(encodeSilentWav(1)).toString('base64');
      const failures: string[] = [];
      for (const model of models) {
        // Embedding models answer on their own surface (issue 10); every other type in the chat shape.
        if (model.type === 'EMBEDDING') {
          await client.embeddings.create({ model: model.id, input: 'hello' }).then(
            (answer) => {
              if (!answer.data[0]?.embedding.length) failures.push(`${model.id}: empty embedding`);
            },
            (err: Error) => failures.push(`${model.id}: ${err.message}`),
          );
          continue;
        }
        // Images, speech synthesis, moderation and rerank answer on their own endpoints; realtime
        // models only over the WebSocket (test/integration/surfaces/realtime.test.ts).
        const own = await askOnOwnSurface(client, app.v1Url, demoKey!, model);
        if (own !== null) {
          if (own) failures.push(`${model.id}: ${own}`);
          continue;
        }
        // Speech models answer on the multipart audio surfaces too.
        if (model.type === 'SPEECH_TO_TEXT') {
          const wav = Buffer.from(encodeSilentWav(1));
          for (const surface of [client.audio.transcriptions, client.audio.translations]) {
            await surface.create({ model: model.id, file: await toFile(wav, 'hello.wav') }).then(
              (answer) => {
                if (!answer.text) failures.push(`${model.id}: empty transcript`);
              },
              (err: Error) => failures.push(`${model.id} (audio surface): ${err.message}`),
            );
          }
        }
        const messages: OpenAI.ChatCompletionMessageParam[] =
          model.type === 'SPEECH_TO_TEXT'
            ? [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: audio, format: 'wav' } }] }]
            : [{ role: 'user', content: 'hello' }];
        await client.chat.completions
          .create({ model: model.id, messages, max_tokens: 16 })
          .then(
            (completion) => {
              if (!completion.choices[0]?.message.content) failures.push(`${model.id}: empty answer`);
            },
            (err: Error) => failures.push(`${model.id}: ${err.message}`),
          );
      }
      expect(failures).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

/** Asks a model of a non-chat kind on its own endpoint: '' when it answered, a reason when not, null for chat kinds. */
async function askOnOwnSurface(client: OpenAI, v1Url: string, key: string, model: { id: string; type?: string }): Promise<string | null> {
  const failed = (err: Error) => err.message;
  switch (model.type) {
    case 'IMAGE':
      return client.images.generate({ model: model.id, prompt: 'a red square', size: '1024x1024' })
        .then((answer) => (answer.data?.[0] ? '' : 'no image'), failed);
    case 'TEXT_TO_SPEECH':
      return client.audio.speech.create({ model: model.id, input: 'hello', voice: 'alloy', response_format: 'wav' })
        .then(async (answer) => ((await answer.arrayBuffer()).byteLength > 44 ? '' : 'no audio'), failed);
    case 'MODERATION':
      return client.moderations.create({ model: model.id, input: 'hello' }).then((answer) => (answer.results.length ? '' : 'no result'), failed);
    case 'RERANK': {
      const res = await fetch(`${v1Url}/rerank`, {
        method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: model.id, query: 'capital of France', documents: ['Paris is the capital of France.', 'Berlin'] }),
      });
      const body = (await res.json()) as { results?: unknown[] };
      return res.status === 200 && body.results?.length ? '' : `${res.status} ${JSON.stringify(body).slice(0, 200)}`;
    }
    case 'REALTIME':
      return '';
    default:
      return null;
  }
}
