// A fresh database for load tests: migrated, seeded, one user with practically unlimited free
// quota, one key, and a gpt-4o-mini channel pointing at the given upstream.
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { Channel, Group, Token, User } from '../src/db/entities';
import { addSealedKeys } from '../src/domain/channels/channel-keys';
import { ormOptions } from '../src/db/orm-options';
import { seed } from '../src/domain/seed/seed';
import { sha256Hex } from '../src/lib/key-material';
import { SecretBox } from '../src/lib/secret-box';

export const BENCH_SECRET_KEY = 'bench-secret-key-0123456789abcdef0123456789';
export const BENCH_ANTHROPIC_MODEL = 'claude-3-5-haiku-20241022';
export const BENCH_GEMINI_MODEL = 'gemini-2.5-flash';
export const BENCH_API_KEY = 'sk-bench000000000000000000000000000000000000000000000';

/** Drops and recreates the database named in `databaseUrl` (its server must allow it). */
export async function prepareBenchDatabase(databaseUrl: string, upstreamBaseUrl: string): Promise<void> {
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
    // The same mock in the Anthropic and Gemini protocols, for their surfaces' same-protocol streams.
    for (const [protocol, model] of [['ANTHROPIC', BENCH_ANTHROPIC_MODEL], ['GEMINI', BENCH_GEMINI_MODEL]] as const) {
      const own = em.create(Channel, { name: `bench ${protocol.toLowerCase()} upstream`, protocol, baseUrl: upstreamBaseUrl.replace(/\/v1$/, ''), models: [model], groups: ['default', 'auto'] });
      await addSealedKeys(em, new SecretBox(BENCH_SECRET_KEY), own, ['sk-upstream']);
    }
    await em.flush();
  } finally {
    await orm.close(true);
  }
}
