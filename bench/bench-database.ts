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
 * The per-surface scenarios' channels besides the OpenAI one: Anthropic and Gemini on the cheap
 * mock (same-protocol pairs), and on the vendor fake the OpenAI-compatible products the cheap
 * mock does not speak. Each with the models the scenarios ask for.
 */
const SURFACE_CHANNELS = [
  { name: 'bench upstream (ANTHROPIC)', protocol: 'ANTHROPIC', on: 'mock', models: ['claude-haiku-4-5'] },
  { name: 'bench upstream (GEMINI)', protocol: 'GEMINI', on: 'mock', models: ['gemini-2.5-flash'] },
  { name: 'bench vendor fake', protocol: 'OPENAI', on: 'fake', models: ['text-embedding-3-small', 'gpt-image-1', 'whisper-1', 'rerank-v3.5', 'gpt-realtime'] },
] as const;

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
      const mockRoot = upstreamBaseUrl.replace(/\/v1$/, '');
      for (const c of SURFACE_CHANNELS) {
        const baseUrl = c.on === 'fake' ? `${vendorFakeUrl}/v1` : mockRoot;
        const surfaceChannel = em.create(Channel, { name: c.name, protocol: c.protocol, baseUrl, models: [...c.models], groups: ['default', 'auto'] });
        await addSealedKeys(em, new SecretBox(BENCH_SECRET_KEY), surfaceChannel, ['sk-upstream']);
      }
    }
    await em.flush();
  } finally {
    await orm.close(true);
  }
}
