import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { BreakerChange } from './circuit-breaker';

/** A breaker transition as instances share it: the change, and when it was made (ms since the epoch). */
export interface StampedChange {
  change: BreakerChange;
  at: number;
}

const change = z.discriminatedUnion('state', [
  z.object({ state: z.literal('OPEN'), openUntil: z.number(), lastError: z.string().nullable() }),
  z.object({ state: z.literal('CLOSED') }),
]);

/** A message on the pub/sub channel. `at` is missing from an earlier version's messages. */
export const changeMessage = z.object({ from: z.string(), channelId: z.number().int(), change, at: z.number().optional() });

/**
 * A hash entry: the latest change of one channel. An earlier version kept only open breakers,
 * as `{openUntil, lastError}` without `state` or `at` (and its readers skip the closed entries,
 * which do not parse as theirs).
 */
const hashEntry = z.union([
  z.object({ state: z.literal('CLOSED'), at: z.number() }),
  z.object({ state: z.literal('OPEN').optional(), openUntil: z.number(), lastError: z.string().nullable(), at: z.number().optional() }),
]);

export function toHashEntry({ change: c, at }: StampedChange): string {
  return JSON.stringify(c.state === 'OPEN' ? { state: 'OPEN', openUntil: c.openUntil, lastError: c.lastError, at } : { state: 'CLOSED', at });
}

/** The change a hash entry holds; an earlier version's entry counts as older than anything stamped. */
export function fromHashEntry(text: string): StampedChange | null {
  let parsed: z.infer<typeof hashEntry>;
  try {
    parsed = hashEntry.parse(JSON.parse(text));
  } catch {
    return null;
  }
  if (parsed.state === 'CLOSED') return { change: { state: 'CLOSED' }, at: parsed.at };
  return { change: { state: 'OPEN', openUntil: parsed.openUntil, lastError: parsed.lastError }, at: parsed.at ?? 0 };
}

/**
 * Writes a channel's change into the hash and publishes it, in one step, unless the hash already
 * holds a newer change of that channel (then returns that entry, and nothing is written or sent).
 * The hash so always ends with the newest change whatever order several instances' writes arrive in.
 *
 * KEYS[1] the hash; ARGV[1] field (channel id), ARGV[2] entry, ARGV[3] its `at`, ARGV[4] hash TTL
 * ms, ARGV[5] pub/sub channel, ARGV[6] message.
 */
export const WRITE_CHANGE_LUA = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current then
  local ok, entry = pcall(cjson.decode, current)
  if ok and type(entry) == 'table' and type(entry.at) == 'number' and entry.at > tonumber(ARGV[3]) then return current end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], ARGV[6])
return false
`;
export const WRITE_CHANGE_SHA1 = createHash('sha1').update(WRITE_CHANGE_LUA).digest('hex');
