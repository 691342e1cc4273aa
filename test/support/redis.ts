import { randomUUID } from 'node:crypto';
import { createServer, Socket, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';

/** The Redis the shared-limit tests use (CI runs one on this address). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let available: Promise<boolean> | undefined;

/** One PING over a plain socket, so a missing Redis costs no client reconnect loops. */
export function redisAvailable(): Promise<boolean> {
  available ??= new Promise<boolean>((resolve) => {
    const url = new URL(TEST_REDIS_URL);
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
    socket.connect(Number(url.port || 6379), url.hostname, () => socket.write('PING\r\n'));
  });
  return available;
}

/**
 * `it` for tests that need Redis: when none answers they pass with a clear message instead of
 * failing, so a machine without Redis can still run the rest of the suite.
 */
export function itWithRedis(name: string, fn: () => Promise<void>, timeoutMs?: number): void {
  it(name, async () => {
    if (!(await redisAvailable())) {
      console.warn(`SKIPPED "${name}": no Redis answers at ${TEST_REDIS_URL} (start one, or set TEST_REDIS_URL)`);
      return;
    }
    await fn();
  }, timeoutMs);
}

/** A key prefix no other run or test file shares; pair with deleteKeys. */
export function uniqueRedisPrefix(label: string): string {
  return `gwtest:${label}:${randomUUID()}:`;
}

/** Removes every key under `prefix` (SCAN, never KEYS). */
export async function deleteKeys(prefix: string): Promise<void> {
  if (!(await redisAvailable())) return;
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

/** A TCP port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
