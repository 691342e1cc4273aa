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
