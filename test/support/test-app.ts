import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig, type Config } from '../../src/config';
import type { Logger } from '../../src/lib/logger';
import { startServer, type RunningServer } from '../../src/server';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  /** e.g. http://127.0.0.1:54321 */
  url: string;
  /** OpenAI base URL, `${url}/v1` */
  v1Url: string;
  graphqlUrl: string;
  config: Config;
  server: RunningServer;
  database: TestDatabase;
  /** A fresh EntityManager for assertions and fixtures. */
  em(): EntityManager;
  close(): Promise<void>;
}

export const TEST_ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

/**
 * The real app (same start-up as `npm start`) on a random port, on a database of its own.
 * Pass `database` to start a second instance on the same database.
 */
export async function startTestApp(env: Record<string, string> = {}, options: { database?: TestDatabase; logger?: Logger } = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DEMO_UPSTREAM: 'false',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DATABASE_POOL_MAX: '10',
    // Suites sign up and sign in from 127.0.0.1 far more often than any person would; the
    // hardening tests set these low themselves.
    // The fake vendors listen on 127.0.0.1; the hardening tests turn this off to test the refusal.
    CHANNEL_ALLOW_PRIVATE: 'true',
    SIGNIN_ATTEMPTS_PER_IP: '1000000',
    SIGNIN_ATTEMPTS_PER_ACCOUNT: '1000000',
    SIGNUPS_PER_IP_PER_HOUR: '1000000',
    SIGNUPS_PER_HOUR: '1000000',
    // Suites send the same prompt over and over and count how routing spreads it; prompt-cache
    // affinity would rightly keep such requests on one key. Its own tests turn it on.
    AFFINITY_TTL_SECONDS: '0',
    ...env,
  });
  const server = await startServer(config, { logger: options.logger });
  const ownsDatabase = options.database === undefined;
  return {
    url: server.url,
    v1Url: `${server.url}/v1`,
    graphqlUrl: `${server.url}/graphql`,
    config,
    server,
    database,
    em: () => server.services.orm.em.fork(),
    async close() {
      await server.close();
      if (ownsDatabase) await database.drop();
    },
  };
}
