import { z } from 'zod';
import { trimTrailingSlashes } from '../lib/linear-text';
import { bool, byteSize, positiveInt } from './env-values';

/**
 * Where and how the gateway runs: its listener and HTTP limits, the database and data directory,
 * the first admin, the key for secrets at rest, and the address people reach it at.
 */
export const serverEnv = {
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_MAX: positiveInt.default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Key for channel secrets at rest. Embedded mode generates one under DATA_DIR when unset. */
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Earlier SECRET_KEY values (comma-separated), still read so channel secrets survive a rotation. */
  SECRET_KEY_PREVIOUS: z.string().optional(),
  /** `production` turns off what only a developer needs: GraphiQL, introspection and an open /metrics (each can be turned back on). */
  NODE_ENV: z.string().optional(),
  /** Where users reach this gateway; checkout return URLs and the epay notify URL are built from it. */
  PUBLIC_URL: z.string().url().regex(/^https?:\/\//, 'must be an http(s) URL').transform(trimTrailingSlashes).optional(),
  BODY_LIMIT: byteSize.default(4 * 1024 * 1024),
  AUDIO_FILE_LIMIT: byteSize.default(25 * 1024 * 1024),
  CORS_ORIGINS: z.string().default('*'),
  /** Origins (comma-separated) allowed to call /graphql from a browser page; empty: same origin only. */
  GRAPHQL_CORS_ORIGINS: z.string().default(''),
  /** A client must send its request headers within this long. */
  HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
  /** A client must send its whole request (headers and body) within this long; the response may take longer. */
  REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  /** Open client connections at most; more are closed at once. */
  MAX_CONNECTIONS: positiveInt.default(10_000),
  DEMO_UPSTREAM: bool.optional(),
};
