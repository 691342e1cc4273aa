// A fresh database for load tests: migrated, seeded, one user with practically unlimited free
// quota, one key, and a gpt-4o-mini channel pointing at the given upstream (plus, for the
// per-surface figures, a channel per protocol on the vendor fake).
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { Channel, Group, Token, User } from '../src/db/entities';
import { addSealedKeys } from '../src/domain/channels/channel-keys';
import { ormOptions } from '../src/db/orm-options';
import { seed } from '../src/domain/seed/seed';
import { sha256Hex } from '../src/lib/key-material';
import { SecretBox } from '../src/lib/secret-box';

export const BENCH_SECRET_KEY = 'bench-secret-key-0123456789abcdef0123456789';
export const BENCH_API_KEY = 'sk-bench000000000000000000000000000000000000000000000';

/**
 * The models the per-surface scenarios ask for on the vendor fake, by the channel protocol that
 * serves them: same-protocol pairs for Anthropic and Gemini, and the OpenAI-compatible products
 * the cheap mock does not speak.
 */
export const VENDOR_FAKE_MODELS = {
  ANTHROPIC: ['claude-haiku-4-5'],
  GEMINI: ['gemini-2.5-flash'],
  OPENAI: ['text-embedding-3-small', 'gpt-image-1', 'whisper-1', 'rerank-v3.5', 'gpt-realtime'],
} as const;

/**
 * Drops and recreates the database named in `databaseUrl` (its server must allow it).
 * `vendorFakeUrl`: the vendor fake's root URL, when the per-surface scenarios will run.
 */
export async function prepareBenchDatabase(databaseUrl: string, upstreamBaseUrl: string, vendorFakeUrl?: string): Promise<void> {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const orm = await MikroORM.init(ormOptions({ clientUrl: databaseUrl, poolMax: 2 }));
  try {
    await orm.migrator.up();
    const em = orm.em.fork();
    await seed(em, { adminEmail: 'admin@bench.local', adminPassword: 'bench-password', signupGrant: 0n });
    const user = em.create(User, { email: 'bench@bench.local', passwordHash: 'x', freeQuota: 10n ** 15n });
    const group = await em.findOneOrFail(Group, { name: 'default' });
    em.create(Token, { user, group, name: 'bench', keyHash: sha256Hex(BENCH_API_KEY), displayPrefix: BENCH_API_KEY.slice(0, 11) });
    const channel = em.create(Channel, {
      name: 'bench upstream', protocol: 'OPENAI', baseUrl: upstreamBaseUrl, models: ['gpt-4o-mini', 'dall-e-3', 'tts-1', 'omni-moderation-latest'], groups: ['default', 'auto'],
    });
    await addSealedKeys(em, new SecretBox(BENCH_SECRET_KEY), channel, ['sk-upstream']);
    if (vendorFakeUrl) {
      for (const [protocol, models] of Object.entries(VENDOR_FAKE_MODELS) as Array<[keyof typeof VENDOR_FAKE_MODELS, readonly string[]]>) {
        const fake = em.create(Channel, {
          name: `bench vendor fake (${protocol})`, protocol, baseUrl: protocol === 'OPENAI' ? `${vendorFakeUrl}/v1` : vendorFakeUrl, models: [...models], groups: ['default', 'auto'],
        });
        await addSealedKeys(em, new SecretBox(BENCH_SECRET_KEY), fake, ['sk-upstream']);
      }
    }
    await em.flush();
  } finally {
    await orm.close(true);
  }
}
