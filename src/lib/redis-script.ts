import type { Redis } from 'ioredis';

/**
 * Runs a Lua script by its SHA, and by its text once when this Redis has not seen it yet (a
 * restarted Redis forgets its scripts; EVAL caches it again): one round trip in the usual case.
 */
export async function runScript(
  client: Redis, lua: string, sha1: string, keys: readonly string[], args: readonly (string | number)[],
): Promise<unknown> {
  try {
    return await client.evalsha(sha1, keys.length, ...keys, ...args);
  } catch (err) {
    if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
    return client.eval(lua, keys.length, ...keys, ...args);
  }
}
