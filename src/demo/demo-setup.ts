import type { EntityManager } from '@mikro-orm/postgresql';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogueModel, Channel, Group, Token } from '../db/entities';
import { addSealedKeys } from '../domain/channels/channel-keys';
import { generateApiKey, sha256Hex } from '../lib/key-material';
import type { SecretBox } from '../lib/secret-box';

export const DEMO_CHANNEL_NAME = 'demo-echo (local echo server; replace with a real vendor)';
const DEMO_TOKEN_NAME = 'demo key';

/**
 * Points the demo channel at this run's echo server (its port changes every start) and makes
 * sure the demo token exists. The demo key is kept in DATA_DIR so it survives restarts (created
 * here when missing: with DATABASE_URL nothing else may have made it yet).
 *
 * The channel serves every visible catalogue model, speech-to-text included (the echo server
 * speaks OpenAI's transcription endpoint), so whatever the demo key lists answers. Models added
 * to the catalogue later join the channel at the next start; none is taken away.
 */
export async function ensureDemoSetup(
  em: EntityManager,
  options: { baseUrl: string; adminId: number; dataDir: string; secretBox: SecretBox },
): Promise<{ demoKey: string }> {
  const models = await em.find(CatalogueModel, { status: { $ne: 'HIDDEN' } }, { fields: ['modelId'] });
  const modelIds = models.map((m) => m.modelId);
  let channel = await em.findOne(Channel, { name: DEMO_CHANNEL_NAME });
  if (!channel) {
    channel = em.create(Channel, {
      name: DEMO_CHANNEL_NAME,
      protocol: 'OPENAI',
      baseUrl: options.baseUrl,
      models: modelIds,
      groups: ['default', 'auto'],
      priority: -100,
      demo: true,
    });
    await addSealedKeys(em, options.secretBox, channel, ['demo']);
  } else {
    channel.baseUrl = options.baseUrl;
    channel.demo = true;
    const missing = modelIds.filter((id) => !channel!.models.includes(id));
    if (missing.length > 0) channel.models = [...channel.models, ...missing];
  }

  const keyPath = join(options.dataDir, 'demo-key');
  const saved = existsSync(keyPath) ? readFileSync(keyPath, 'utf8').trim() : undefined;
  let token = await em.findOne(Token, { name: DEMO_TOKEN_NAME, user: options.adminId });
  let demoKey = saved;
  if (!token || !saved || token.keyHash !== sha256Hex(saved)) {
    const key = generateApiKey();
    demoKey = key.plaintext;
    if (token) {
      token.keyHash = key.hash;
      token.displayPrefix = key.displayPrefix;
    } else {
      const group = await em.findOneOrFail(Group, { name: 'default' });
      token = em.create(Token, { name: DEMO_TOKEN_NAME, user: options.adminId, group, keyHash: key.hash, displayPrefix: key.displayPrefix });
    }
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(keyPath, demoKey + '\n', { mode: 0o600 });
  }
  await em.flush();
  return { demoKey: demoKey! };
}
